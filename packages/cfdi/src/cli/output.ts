import { writeFileSync } from 'node:fs';
import { CliError } from './errors';

/** Writes a command's result to a file named by -o, with a Spanish error on failure. */
export function writeOutput(path: string, data: string | Uint8Array): void {
  try {
    writeFileSync(path, data);
  } catch (e) {
    throw new CliError(`No se puede escribir ${path} (${(e as NodeJS.ErrnoException).code ?? 'error de escritura'})`);
  }
}
