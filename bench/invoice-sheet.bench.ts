/**
 * Issue 29 §2 figure: invoices per minute from a spreadsheet. The real server (embedded database) with the sandbox
 * PAC answering SANDBOX_PAC_LATENCY_MS later (default 800 ms, as a real PAC), one account with its CSD, stamps and
 * one customer; a CSV of N invoices × 2 concepts goes to POST /api/facturas-lote?confirmar=1 and the batch is
 * followed until it ends. Prints the preview time, the stamping time, invoices per minute and the load average
 * (the machine is shared). The batch stamps PAC_CONCURRENCY invoices at once (default 8).
 * Run: SANDBOX_PAC_LATENCY_MS=800 npx tsx bench/invoice-sheet.bench.ts [n]
 */
import { INVOICE_SHEET_COLUMNS } from '@facturo/contract';
import { randomRfc } from '../apps/api/test/accounts';
import { machineLoad, stampingAccount, startServer } from './support';

const port = 3313;
const base = `http://127.0.0.1:${port}`;
const latency = process.env.SANDBOX_PAC_LATENCY_MS ?? '800';
const N = Number(process.argv[2] ?? 100);

/** The sheet: one row per concept, the "Factura" column groups them (1 × 1,000.00 + i × 10.00, IVA 16 %). */
function sheet(rfc: string): string {
  const rows = Array.from({ length: N }, (_, i) => [
    { grupo: `B${i + 1}`, rfc, usoCFDI: 'G03', formaPago: '03', metodoPago: 'PUE', serie: 'HOJA', claveProdServ: '81111500', cantidad: '1', claveUnidad: 'E48', unidad: 'Servicio', descripcion: 'Consultoría', valorUnitario: '1000.00', objetoImp: '02', iva: '0.160000' },
    { grupo: `B${i + 1}`, rfc, usoCFDI: 'G03', formaPago: '03', metodoPago: 'PUE', serie: 'HOJA', claveProdServ: '81111500', cantidad: String(i + 1), claveUnidad: 'E48', unidad: 'Servicio', descripcion: 'Horas', valorUnitario: '10.00', objetoImp: '02', iva: '0.160000' },
  ]).flat() as Record<string, string>[];
  return [INVOICE_SHEET_COLUMNS.map((c) => c.header), ...rows.map((r) => INVOICE_SHEET_COLUMNS.map((c) => r[c.key] ?? ''))].map((r) => r.join(',')).join('\n');
}

const server = await startServer(port, { SANDBOX_PAC_LATENCY_MS: latency, RATE_LIMIT_PER_MINUTE: '10000000', MAX_IN_FLIGHT: '100000', DATABASE_URL: '' });
try {
  const owner = await stampingAccount(base, 1);
  const json = { ...owner.headers, 'content-type': 'application/json' };
  const rfc = randomRfc('fisica');
  const made = await fetch(`${base}/api/clients`, {
    method: 'POST', headers: json, body: JSON.stringify({ rfc, r_social: 'CLIENTE DE LA HOJA', email: [], regimen: '612', uso_cfdi: 'G03', domicilio: { cp: '44100' } }),
  });
  if (made.status !== 201) throw new Error(`cliente: ${made.status} ${await made.text()}`);
  const upload = async (confirm: boolean) => {
    const form = new FormData();
    form.append('file', new Blob([sheet(rfc)], { type: 'text/csv' }), 'facturas.csv');
    const res = await fetch(`${base}/api/facturas-lote${confirm ? '?confirmar=1' : ''}`, { method: 'POST', headers: owner.headers, body: form });
    const body = (await res.json()) as { validas?: number; lote?: { id: string } | null; message?: string };
    if (res.status >= 300 || body.validas !== N) throw new Error(`hoja: ${res.status} ${JSON.stringify(body).slice(0, 400)}`);
    return body;
  };
  const p0 = performance.now();
  await upload(false);
  const previewMs = Math.round(performance.now() - p0);

  const t0 = performance.now();
  const { lote } = await upload(true);
  let batch: { terminado: boolean; timbradas: number; errores: number; facturas: { mensaje: string | null }[] };
  for (;;) {
    batch = (await (await fetch(`${base}/api/facturas-lote/${lote!.id}`, { headers: owner.headers })).json()) as typeof batch;
    if (batch.terminado) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (performance.now() - t0) / 1000;
  const firstError = batch.facturas.find((f) => f.mensaje)?.mensaje;
  console.log(`machine: ${await machineLoad()}`);
  console.log(`sandbox PAC latency ${latency} ms, PAC_CONCURRENCY ${process.env.PAC_CONCURRENCY ?? '8 (default)'}`);
  console.log(`preview of ${N} invoices (${2 * N} rows): ${previewMs} ms`);
  console.log(`stamped ${batch.timbradas} of ${N} (${batch.errores} errors${firstError ? `: ${firstError}` : ''}) in ${seconds.toFixed(1)} s → ${Math.round((batch.timbradas / seconds) * 60)} invoices/min (upload + confirm + stamping + polling)`);
  console.log(`machine after: ${await machineLoad()}`);
} finally {
  await server.stop();
}
