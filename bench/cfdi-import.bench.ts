/**
 * Issue 13 benchmark: importing one ZIP of 1,000 received CFDIs (real sealed and sandbox-stamped documents from
 * apps/api/test/received-cfdis.ts) on the embedded database, over real HTTP against `npm start`'s server:
 * POST /api/cfdi/import, then GET /api/cfdi/import/{id} every 50 ms until done. Goal: < 5 s. Prints the upload
 * time, the total from the POST to "done", and documents/s. Figures only.
 * Run: npx tsx bench/cfdi-import.bench.ts
 */
import { createAccount } from '../apps/api/test/accounts';
import { stampedReceived } from '../apps/api/test/received-cfdis';
import { writeZip } from '../apps/api/src/modules/cfdi-import/zip-writer';
import { startServer } from './support';

const port = 3227;
const base = `http://127.0.0.1:${port}`;
const N = 1000;
const unlimited = { LOGIN_MAX_ATTEMPTS: '1000000', RATE_LIMIT_PER_MINUTE: '10000000', AUTH_RATE_LIMIT_PER_MINUTE: '10000000' };

const server = await startServer(port, unlimited);
try {
  const account = await createAccount(base);
  const t0 = performance.now();
  const entries: { name: string; data: string }[] = [];
  for (let i = 0; i < N; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    const minute = String(i % 60).padStart(2, '0');
    const doc = await stampedReceived({
      receptorRfc: account.rfc, fecha: `2026-03-${day}T${String(8 + (i % 10)).padStart(2, '0')}:${minute}:00`, valor: String(100 + i),
      metodoPago: i % 5 === 0 ? 'PPD' : 'PUE', formaPago: i % 5 === 0 ? '99' : i % 7 === 0 ? '01' : '03',
    });
    entries.push({ name: `recibidos/${String(i + 1).padStart(4, '0')}.xml`, data: doc.xml });
  }
  const zip = writeZip(entries);
  console.log(`${N} CFDI generados y sellados en ${((performance.now() - t0) / 1000).toFixed(2)} s; ZIP de ${(zip.length / 1024 / 1024).toFixed(2)} MB`);

  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(zip)]), 'recibidos.zip');
  const start = performance.now();
  const res = await fetch(`${base}/api/cfdi/import`, { method: 'POST', headers: account.headers, body: form });
  const { id } = (await res.json()) as { id: string };
  const accepted = performance.now() - start;
  let state: { status: string; imported: number; duplicated: number; rejected: unknown[] } = { status: 'pending', imported: 0, duplicated: 0, rejected: [] };
  while (state.status !== 'done' && state.status !== 'failed') {
    await new Promise((r) => setTimeout(r, 50));
    state = (await (await fetch(`${base}/api/cfdi/import/${id}`, { headers: account.headers })).json()) as typeof state;
  }
  const total = (performance.now() - start) / 1000;
  console.log(`POST /api/cfdi/import → 202 en ${accepted.toFixed(0)} ms (HTTP ${res.status})`);
  console.log(`importación de ${N} XML en un ZIP: ${total.toFixed(2)} s en total (meta < 5 s), ${(state.imported / total).toFixed(0)} documentos/s`);
  console.log(`estado: ${state.status}; importados ${state.imported}, duplicados ${state.duplicated}, rechazados ${state.rejected.length}`);
} finally {
  await server.stop();
}
