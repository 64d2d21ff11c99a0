import { readFileSync, readSync, statSync } from 'node:fs';
import { CliError } from './errors';

/** Same limit as the XML parser: larger inputs are refused before reading them into memory. */
export const MAX_INPUT_BYTES = 10 * 1024 * 1024;

/**
 * Reads a file given on the command line ("-" is standard input), refusing missing files,
 * directories and anything over `maxBytes` with a Spanish message.
 */
export function readInputFile(path: string, what = 'archivo', maxBytes = MAX_INPUT_BYTES): Buffer {
  if (path === '-') return readStdin(maxBytes);
  let size: number;
  try {
    const stat = statSync(path);
    if (stat.isDirectory()) throw new CliError(`El ${what} ${path} es un directorio, no un archivo`);
    size = stat.size;
  } catch (e) {
    if (e instanceof CliError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new CliError(`No existe el ${what}: ${path}`);
    throw new CliError(`No se puede leer el ${what} ${path} (${code ?? 'error de lectura'})`);
  }
  if (size > maxBytes) throw new CliError(tooLarge(what, path, maxBytes));
  try {
    return readFileSync(path);
  } catch (e) {
    throw new CliError(`No se puede leer el ${what} ${path} (${(e as NodeJS.ErrnoException).code ?? 'error de lectura'})`);
  }
}

/** Standard input read synchronously: the CLI handles one document per run, so blocking is fine. */
function readStdin(maxBytes: number): Buffer {
  const chunks: Buffer[] = [];
  const chunk = Buffer.alloc(65536);
  let total = 0;
  for (;;) {
    let n: number;
    try {
      n = readSync(0, chunk, 0, chunk.length, null);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') continue;
      if (code === 'EOF') break;
      throw new CliError('No se pudo leer la entrada estándar');
    }
    if (n === 0) break;
    total += n;
    if (total > maxBytes) throw new CliError(tooLarge('documento', 'de la entrada estándar', maxBytes));
    chunks.push(Buffer.from(chunk.subarray(0, n)));
  }
  return Buffer.concat(chunks);
}

const tooLarge = (what: string, path: string, max: number) =>
  `El ${what} ${path} pesa más de ${Math.round(max / 1024 / 1024)} MB; por seguridad no se procesa`;
