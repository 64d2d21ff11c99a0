import { execFileSync } from 'node:child_process';
import path from 'node:path';

export interface ReceivedDoc {
  name: string;
  uuid: string;
}

/** What apps/api/test/received-cfdis.ts accepts besides the receptor (fecha, valor, metodoPago, formaPago...). */
export type ReceivedDocOptions = Record<string, unknown>;

/**
 * Sealed and sandbox-stamped CFDIs that the SAT test taxpayer (EKU9003173C9, the only CSD we have) issues to
 * `receptorRfc`, written as one ZIP with any extra entries: for that account, received CFDIs (expenses).
 * Reuses the API tests' generator in a child process (support/received-zip-cli.ts).
 */
export function receivedZip(file: string, receptorRfc: string, docs: { name: string; options: ReceivedDocOptions }[], extra: { name: string; data: string }[] = []): ReceivedDoc[] {
  const cli = path.join(import.meta.dirname, 'received-zip-cli.ts');
  const out = execFileSync(process.execPath, ['--import', 'tsx', cli, file, receptorRfc, JSON.stringify(docs), JSON.stringify(extra)], {
    cwd: path.join(import.meta.dirname, '..', '..'), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out) as ReceivedDoc[];
}
