import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';
import { stampedReceived } from '../../../test/received-cfdis';
import { uploadCsd } from '../invoicing/invoicing-test-kit';
import { writeZip } from '../cfdi-import/zip-writer';
import { cfdiPayments, cfdis } from '../cfdis/cfdis.schema';

// Each payment seals, stamps and renders a PDF: slower than the default 30 s on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

let server: TestServer;
let owner: TestAccount;
let intruder: TestAccount;
let customerRfc: string;

async function importXmls(account: TestAccount, xmls: string[]) {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(writeZip(xmls.map((data, i) => ({ name: `${i}.xml`, data }))))]), 'facturas.zip');
  const res = await fetch(`${server.baseUrl}/api/cfdi/import`, { method: 'POST', headers: account.headers, body: form });
  const { id } = (await res.json()) as { id: string };
  for (let i = 0; i < 200; i++) {
    const s = await callApi(server.baseUrl, account.headers, 'GET', `/api/cfdi/import/${id}`);
    if (s.body.status === 'done') return s.body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('import did not finish');
}

/**
 * A PPD invoice issued by the owner (SAT test CSD) to its customer, imported into the owner's account. Dated
 * 2026-03-16 unless `over.fecha` says: the payments below are dated 2026-03-20, and a payment may not precede the
 * invoice it pays (issue 24).
 */
async function ppdInvoice(valor: string, over: Record<string, unknown> = {}): Promise<string> {
  const doc = await stampedReceived({ receptorRfc: customerRfc, fecha: '2026-03-16T10:00:00', valor, metodoPago: 'PPD', formaPago: '99', ...over });
  const state = await importXmls(owner, [doc.xml]);
  expect(state.imported).toBe(1);
  return doc.uuid;
}

const form = (fields: Record<string, string>) =>
  fetch(`${server.baseUrl}/api/recepcionpagos/applyPay`, {
    method: 'POST',
    headers: { ...owner.headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ fechaPago: '2026-03-20T12:00:00', formaDePagoP: '03', monedaP: 'MXN', ...fields }).toString(),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

const stamps = async () => (await callApi(server.baseUrl, owner.headers, 'GET', '/api/timbres')).body.balance as number;

beforeAll(async () => {
  server = await startTestServer();
  owner = await createAccount(server.baseUrl, { rfc: 'EKU9003173C9', persona: 'moral' });
  await uploadCsd(server.baseUrl, owner);
  intruder = await createAccount(server.baseUrl);
  customerRfc = intruder.rfc;
}, 240_000);
afterAll(async () => server?.close());

describe('POST /api/recepcionpagos/applyPay (form-encoded)', () => {
  it('three partial payments stamp three CFDI tipo P; balances, NumParcialidad and the mother list follow', async () => {
    const uuid = await ppdInvoice('1000');
    const mothers = await callApi(server.baseUrl, owner.headers, 'GET', '/api/getFacturasMadre/1?page=1&perPage=10');
    expect(mothers.body.data.map((r: { uuid: string }) => r.uuid)).toContain(uuid);

    for (const [monto, saldo] of [['400.00', '760.000000'], ['400.00', '360.000000'], ['360.00', '0.000000']] as const) {
      const res = await form({ invoiceId: uuid, monto });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ uuid: expect.stringMatching(/^[0-9A-F-]{36}$/i), xmlUrl: expect.stringContaining('/xml'), pdfUrl: expect.stringContaining('/pdf') });
      const [row] = await server.runtime.ctx.db.select({ saldo: cfdis.saldo }).from(cfdis).where(eq(cfdis.uuid, uuid));
      expect(row!.saldo).toBe(saldo);
    }
    const pays = await server.runtime.ctx.db.select().from(cfdiPayments).where(eq(cfdiPayments.docUuid, uuid));
    expect(pays.map((p) => [p.numParcialidad, p.impSaldoAnt, p.impPagado, p.impSaldoInsoluto, p.baseMxn]).sort()).toEqual([
      [1, '1160.000000', '400.000000', '760.000000', '344.827586'],
      [2, '760.000000', '400.000000', '360.000000', '344.827586'],
      [3, '360.000000', '360.000000', '0.000000', '310.344828'],
    ]);
    const listed = await callApi(server.baseUrl, owner.headers, 'GET', `/api/getPagosFactura/${uuid}`);
    expect(listed.body.data).toHaveLength(3);
    const paid = await callApi(server.baseUrl, owner.headers, 'GET', '/api/getFacturasMadre/2?page=1&perPage=10');
    expect(paid.body.data.map((r: { uuid: string }) => r.uuid)).toContain(uuid);
  });

  it('refuses overpayment, PUE, cancelled, a currency mismatch and another account’s invoice — nothing stamped', async () => {
    const uuid = await ppdInvoice('100');
    const before = await stamps();
    const over = await form({ invoiceId: uuid, monto: '116.01' });
    expect(over.status).toBe(422);
    expect(over.body.errors.monto[0]).toMatch(/excede el saldo pendiente/);

    const pue = await ppdInvoice('100', { metodoPago: 'PUE', formaPago: '03' });
    expect((await form({ invoiceId: pue, monto: '10' })).body.message).toMatch(/\(PUE\)/);

    const usd = await ppdInvoice('100', { moneda: 'USD', tipoCambio: '17.50' });
    const mismatch = await form({ invoiceId: usd, monto: '100' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.equivalenciaDR[0]).toMatch(/\(USD\) no es la del pago \(MXN\)/);

    const cancelled = await ppdInvoice('100');
    await server.runtime.ctx.db.update(cfdis).set({ estado: 'cancelada' }).where(eq(cfdis.uuid, cancelled));
    expect((await form({ invoiceId: cancelled, monto: '10' })).body.message).toMatch(/está cancelada/);

    const foreign = await fetch(`${server.baseUrl}/api/recepcionpagos/applyPay`, {
      method: 'POST', headers: { ...intruder.headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ invoiceId: uuid, fechaPago: '2026-03-20T12:00:00', formaDePagoP: '03', monedaP: 'MXN', monto: '10' }).toString(),
    });
    expect([403, 404]).toContain(foreign.status);
    expect((await callApi(server.baseUrl, intruder.headers, 'GET', `/api/getPagosFactura/${uuid}`)).status).toBe(404);
    expect(await stamps()).toBe(before);
  });

  it('refuses a payment dated before the invoice it pays (422 on fechaPago, pointing to the anticipo procedure); same day is fine', async () => {
    const uuid = await ppdInvoice('1000', { fecha: '2026-03-25T16:30:00' });
    const before = await stamps();
    const early = await form({ invoiceId: uuid, monto: '100.00', fechaPago: '2026-03-20T12:00:00' });
    expect(early.status).toBe(422);
    expect(Object.keys(early.body.errors)).toEqual(['fechaPago']);
    expect(early.body.errors.fechaPago[0]).toMatch(/^La fecha de pago \(20\/03\/2026\) es anterior a la fecha de la factura .*\(25\/03\/2026\): un pago recibido antes de emitir la factura es un anticipo/);
    expect(early.body.errors.fechaPago[0]).toContain('Anexo 20, Apéndice 6');
    const multiple = await callApi(server.baseUrl, owner.headers, 'POST', '/api/recepcionpagos/applyMultiplePayments', {
      fechaPago: '2026-03-24T23:59:59', formaDePagoP: '03', monedaP: 'MXN', monto: '100.00', documentos: [{ invoiceId: uuid, impPagado: '100.00' }],
    });
    expect(multiple.status).toBe(422);
    expect(multiple.body.errors.fechaPago[0]).toContain('(24/03/2026)');
    expect(await stamps()).toBe(before);
    const sameDay = await form({ invoiceId: uuid, monto: '100.00', fechaPago: '2026-03-25T09:00:00' });
    expect(sameDay.status, JSON.stringify(sameDay.body)).toBe(201);
  });

  it('two payments at once on one invoice never overpay: one is stamped, the other refused', async () => {
    const uuid = await ppdInvoice('1000');
    const results = await Promise.all([form({ invoiceId: uuid, monto: '700.00' }), form({ invoiceId: uuid, monto: '700.00' })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    const [row] = await server.runtime.ctx.db.select({ saldo: cfdis.saldo }).from(cfdis).where(eq(cfdis.uuid, uuid));
    expect(row!.saldo).toBe('460.000000');
  });
});

describe('POST /api/recepcionpagos/applyMultiplePayments (JSON)', () => {
  it('one payment over three invoices of one customer', async () => {
    const a = await ppdInvoice('1000');
    const b = await ppdInvoice('500');
    const c = await ppdInvoice('2000');
    const res = await callApi(server.baseUrl, owner.headers, 'POST', '/api/recepcionpagos/applyMultiplePayments', {
      fechaPago: '2026-03-20T12:00:00', formaDePagoP: '03', monedaP: 'MXN', monto: '2900.00',
      documentos: [{ invoiceId: a, impPagado: '1160.00' }, { invoiceId: b, impPagado: '580.00' }, { invoiceId: c, impPagado: '1160.00' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const pays = await server.runtime.ctx.db.select().from(cfdiPayments).where(and(eq(cfdiPayments.pagoUuid, res.body.uuid)));
    expect(pays.map((p) => p.impSaldoInsoluto).sort()).toEqual(['0.000000', '0.000000', '1160.000000']);
    const total = pays.reduce((s, p) => s + Number(p.baseMxn), 0);
    expect(total.toFixed(2)).toBe('2500.00');
  });
});

describe('GET /api/recepcionpagos', () => {
  it('answers the payment catalogues', async () => {
    const res = await callApi(server.baseUrl, owner.headers, 'GET', '/api/recepcionpagos');
    expect(res.body.formasPago).toContainEqual({ clave: '03', descripcion: expect.stringMatching(/transferencia/i) });
    expect(res.body.monedas.map((m: { clave: string }) => m.clave)).toContain('USD');
  });
});

describe('payments in the dashboard', () => {
  it('the month card and the yearly overview count the same collected base (single and multiple payments)', async () => {
    const flags = await callApi(server.baseUrl, owner.headers, 'POST', '/api/dev/account-flags', { rol: 11 });
    const headers = { ...owner.headers, authorization: `Bearer ${flags.body.access_token as string}` };
    const month = await callApi(server.baseUrl, headers, 'GET', `/api/getInMesDashboard/${owner.rfc}/3/2026`);
    const year = await callApi(server.baseUrl, headers, 'GET', `/api/getIngresosDashboard/${owner.rfc}/3/2026`);
    const paid = await callApi(server.baseUrl, headers, 'GET', `/api/getIngresosPDashboardV2/${owner.rfc}/3/2026`);
    expect(month.status).toBe(200);
    // Every payment above is dated 2026-03-20: the multiple one alone brought 2,500.00 of base.
    expect(Number(month.body.ingresosmes)).toBeGreaterThanOrEqual(2500);
    expect(year.body.body[2].ingresos).toBe(month.body.ingresosmes);
    // ivames is the declaration's IVA a cargo (issue 24 §8, whole pesos; fiscal-exactness.test.ts): the yearly
    // chart's IVA is still the month's flow of IVA, so only the collected base is compared here.
    const byDay = paid.body.data.reduce((s: number, d: { ingresos: string }) => s + Number(d.ingresos), 0);
    expect(byDay.toFixed(2)).toBe(month.body.ingresosmes);
  });
});
