import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';
import { importXmls } from '../../../test/import-xmls';
import { stampedReceived, SUPPLIER_RFC } from '../../../test/received-cfdis';
import { refreshAfterStateChange } from '../cfdis/cfdi-store';

let server: TestServer;
/** The SAT test taxpayer: the notes it issues are its emitted credit notes. */
let issuer: TestAccount;
/** Its customer: the same notes are its received credit notes. */
let customer: TestAccount;
let intruder: TestAccount;
const uuids: Record<string, string> = {};

const get = (a: TestAccount, path: string) => callApi(server.baseUrl, a.headers, 'GET', path);

beforeAll(async () => {
  server = await startTestServer();
  [issuer, customer, intruder] = await Promise.all([
    createAccount(server.baseUrl, { rfc: SUPPLIER_RFC, persona: 'moral' }),
    createAccount(server.baseUrl),
    createAccount(server.baseUrl),
  ]);
  const to = customer.rfc;
  // Totals carry IVA 16 %: 10,000 → 11,600; 1,000 → 1,160; 500 → 580; 300 → 348; 200 → 232.
  const invoice = await stampedReceived({ receptorRfc: to, fecha: '2026-03-05T10:00:00', valor: '10000', metodoPago: 'PPD', formaPago: '99' });
  const note = (fecha: string, valor: string, extra: Record<string, unknown> = {}) => stampedReceived({
    receptorRfc: to, tipo: 'E', fecha, valor, usoCFDI: 'G02', relacionados: [{ tipoRelacion: '01', uuids: [invoice.uuid] }], ...extra,
  });
  const docs = {
    invoice,
    pue: await note('2026-03-10T10:00:00', '1000'),
    ppd: await note('2026-03-12T10:00:00', '500', { metodoPago: 'PPD', formaPago: '99' }),
    cancelled: await note('2026-03-15T10:00:00', '300'),
    february: await note('2026-02-20T10:00:00', '200'),
  };
  for (const [k, d] of Object.entries(docs)) uuids[k] = d.uuid;
  const xmls = Object.values(docs).map((d) => d.xml);
  expect(await importXmls(server.baseUrl, issuer, xmls)).toMatchObject({ imported: 5, rejected: [] });
  expect(await importXmls(server.baseUrl, customer, xmls)).toMatchObject({ imported: 5, rejected: [] });
  // SAT's status of the third note turns cancelled, as the cancellation flow records it (tested with incomes):
  // the estado, then the balances it touched.
  const db = server.runtime.ctx.db;
  const rows = await db.execute(sql`UPDATE cfdis SET estado = 'cancelada' WHERE uuid = ${uuids.cancelled} RETURNING user_id`);
  for (const r of rows.rows as { user_id: number }[]) await refreshAfterStateChange(db, r.user_id, uuids.cancelled!);
}, 120_000);
afterAll(() => server?.close());

describe('credit notes (spec §3, §4, §7.7)', () => {
  it('ncreditoMes gives the six cards of issued notes and the R-suffixed ones of received notes, in MXN', async () => {
    const res = await get(issuer, '/api/ncreditoMes/3/2026');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ingresos: { count: 2, total: '1740.00' },
      pagados: { count: 1, total: '1160.00' },
      pagadosotros: { count: 0, total: '0.00' },
      pagadosdeotros: { count: 0, total: '0.00' },
      nopagados: { count: 1, total: '580.00' },
      cancelados: { count: 1, total: '348.00' },
      ingresosR: { count: 0, total: '0.00' },
    });
    const received = (await get(customer, '/api/ncreditoMes/3/2026')).body;
    expect(received).toMatchObject({ ingresos: { count: 0 }, ingresosR: { count: 2, total: '1740.00' }, canceladosR: { count: 1, total: '348.00' } });
    // February's note is February's.
    expect((await get(issuer, '/api/ncreditoMes/2/2026')).body.ingresos).toEqual({ count: 1, total: '232.00' });
  });

  it('getNotasCredito lists a card\u2019s set, searched and paged, issued (1) or received (2)', async () => {
    const all = await get(issuer, '/api/getNotasCredito/3/2026/1?page=1&perPage=10');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect(all.body.data.map((r: { uuid: string }) => r.uuid).sort()).toEqual([uuids.pue, uuids.ppd, uuids.cancelled].sort());
    expect(all.body.data.every((r: { tipoDeComprobante: string }) => r.tipoDeComprobante === 'E')).toBe(true);
    expect((await get(issuer, '/api/getNotasCredito/3/2026/1?status=5')).body.data.map((r: { uuid: string }) => r.uuid)).toEqual([uuids.ppd]);
    expect((await get(issuer, '/api/getNotasCredito/3/2026/1?status=6')).body.data.map((r: { uuid: string }) => r.uuid)).toEqual([uuids.cancelled]);
    expect((await get(issuer, `/api/getNotasCredito/3/2026/1?searchQuery=${uuids.pue!.slice(0, 8)}`)).body.total).toBe(1);
    expect((await get(issuer, '/api/getNotasCredito/3/2026/1?perPage=10&page=2')).body).toMatchObject({ data: [], total: 3, current_page: 2 });
    expect((await get(issuer, '/api/getNotasCredito/3/2026/2')).body.total).toBe(0);
    expect((await get(customer, '/api/getNotasCredito/3/2026/2')).body.total).toBe(3);
  });

  it('the vigente notes related (01) to a PPD invoice lower its open balance; a cancelled one does not', async () => {
    // 11,600.00 − 1,160.00 − 580.00 − 232.00 (February's note also relates to it) = 9,628.00; the cancelled 348.00 is not subtracted.
    const row = (await get(issuer, '/api/incomes/3/2026?perPage=50')).body.data.find((r: { uuid: string }) => r.uuid === uuids.invoice);
    expect(row).toMatchObject({ saldo: '9628.00', tipoDeComprobante: 'I' });
    const notes = await get(customer, '/api/getNotasCredito/3/2026/2?status=1');
    expect(notes.body.data.map((r: { uuid: string }) => r.uuid)).not.toContain(uuids.invoice);
  });

  it('another account sees none of them, whatever it asks; bad parameters are named', async () => {
    expect((await get(intruder, '/api/ncreditoMes/3/2026')).body.ingresos).toEqual({ count: 0, total: '0.00' });
    expect((await get(intruder, '/api/getNotasCredito/3/2026/1')).body.total).toBe(0);
    expect((await get(intruder, `/api/getNotasCredito/3/2026/1?searchQuery=${uuids.pue}`)).body.total).toBe(0);
    const bad = await get(issuer, '/api/getNotasCredito/3/2026/3');
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('El tipo debe ser 1 (emitidas) o 2 (recibidas)');
    const card = await get(issuer, '/api/getNotasCredito/3/2026/1?status=9');
    expect(card.status).toBe(422);
    expect(JSON.stringify(card.body)).toContain('La tarjeta debe ser del 1 al 6');
  });
});
