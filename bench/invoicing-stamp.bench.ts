/**
 * Stamping through the API on one process (`npm start`, PGlite, sandbox PAC): POST /api/invoice40 of a
 * 3-concept invoice (IVA 16 %, a discount) — validation, seal, stamp, store and the post-commit PDF —
 * as invoices/s and p95, one serie (every request contends for the same folio row) and 4 in flight.
 */
import { readFileSync } from 'node:fs';
import { createAccount, randomRfc } from '../apps/api/test/accounts';
import { fixturePath } from '../packages/cfdi/test/fixtures';
import { load, startServer } from './support';

const port = 3215;
const base = `http://127.0.0.1:${port}`;
const csd = (f: string) => readFileSync(fixturePath('certs/csd', f));

const server = await startServer(port, { RATE_LIMIT_PER_MINUTE: '10000000' });
try {
  const account = await createAccount(base, { rfc: 'EKU9003173C9', persona: 'moral' });
  const form = new FormData();
  form.append('cer', new Blob([new Uint8Array(csd('EKU9003173C9.cer'))]), 'c.cer');
  form.append('key', new Blob([new Uint8Array(csd('EKU9003173C9.key'))]), 'k.key');
  form.append('password', '12345678a');
  await fetch(`${base}/api/profile/csd`, { method: 'POST', headers: account.headers, body: form });
  for (let i = 0; i < 400; i++) {
    const s = (await (await fetch(`${base}/api/profile/csd`, { headers: account.headers })).json()) as { credential: { status: string } | null };
    if (s.credential?.status === 'valid') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const json = { ...account.headers, 'content-type': 'application/json' };
  for (let i = 0; i < 10; i++) await fetch(`${base}/api/timbres`, { method: 'POST', headers: json, body: JSON.stringify({ paquete: '500', paymentMethod: 'pm_card_visa' }) });
  const client = (await (await fetch(`${base}/api/clients`, {
    method: 'POST', headers: json,
    body: JSON.stringify({ rfc: randomRfc('fisica'), r_social: 'MARÍA LÓPEZ', email: [], regimen: '612', uso_cfdi: 'G03', domicilio: { cp: '44100' } }),
  })).json()) as { id: number };
  const iva = [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000' }];
  const body = JSON.stringify({
    clientId: client.id, usoCFDI: 'G03', formaPago: '03', metodoPago: 'PUE', serie: 'BENCH',
    conceptos: [
      { claveProdServ: '84111506', cantidad: '2', claveUnidad: 'E48', descripcion: 'Consultoría', valorUnitario: '1500.00', descuento: '100.00', objetoImp: '02', traslados: iva },
      { claveProdServ: '43211500', cantidad: '1', claveUnidad: 'H87', descripcion: 'Teclado', valorUnitario: '850.50', objetoImp: '02', traslados: iva },
      { claveProdServ: '84111506', cantidad: '3', claveUnidad: 'E48', descripcion: 'Asesoría', valorUnitario: '99.99', objetoImp: '02', traslados: iva },
    ],
  });
  const stamp = async () => {
    const res = await fetch(`${base}/api/invoice40`, { method: 'POST', headers: json, body });
    if (res.status !== 201) throw new Error(`${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  await stamp(); // warm-up: catalogs, CSD cache, pdfmake fonts
  const r = await load(stamp, { seconds: 10, concurrency: 4 });
  console.log(`POST /api/invoice40 (sandbox PAC, un proceso, 4 en paralelo, una serie): ${r.rps} facturas/s, p50 ${r.p50} ms, p95 ${r.p95} ms, errores ${r.errors}`);
} finally {
  await server.stop();
}
