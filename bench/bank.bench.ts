/**
 * Issue 27 benchmarks (figures only):
 * 1. Matching: 10,000 bank movements × 100,000 open CFDI through the pure engine (index build + match). Goal < 5 s.
 *    Plus the matching precision on a generated month of 300 invoices (the issue's check: ≥ 95 %).
 * 2. Import: a CAMT.053 of 10,000 movements over real HTTP against `npm start`'s server (embedded database):
 *    POST /api/bancos/cuentas/{id}/estados, then GET /api/bancos/estados/{id} every 50 ms until done. Goal < 10 s.
 * Run: npx tsx bench/bank.bench.ts
 */
import { createAccount } from '../apps/api/test/accounts';
import { matchMovements } from '../apps/api/src/modules/bank/domain/matching';
import { generateMonth } from '../apps/api/src/modules/bank/domain/matching-fixture';
import { machineLoad, startServer } from './support';

console.log(await machineLoad());

// 1. Matching.
const big = generateMonth({ invoices: 100_000, customers: 20_000, seed: 7 });
const movements = big.movements.slice(0, 10_000);
const cfdis = big.cfdis.slice(0, 100_000);
const t0 = performance.now();
const results = matchMovements(movements, cfdis, { moneda: 'MXN', rate: (m) => (m === 'USD' ? big.usdRate : null) });
const ms = performance.now() - t0;
const proposed = results.filter((r) => r.propuesta.length).length;
console.log(`emparejamiento: ${movements.length} movimientos × ${cfdis.length} CFDI en ${(ms / 1000).toFixed(2)} s (meta < 5 s); ${proposed} con propuesta`);

const month = generateMonth({ invoices: 300, seed: 2026 });
const mres = matchMovements(month.movements, month.cfdis, { moneda: 'MXN', rate: (m) => (m === 'USD' ? month.usdRate : null) });
const right = mres.filter((r) => r.propuesta.map((a) => a.uuid).sort().join() === [...month.expected.get(r.movementId)!].sort().join()).length;
console.log(`precisión en el mes generado (300 facturas PUE/PPD, MXN/USD, parcialidades, un depósito de 3 facturas): ${right}/${mres.length} = ${((100 * right) / mres.length).toFixed(1)} %`);

// 2. Import over HTTP.
const port = 3237;
const base = `http://127.0.0.1:${port}`;
const server = await startServer(port, { LOGIN_MAX_ATTEMPTS: '1000000', RATE_LIMIT_PER_MINUTE: '10000000', AUTH_RATE_LIMIT_PER_MINUTE: '10000000' });
try {
  const account = await createAccount(base);
  const clabe = '002180000123456789';
  const created = await fetch(`${base}/api/bancos/cuentas`, { method: 'POST', headers: { ...account.headers, 'content-type': 'application/json' }, body: JSON.stringify({ banco: '002', clabe, moneda: 'MXN' }) });
  const { id: cuenta } = (await created.json()) as { id: number };
  const N = 10_000;
  const entries: string[] = [];
  for (let i = 0; i < N; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    entries.push(`<Ntry><Amt Ccy="MXN">${(100 + i * 1.37).toFixed(2)}</Amt><CdtDbtInd>${i % 3 ? 'CRDT' : 'DBIT'}</CdtDbtInd><BookgDt><Dt>2026-03-${day}</Dt></BookgDt><AcctSvcrRef>R${i}</AcctSvcrRef><AddtlNtryInf>SPEI ${i} CLIENTE ${i % 500}</AddtlNtryInf></Ntry>`);
  }
  const xml = `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt><Id>B</Id><Acct><Id><Othr><Id>X</Id></Othr></Id><Ccy>MXN</Ccy></Acct>${entries.join('')}</Stmt></BkToCstmrStmt></Document>`;
  const form = new FormData();
  form.append('file', new Blob([xml]), 'estado.xml');
  const start = performance.now();
  const res = await fetch(`${base}/api/bancos/cuentas/${cuenta}/estados`, { method: 'POST', headers: account.headers, body: form });
  const { id } = (await res.json()) as { id: string };
  let state: { status: string; importados: number; duplicados: number; rechazados: unknown[] } = { status: 'running', importados: 0, duplicados: 0, rechazados: [] };
  while (state.status !== 'done' && state.status !== 'failed') {
    await new Promise((r) => setTimeout(r, 50));
    state = (await (await fetch(`${base}/api/bancos/estados/${id}`, { headers: account.headers })).json()) as typeof state;
  }
  const total = (performance.now() - start) / 1000;
  console.log(`importación CAMT.053 de ${N} movimientos (${(xml.length / 1024 / 1024).toFixed(1)} MB): ${total.toFixed(2)} s (meta < 10 s); estado ${state.status}, importados ${state.importados}, duplicados ${state.duplicados}, rechazados ${state.rechazados.length}`);
} finally {
  await server.stop();
}
