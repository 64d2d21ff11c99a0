// Run with `node --import tsx`: argv = DATA_DIR, hours, UUID... → moves each document's stamping time that many
// hours back in the sandbox PAC's memory, so SAT's acceptance rules apply to it (a CFDI cancelled within 24 h
// of its stamp needs no acceptance; LCFF art. 29-A and regla 2.7.1.35). The server reads that memory from
// disk on every request, so no restart is needed.
import path from 'node:path';
import { fileSandboxStore } from '../../apps/api/src/providers/pac/file-sandbox-store';

const [dataDir, hours, ...uuids] = process.argv.slice(2) as [string, string, ...string[]];
const store = fileSandboxStore(path.join(dataDir, 'sandbox-pac'));
for (const uuid of uuids) {
  const raw = await store.get(`cfdi:${uuid}`);
  if (!raw) throw new Error(`El PAC de pruebas no tiene el CFDI ${uuid}`);
  const doc = JSON.parse(raw) as { stampedAt: number };
  doc.stampedAt -= Number(hours) * 3_600_000;
  await store.put(`cfdi:${uuid}`, JSON.stringify(doc));
}
