import yauzl from 'yauzl';

/** Limits of one uploaded archive. Declared sizes come from the central directory; yauzl refuses an entry
 * whose stream inflates past its declared size, so the declared sizes are a real ceiling. */
export interface ZipLimits {
  maxEntries: number;
  /** Σ uncompressed bytes of the entries read. */
  maxTotalBytes: number;
  /** One entry's uncompressed bytes (an XML is parsed whole). */
  maxEntryBytes: number;
  /** uncompressed / compressed of one entry or of the whole archive: above it is a bomb. */
  maxRatio: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 5000,
  maxTotalBytes: 200 * 1024 * 1024,
  maxEntryBytes: 10 * 1024 * 1024,
  // CFDI XML compresses ~5–15×; 200× only happens with padding made to blow up.
  maxRatio: 200,
};

/** The whole archive is refused; the message is Spanish and names the archive. */
export class ZipRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipRefusedError';
  }
}

export interface ZipEntry {
  /** The path inside the archive ("2026/enero/a.xml"). */
  name: string;
  data: Buffer;
}

/** Entry names yauzl would accept are still checked here: no absolute path, drive letter or '..' part. */
export function unsafeEntryName(name: string): boolean {
  if (name.startsWith('/') || name.startsWith('\\') || /^[a-zA-Z]:/.test(name)) return true;
  return name.split(/[\\/]/).some((part) => part === '..');
}

/** yauzl's own refusals in Spanish (it checks names before our 'entry' handler sees them). */
function zipError(e: Error): ZipRefusedError {
  if (e instanceof ZipRefusedError) return e;
  const path = /^(invalid relative path|absolute path|invalid characters in fileName): (.*)$/.exec(e.message);
  if (path) return new ZipRefusedError(`El ZIP contiene una ruta no permitida («${path[2]}»): ZIP rechazado`);
  return new ZipRefusedError(`El archivo ZIP está dañado: ${e.message}`);
}

const MB = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;

function open(buffer: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // validateEntrySizes (default) makes a stream that inflates past its declared size fail.
    yauzl.fromBuffer(buffer, { lazyEntries: true, decodeStrings: true, strictFileNames: false }, (err, zip) => {
      if (err || !zip) reject(new ZipRefusedError(`El archivo ZIP está dañado o no es un ZIP: ${err?.message ?? 'sin contenido'}`));
      else resolve(zip);
    });
  });
}

function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(new ZipRefusedError(`No se pudo leer ${entry.fileName} del ZIP: ${err?.message ?? ''}`));
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', (e) => reject(new ZipRefusedError(`El contenido de ${entry.fileName} no coincide con su tamaño declarado (${e.message}): ZIP rechazado`)));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

/**
 * Reads every file entry of a ZIP held in memory (folders are walked, nested paths kept), refusing the
 * whole archive when it is damaged, has too many entries, declares more bytes than allowed, compresses
 * suspiciously well (a bomb), or names a path outside the archive. Only entries `accept` keeps are
 * inflated (the rest are reported by name with `skipped`).
 */
export async function readZip(
  buffer: Buffer,
  opts: { limits?: Partial<ZipLimits>; accept?: (name: string) => boolean } = {},
): Promise<{ entries: ZipEntry[]; skipped: string[] }> {
  const limits = { ...DEFAULT_ZIP_LIMITS, ...opts.limits };
  const zip = await open(buffer);
  try {
    if (zip.entryCount > limits.maxEntries) {
      throw new ZipRefusedError(`El ZIP tiene ${zip.entryCount} archivos; el máximo es ${limits.maxEntries}`);
    }
    const wanted: yauzl.Entry[] = [];
    const skipped: string[] = [];
    let declared = 0;
    let compressed = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (e: Error) => reject(zipError(e)));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName;
        if (unsafeEntryName(name)) return reject(new ZipRefusedError(`El ZIP contiene una ruta no permitida («${name}»): ZIP rechazado`));
        if (name.endsWith('/')) return zip.readEntry();
        if (!(opts.accept?.(name) ?? true)) {
          skipped.push(name);
          return zip.readEntry();
        }
        if (entry.uncompressedSize > limits.maxEntryBytes) {
          return reject(new ZipRefusedError(`${name} ocupa ${MB(entry.uncompressedSize)} sin comprimir; el máximo por archivo es ${MB(limits.maxEntryBytes)}`));
        }
        const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
        if (entry.uncompressedSize > 1024 * 1024 && ratio > limits.maxRatio) {
          return reject(new ZipRefusedError(`${name} se comprime ${Math.round(ratio)} a 1: parece una bomba ZIP y el archivo se rechaza`));
        }
        declared += entry.uncompressedSize;
        compressed += entry.compressedSize;
        if (declared > limits.maxTotalBytes) {
          return reject(new ZipRefusedError(`El contenido del ZIP supera ${MB(limits.maxTotalBytes)} sin comprimir`));
        }
        wanted.push(entry);
        zip.readEntry();
      });
      zip.readEntry();
    });
    if (declared > 1024 * 1024 && declared / Math.max(1, compressed) > limits.maxRatio) {
      throw new ZipRefusedError(`El ZIP se comprime ${Math.round(declared / compressed)} a 1: parece una bomba ZIP y se rechaza`);
    }
    const entries: ZipEntry[] = [];
    for (const entry of wanted) entries.push({ name: entry.fileName, data: await readEntry(zip, entry) });
    return { entries, skipped };
  } finally {
    zip.close();
  }
}
