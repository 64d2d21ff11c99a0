import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';

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

/** Imports a ZIP through the API and waits for its job (the import screen has its own spec). */
export async function importZip(request: APIRequestContext, token: string, file: string): Promise<void> {
  const res = await request.post('/api/cfdi/import', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { files: { name: path.basename(file), mimeType: 'application/zip', buffer: readFileSync(file) } },
  });
  expect(res.status(), await res.text()).toBe(202);
  const { id } = (await res.json()) as { id: string };
  await expect.poll(async () => ((await (await request.get(`/api/cfdi/import/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { status: string }).status, { timeout: 60_000 }).toBe('done');
}
