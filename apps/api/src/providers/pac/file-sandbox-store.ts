import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SandboxStore } from '@facturo/cfdi/stamp';
import { sandboxArchive } from '../sat/descarga/sandbox-archive';

/**
 * The sandbox PAC's memory (what it stamped, cancellation state) on disk under DATA_DIR, so a cancellation
 * still finds a document after a restart. Deliberately not a database table: the PAC is called inside the
 * stamping transaction, and with PGlite's single connection a second query from the PAC would wait for
 * that very transaction (decision 150).
 */
export function fileSandboxStore(dir: string): SandboxStore {
  mkdirSync(dir, { recursive: true });
  // The local SAT's view of what was stamped (issue 15): filed as the stamp is recorded.
  const archive = sandboxArchive(path.join(dir, 'archive'));
  const fileOf = (key: string) => path.join(dir, `${createHash('sha256').update(key).digest('hex')}.json`);
  return {
    get(key) {
      try {
        return readFileSync(fileOf(key), 'utf8');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    put(key, value) {
      const file = fileOf(key);
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, value);
      renameSync(tmp, file);
      if (key.startsWith('stamp:')) archive.file((JSON.parse(value) as { xml: string }).xml);
    },
  };
}
