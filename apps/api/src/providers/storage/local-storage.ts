// Note for E1 (owner of providers/storage): E2 created this file first because storeCfdi needed the port
// before it existed. The agreed port is `StoragePort { put(key, bytes, contentType), get(key) }`; change the
// implementation freely, keep the two methods (cfdis/cfdi-store.ts and incomes/ use them).
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where documents (stamped XML, PDFs, logos) live: a local folder now, an object store behind the same port later. */
export interface StoragePort {
  /** Writes the exact bytes under `key` (overwrites: keys are content identities such as a UUID). */
  put(key: string, bytes: Uint8Array | string, contentType: string): Promise<void>;
  /** The exact bytes stored under `key`, or undefined when there is none. */
  get(key: string): Promise<Buffer | undefined>;
}

/** Keys are relative paths of letters, digits, '-', '_', '.' and '/': never absolute, never '..'. */
function safeKey(key: string): string {
  if (!/^[A-Za-z0-9_\-./]+$/.test(key) || key.startsWith('/') || key.split('/').includes('..')) {
    throw new Error(`Clave de almacenamiento inválida: ${key}`);
  }
  return key;
}

/** StoragePort on the local disk under `root` (DATA_DIR/storage). Writes go to a temp file and are renamed, so a reader never sees half a file. */
export function localStorage(root: string): StoragePort {
  return {
    async put(key, bytes) {
      const file = path.join(root, safeKey(key));
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, file);
    },
    async get(key) {
      try {
        return await readFile(path.join(root, safeKey(key)));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
  };
}

/** In-memory StoragePort for tests and benches. */
export function memoryStorage(): StoragePort & { keys(): string[] } {
  const files = new Map<string, Buffer>();
  return {
    async put(key, bytes) {
      files.set(safeKey(key), Buffer.from(bytes));
    },
    async get(key) {
      return files.get(key);
    },
    keys: () => [...files.keys()],
  };
}
