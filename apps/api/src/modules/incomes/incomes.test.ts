import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';
import { expectIsolated } from '../../../test/isolation';
import { startTestServer, type TestServer } from '../../../test/server';
import { users } from '../../db/schema';
import { memoryStorage } from '../../providers/storage/local-storage';
import { storeCfdi } from '../cfdis/cfdi-store';
import { cfdis } from '../cfdis/cfdis.schema';
import { invoiceXml, paymentXml, uuidOf } from '../cfdis/cfdi-xml.test-support';

/**
 * Incomes over real HTTP. January 2026 of one premium account, seeded through storeCfdi:
 * I1 PUE 1,160 · I2 PPD 580 open · I3 PPD 1,160 paid in February by P1 · I4 (Dec 2025) PPD 232 paid in
 * January by P2 · I5 PUE 348 cancelled · I6 PUE USD 116 × 17.5 · I7 PUE 1,160 not counted · I8 PPD 1,160
 * partly paid (400) in January by P3 · R1 a received invoice (never an income).
 */
const U = (n: number) => uuidOf(n, 'AAAAAAAA');
const I = { 1: U(1), 2: U(2), 3: U(3), 4: U(4), 5: U(5), 6: U(6), 7: U(7), 8: U(8) } as const;
const P = { 1: U(11), 2: U(12), 3: U(13) } as const;
const R1 = U(21);
const CLIENTE = { receptor: 'MASO451221PM4', receptorNombre: 'MARÍA OLIVIA MARTÍNEZ SAGAZ' };

let server: TestServer;
let a: TestAccount;
let free: TestAccount;
let other: TestAccount;
const get = (acc: TestAccount, path: string) => callApi(server.baseUrl, acc.headers, 'GET', path);
const post = (acc: TestAccount, path: string, body: unknown) => callApi(server.baseUrl, acc.headers, 'POST', path, body);
const uuids = (body: { data: { uuid: string }[] }) => body.data.map((r) => r.uuid).sort();

beforeAll(async () => {
  server = await startTestServer();
  [a, free, other] = await Promise.all([
    createAccount(server.baseUrl, { persona: 'moral', rol: 11 }),
    createAccount(server.baseUrl, { persona: 'moral' }),
    createAccount(server.baseUrl, { persona: 'moral', rol: 11 }),
  ]);
  const { db } = server.runtime.ctx;
  const [{ id: userId }] = await db.select({ id: users.id }).from(users).where(eq(users.rfc, a.rfc));
  const storage = memoryStorage();
  const store = (xml: string) => storeCfdi(db, storage, { userId: userId!, accountRfc: a.rfc, xml, source: 'app' });
  const inv = (n: keyof typeof I, o: Parameters<typeof invoiceXml>[0] extends infer T ? Partial<T> : never) =>
    store(invoiceXml({ uuid: I[n], emisor: a.rfc, ...CLIENTE, folio: String(n), ...o }));
  await inv(1, { base: '1000', fecha: '2026-01-10T10:00:00' });
  await inv(2, { base: '500', metodoPago: 'PPD', fecha: '2026-01-12T10:00:00' });
  await inv(3, { base: '1000', metodoPago: 'PPD', fecha: '2026-01-20T10:00:00' });
  await inv(4, { base: '200', metodoPago: 'PPD', fecha: '2025-12-15T10:00:00' });
  await inv(5, { base: '300', fecha: '2026-01-05T10:00:00' });
  await inv(6, { base: '100', moneda: 'USD', tipoCambio: '17.5', fecha: '2026-01-07T10:00:00' });
  await inv(7, { base: '1000', fecha: '2026-01-08T10:00:00' });
  await inv(8, { base: '1000', metodoPago: 'PPD', fecha: '2026-01-22T10:00:00', receptor: 'XAXX010101000', receptorNombre: 'PUBLICO EN GENERAL' });
  const pay = (n: keyof typeof P, o: Omit<Parameters<typeof paymentXml>[0], 'uuid'>) => store(paymentXml({ uuid: P[n], emisor: a.rfc, ...o }));
  await pay(1, { docUuid: I[3], impSaldoAnt: '1160.00', impPagado: '1160.00', fecha: '2026-02-05T12:00:00' });
  await pay(2, { docUuid: I[4], impSaldoAnt: '232.00', impPagado: '232.00', fecha: '2026-01-25T12:00:00' });
  await pay(3, { docUuid: I[8], impSaldoAnt: '1160.00', impPagado: '400.00', fecha: '2026-01-28T12:00:00', receptor: 'XAXX010101000' });
  await store(invoiceXml({ uuid: R1, emisor: 'MASO451221PM4', receptor: a.rfc, base: '5000', fecha: '2026-01-15T10:00:00' }));
  await db.update(cfdis).set({ estado: 'cancelada' }).where(and(eq(cfdis.userId, userId!), eq(cfdis.uuid, I[5])));
  await db.update(cfdis).set({ notCount: true }).where(and(eq(cfdis.userId, userId!), eq(cfdis.uuid, I[7])));
}, 120_000);
afterAll(async () => server?.close());

const JANUARY = {
  ingresos: { count: 5, total: '6090.00' },
  pagados: { count: 2, total: '3190.00' },
  pagadosotros: { count: 1, total: '1160.00' },
  pagadosdeotros: { count: 1, total: '232.00' },
  nopagados: { count: 2, total: '1740.00' },
  cancelados: { count: 1, total: '348.00' },
  complementos: { count: 2, total: '632.00' },
  madres: { count: 3, total: '2900.00' },
  cuentaspor: { count: 2, total: '1340.00' },
};

describe('GET /api/incomes/stats', () => {
  it('the nine January figures in MXN, each by its documented definition', async () => {
    const res = await get(a, '/api/incomes/stats/1/2026');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(JANUARY);
    // Every counted ingreso is paid in the month, paid in another, or not paid.
    const s = res.body as typeof JANUARY;
    expect(s.pagados.count + s.pagadosotros.count + s.nopagados.count).toBe(s.ingresos.count);
  });

  it('February sees I3 paid from another period and P1 as its complement', async () => {
    const res = await get(a, '/api/incomes/stats/2/2026');
    expect(res.body).toMatchObject({ ingresos: { count: 0, total: '0.00' }, pagadosdeotros: { count: 1, total: '1160.00' }, complementos: { count: 1, total: '1160.00' } });
  });

  it('the year: twelve months of calculos, January equal to the month figures', async () => {
    const res = await get(a, '/api/incomes/stats/2026');
    expect(res.status).toBe(200);
    expect(res.body.calculos).toHaveLength(12);
    expect(res.body.calculos[0]).toEqual({ mes: 1, ...JANUARY });
  });

  it('a bad month or year is a 422 naming the field', async () => {
    const res = await get(a, '/api/incomes/stats/13/2026');
    expect(res.status).toBe(422);
    expect(res.body.errors.month[0]).toMatch(/mes/);
    expect((await get(a, '/api/incomes/stats/abc')).status).toBe(422);
  });
});

describe('GET /api/incomes/:month/:year', () => {
  it('without a filter: every ingreso issued in the month (cancelled and not-counted too), newest first, §3 fields', async () => {
    const res = await get(a, '/api/incomes/1/2026');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(7);
    expect(res.body.data.map((r: { uuid: string }) => r.uuid)).toEqual([I[8], I[3], I[2], I[1], I[7], I[6], I[5]]);
    const i6 = res.body.data.find((r: { uuid: string }) => r.uuid === I[6]);
    expect(i6).toMatchObject({ folio: '6', rfc: 'MASO451221PM4', client: 'MARÍA OLIVIA MARTÍNEZ SAGAZ', f_emi: '2026-01-07T10:00:00', f_pago: '2026-01-07', total: '116.00', moneda: 'USD', tc: '17.5', estado: 'vigente', tipoDeComprobante: 'I', status: 2, blacklisted: false });
    expect(res.body.data.find((r: { uuid: string }) => r.uuid === I[2])).toMatchObject({ status: 1, saldo: '580.00', f_pago: null, hasRelated: false });
    expect(res.body.data.find((r: { uuid: string }) => r.uuid === I[7])).toMatchObject({ notCount: true });
  });

  it.each([
    ['Pagada', 'pago', [I[1], I[6]]],
    ['Pagada en otro', 'pago', [I[3]]],
    ['Pagada de otro', 'pago', [I[4]]],
    ['No Pagada', 'pago', [I[2], I[8]]],
    ['Cancelada', 'pago', [I[5]]],
    ['Complemento', 'query', [P[2], P[3]]],
    ['Madre', 'query', [I[2], I[3], I[8]]],
  ])('status[filter]=%s lists exactly its card', async (filter, type, expected) => {
    const res = await get(a, `/api/incomes/1/2026?status[type]=${type}&status[filter]=${encodeURIComponent(filter)}`);
    expect(res.status).toBe(200);
    expect(uuids(res.body)).toEqual([...expected].sort());
    expect(res.body.total).toBe(expected.length);
  });

  it('a complement row carries what it paid (madre_uuid, parcialidad, saldos)', async () => {
    const res = await get(a, '/api/incomes/1/2026?status[filter]=Complemento');
    expect(res.body.data.find((r: { uuid: string }) => r.uuid === P[3])).toMatchObject({
      tipoDeComprobante: 'P', madre_uuid: I[8], num_parcialidad: 1, imp_saldo_ant: '1160.00', imp_pagado: '400.00', imp_saldo_insoluto: '760.00', metodo_pago_dr: 'PPD', tipo_cambio: '1', documentos: 1, total: '400.00',
    });
  });

  it('cuentaspor lists open balances, relatedocs splits them', async () => {
    expect(uuids((await get(a, '/api/incomes/1/2026?cuentaspor=1')).body)).toEqual([I[2], I[8]].sort());
    expect(uuids((await get(a, '/api/incomes/1/2026?cuentaspor=1&relatedocs=1')).body)).toEqual([I[8]]);
    expect(uuids((await get(a, '/api/incomes/1/2026?cuentaspor=1&relatedocs=0')).body)).toEqual([I[2]]);
  });

  it('searchQuery (accents folded), query[key]/query[value] and paging', async () => {
    expect(uuids((await get(a, '/api/incomes/1/2026?searchQuery=publico')).body)).toEqual([I[8]]);
    expect(uuids((await get(a, '/api/incomes/1/2026?searchQuery=martinez')).body)).toHaveLength(6);
    expect(uuids((await get(a, '/api/incomes/1/2026?query[key]=folio&query[value]=3')).body)).toEqual([I[3]]);
    expect(uuids((await get(a, '/api/incomes/1/2026?query[key]=moneda&query[value]=USD')).body)).toEqual([I[6]]);
    expect(uuids((await get(a, `/api/incomes/1/2026?query[key]=uuid&query[value]=${I[2].toLowerCase()}`)).body)).toEqual([I[2]]);
    const page2 = await get(a, '/api/incomes/1/2026?page=2&perPage=10');
    expect(page2.body).toMatchObject({ total: 7, current_page: 2, per_page: 10, data: [] });
    const bad = await get(a, '/api/incomes/1/2026?perPage=15');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.perPage[0]).toMatch(/10, 20 o 50/);
    expect((await get(a, '/api/incomes/1/2026?status[filter]=Pendiente')).status).toBe(422);
  });

  it('withBlacklist is accepted; counterparties not on the 69-B list say blacklisted: false', async () => {
    const res = await get(a, '/api/incomes/1/2026?withBlacklist=true');
    expect(res.status).toBe(200);
    expect(res.body.data.every((r: { blacklisted: boolean }) => r.blacklisted === false)).toBe(true);
  });

  it('csv=true downloads every row of the filter as CSV with Spanish headers and a BOM', async () => {
    const res = await fetch(`${server.baseUrl}/api/incomes/1/2026?csv=true&perPage=10`, { headers: a.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="ingresos-2026-01.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split('\r\n');
    expect(lines[0]).toBe('UUID,Serie,Folio,RFC,Nombre,Fecha de emisión,Fecha de pago,Tipo,Método de pago,Forma de pago,Moneda,Tipo de cambio,Subtotal,Descuento,IVA trasladado,ISR retenido,IVA retenido,Total,Total MXN,Saldo,Estado,No contabilizar');
    expect(lines).toHaveLength(8);
    expect(lines.find((l) => l.startsWith(I[6]))).toBe(`${I[6]},F,6,MASO451221PM4,MARÍA OLIVIA MARTÍNEZ SAGAZ,2026-01-07 10:00:00,2026-01-07,I,PUE,03,USD,17.5,100.00,0.00,16.00,0.00,0.00,116.00,2030.00,0.00,Vigente,No`);
    const filtered = await fetch(`${server.baseUrl}/api/incomes/1/2026?csv=true&status[filter]=No%20Pagada`, { headers: a.headers });
    expect((await filtered.text()).trimEnd().split('\r\n')).toHaveLength(3);
  });

  it('plan features: the free plan lists and sees stats but not CSV (31), cuentaspor (55) or the 69-B check (71)', async () => {
    expect((await get(free, '/api/incomes/1/2026')).status).toBe(200);
    expect((await get(free, '/api/incomes/stats/1/2026')).status).toBe(200);
    for (const mode of ['csv=true', 'cuentaspor=1', 'withBlacklist=1']) {
      const res = await get(free, `/api/incomes/1/2026?${mode}`);
      expect(res.status, mode).toBe(403);
      expect(res.body.message).toMatch(/premium/);
    }
    expect((await get(free, '/api/accounts/per-receive')).status).toBe(403);
  });
});

describe('related documents, accounts receivable, apps/invoice', () => {
  it('related/:uuid?mother=1 lists what hangs from an invoice; without mother, what a complement pays', async () => {
    const mother = await get(a, `/api/incomes/related/${I[8]}?mother=1`);
    expect(mother.status).toBe(200);
    expect(mother.body.data).toMatchObject([{ uuid: P[3], relacion: 'pago', tipoDeComprobante: 'P' }]);
    const child = await get(a, `/api/incomes/related/${P[3]}`);
    expect(child.body.data).toMatchObject([{ uuid: I[8], relacion: 'pago', saldo: '760.00' }]);
    expect((await get(a, `/api/incomes/related/${U(99)}`)).status).toBe(404);
    expect((await get(a, `/api/incomes/related/${R1}`)).status).toBe(404);
    expect((await get(a, '/api/incomes/related/no-es-uuid')).status).toBe(422);
  });

  it('GET /api/accounts/per-receive splits open balances with and without related documents', async () => {
    const res = await get(a, '/api/accounts/per-receive?relatedocs=1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ conRelacionados: { count: 1, total: '760.00' }, sinRelacionados: { count: 1, total: '580.00' } });
    expect(uuids(res.body.page)).toEqual([I[8]]);
  });

  it('apps/invoice: invoices (search, state), one invoice with its payments, the customers', async () => {
    const list = await get(a, '/api/apps/invoice/invoices?status=cancelada');
    expect(uuids(list.body)).toEqual([I[5]]);
    const all = await get(a, '/api/apps/invoice/invoices?perPage=50');
    expect(all.body.total).toBe(8);
    const i8 = all.body.data.find((r: { uuid: string }) => r.uuid === I[8]);
    const one = await get(a, `/api/apps/invoice/invoices/${i8.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ uuid: I[8], payments: [{ pagoUuid: P[3], impPagado: '400.00', numParcialidad: 1, fechaPago: '2026-01-28T12:00:00' }] });
    expect((await get(other, `/api/apps/invoice/invoices/${i8.id}`)).status).toBe(404);
    const clients = await get(a, '/api/apps/invoice/clients');
    expect(clients.status).toBe(200);
    expect(clients.body).toEqual({ clients: [] });
  });
});

describe('POST enable-payment / not-count', () => {
  it('Habilitar pago marks an open invoice paid on the date: the cards move', async () => {
    const bad = await post(a, '/api/incomes/enable-payment', { fpago: '31/01/2026', pIdPago: I[2], type: 1 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.fpago).toBeDefined();
    expect((await post(a, '/api/incomes/enable-payment', { fpago: '2026-01-31', pIdPago: I[5], type: 1 })).status).toBe(422);
    const ok = await post(a, '/api/incomes/enable-payment', { fpago: '2026-01-31', pIdPago: I[2], type: 1 });
    expect(ok.status).toBe(200);
    expect(ok.body.rspns).toBe(true);
    const s = (await get(a, '/api/incomes/stats/1/2026')).body;
    expect(s.pagados).toEqual({ count: 3, total: '3770.00' });
    expect(s.nopagados).toEqual({ count: 1, total: '1160.00' });
    expect(s.cuentaspor).toEqual({ count: 1, total: '760.00' });
  });

  it('not-count excludes an invoice from every card; notCount=false counts it again', async () => {
    expect((await post(a, '/api/incomes/not-count', { uuid: I[1] })).body.rspns).toBe(true);
    expect((await get(a, '/api/incomes/stats/1/2026')).body.ingresos).toEqual({ count: 4, total: '4930.00' });
    await post(a, '/api/incomes/not-count', { uuid: I[1], notCount: false });
    expect((await get(a, '/api/incomes/stats/1/2026')).body.ingresos).toEqual({ count: 5, total: '6090.00' });
  });
});

describe('tenant isolation', () => {
  it("another account never sees or changes these documents (404), and its own figures are empty", async () => {
    await expectIsolated(server.baseUrl, a, other, [
      { method: 'GET', path: `/api/incomes/related/${I[8]}?mother=1` },
      { method: 'POST', path: '/api/incomes/enable-payment', body: { fpago: '2026-01-31', pIdPago: I[8], type: 1 } },
      { method: 'POST', path: '/api/incomes/not-count', body: { uuid: I[8] } },
    ], async () => {
      expect((await get(a, '/api/incomes/stats/1/2026')).body.nopagados.count).toBe(1);
    });
    expect((await get(other, '/api/incomes/stats/1/2026')).body.ingresos).toEqual({ count: 0, total: '0.00' });
    expect((await get(other, '/api/incomes/1/2026')).body.total).toBe(0);
    expect((await get(other, `/api/incomes/1/2026?query[key]=uuid&query[value]=${I[1]}`)).body.total).toBe(0);
    expect((await get(other, '/api/accounts/per-receive')).body.page.total).toBe(0);
    expect((await get(other, '/api/apps/invoice/invoices')).body.total).toBe(0);
    const csv = await fetch(`${server.baseUrl}/api/incomes/1/2026?csv=true`, { headers: other.headers });
    expect((await csv.text()).trimEnd().split('\r\n')).toHaveLength(1);
  });
});
