import path from 'node:path';
import { fileSandboxStore } from '../src/providers/pac/file-sandbox-store';

/**
 * Moves a document's stamping time `hours` back in the sandbox PAC's memory under DATA_DIR, so SAT's
 * acceptance rules apply to it: a CFDI cancelled within 24 h of its stamp needs no acceptance (regla
 * 2.7.1.35). The server reads that memory from disk on every request: no restart needed. Used by the API
 * tests and, through e2e/support/age-stamp-cli.ts, by the end-to-end ones.
 */
export async function stampedHoursAgo(dataDir: string, uuid: string, hours: number): Promise<void> {
  const store = fileSandboxStore(path.join(dataDir, 'sandbox-pac'));
  const raw = await store.get(`cfdi:${uuid}`);
  if (!raw) throw new Error(`El PAC de pruebas no tiene el CFDI ${uuid}`);
  const doc = JSON.parse(raw) as { stampedAt: number };
  doc.stampedAt -= hours * 3_600_000;
  await store.put(`cfdi:${uuid}`, JSON.stringify(doc));
}

/**
 * Moves a pending cancellation request `hours` back in the sandbox PAC's memory: past 72 h without the receptor's
 * answer SAT cancels the CFDI by "plazo vencido" (the receptor's silence in the acceptance tests).
 */
export async function cancellationRequestedHoursAgo(dataDir: string, uuid: string, hours: number): Promise<void> {
  const store = fileSandboxStore(path.join(dataDir, 'sandbox-pac'));
  const raw = await store.get(`cfdi:${uuid}`);
  if (!raw) throw new Error(`El PAC de pruebas no tiene el CFDI ${uuid}`);
  const doc = JSON.parse(raw) as { solicitadaEn?: number };
  if (doc.solicitadaEn === undefined) throw new Error(`El CFDI ${uuid} no tiene una cancelación pendiente`);
  doc.solicitadaEn -= hours * 3_600_000;
  await store.put(`cfdi:${uuid}`, JSON.stringify(doc));
}
