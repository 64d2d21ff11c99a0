import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';
import { expectIsolated } from '../../../test/isolation';
import { stampedReceived } from '../../../test/received-cfdis';
import { writeZip } from '../cfdi-import/zip-writer';
import { buildPayment } from '../payment-reception/payment-builder';

// Issue 19 item 2 / issue 13 item 2: the incomes calls that apply to received CFDIs (xml, pdf, yearly stats,
// related documents, paid/unpaid, not-count) and the deductible cards, each isolated per tenant.

let server: TestServer;
let owner: TestAccount;
let intruder: TestAccount;
const docs: Record<'pue' | 'ppd' | 'pago', { xml: string; uuid: string }> = {} as never;

const iva16 = { impuesto: '002' as const, tipoFactor: 'Tasa' as const, tasaOCuota: '0.160000' };

beforeAll(async () => {
  server = await startTestServer();
  owner = await createAccount(server.baseUrl, { rol: 11 });
  intruder = await createAccount(server.baseUrl, { rol: 11 });
  docs.pue = await stampedReceived({ receptorRfc: owner.rfc, fecha: '2026-05-04T10:00:00', valor: '1000' });
  docs.ppd = await stampedReceived({ receptorRfc: owner.rfc, fecha: '2026-05-06T10:00:00', valor: '10000', metodoPago: 'PPD', formaPago: '99' });
  const pago = buildPayment({ fechaPago: '2026-05-20T12:00:00', formaDePagoP: '03', monedaP: 'MXN', monto: '5800.00' }, [{
    invoice: {
      uuid: docs.ppd.uuid, tipo: 'I', estado: 'vigente', metodoPago: 'PPD', moneda: 'MXN', total: '11600.00', saldo: '11600.00', pagosPrevios: 0,
      rfcReceptor: owner.rfc, traslados: [{ ...iva16, base: '10000.00' }], retenciones: [],
    },
  }]);
  docs.pago = await stampedReceived({ receptorRfc: owner.rfc, tipo: 'P', fecha: '2026-05-21T09:00:00', pagos: [pago] });
  const form = new FormData();
  const entries = Object.entries(docs).map(([name, d]) => ({ name: `${name}.xml`, data: d.xml }));
  form.append('files', new Blob([new Uint8Array(writeZip(entries))]), 'mayo.zip');
  const { id } = (await (await fetch(`${server.baseUrl}/api/cfdi/import`, { method: 'POST', headers: owner.headers, body: form })).json()) as { id: string };
  let state: { status: string; imported: number } = { status: 'pending', imported: 0 };
  for (let i = 0; i < 300 && state.status !== 'done' && state.status !== 'failed'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    state = (await callApi(server.baseUrl, owner.headers, 'GET', `/api/cfdi/import/${id}`)).body;
  }
  expect(state).toMatchObject({ status: 'done', imported: 3 });
}, 240_000);
afterAll(async () => server?.close());

const get = (path: string, who = owner) => callApi(server.baseUrl, who.headers, 'GET', path);
const post = (path: string, body: unknown, who = owner) => callApi(server.baseUrl, who.headers, 'POST', path, body);
const perPayUuids = async () => ((await get('/api/accounts/per-pay')).body.page.data as { uuid: string }[]).map((r) => r.uuid);

describe('outcomes documents', () => {
  it('answers the stored XML byte for byte and a PDF of it', async () => {
    const xml = await fetch(`${server.baseUrl}/api/outcomes/${docs.pue.uuid}/xml`, { headers: owner.headers });
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toMatch(/application\/xml/);
    expect(await xml.text()).toBe(docs.pue.xml);
    const pdf = await fetch(`${server.baseUrl}/api/outcomes/${docs.pue.uuid.toLowerCase()}/pdf`, { headers: owner.headers });
    expect(pdf.status).toBe(200);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // The second answer is the stored rendering, identical.
    const again = Buffer.from(await (await fetch(`${server.baseUrl}/api/outcomes/${docs.pue.uuid}/pdf`, { headers: owner.headers })).arrayBuffer());
    expect(again.equals(bytes)).toBe(true);
  });

  it('lists the related documents both ways: the complement of an invoice and the invoice of a complement', async () => {
    const mother = await get(`/api/outcomes/related/${docs.ppd.uuid}?mother=true`);
    expect(mother.status).toBe(200);
    expect(mother.body.data).toEqual([expect.objectContaining({ uuid: docs.pago.uuid, relacion: 'pago', imp_pagado: '5800.00' })]);
    const paid = await get(`/api/outcomes/related/${docs.pago.uuid}`);
    expect(paid.body.data.map((r: { uuid: string }) => r.uuid)).toEqual([docs.ppd.uuid]);
    expect((await get(`/api/outcomes/related/${docs.pue.uuid}?mother=true`)).body.data).toEqual([]);
  });

  it('yearly stats: May holds the two expenses and the complement, other months nothing', async () => {
    const res = await get('/api/outcomes/stats/2026');
    expect(res.status).toBe(200);
    expect(res.body.calculos).toHaveLength(12);
    const may = res.body.calculos[4];
    expect(may).toMatchObject({ mes: 5, ingresos: { count: 2, total: '12760.00' }, complementos: { count: 1 } });
    expect(res.body.calculos[3].ingresos).toEqual({ count: 0, total: '0.00' });
  });

  it('mark paid takes the PPD expense out of accounts payable; mark unpaid puts it back with its complement’s balance', async () => {
    expect(await perPayUuids()).toEqual([docs.ppd.uuid]);
    const paid = await post('/api/outcomes/enable-payment', { fpago: '2026-05-30', pIdPago: docs.ppd.uuid, type: 2 });
    expect(paid.body).toMatchObject({ rspns: true });
    expect(await perPayUuids()).toEqual([]);
    const row = (await get('/api/outcomes/5/2026?searchQuery=' + docs.ppd.uuid)).body.data[0];
    expect(row).toMatchObject({ f_pago: '2026-05-30', saldo: '0.00', status: 2, pagoManual: true });
    const unpaid = await post('/api/outcomes/enable-payment', { fpago: '', pIdPago: docs.ppd.uuid, type: 2 });
    expect(unpaid.body).toMatchObject({ rspns: true });
    expect(await perPayUuids()).toEqual([docs.ppd.uuid]);
    const open = (await get('/api/accounts/per-pay')).body.page.data[0];
    // 11,600 total − 5,800 paid by the complement.
    expect(open).toMatchObject({ saldo: '5800.00', f_pago: null, pagoManual: false });
  });

  it('a PUE expense marked unpaid opens its whole total, and marked paid again closes it', async () => {
    expect((await post('/api/outcomes/enable-payment', { fpago: '', pIdPago: docs.pue.uuid })).body.rspns).toBe(true);
    expect((await get('/api/accounts/per-pay')).body.page.data.find((r: { uuid: string }) => r.uuid === docs.pue.uuid)).toMatchObject({ saldo: '1160.00' });
    expect((await post('/api/outcomes/enable-payment', { fpago: '2026-05-04', pIdPago: docs.pue.uuid })).body.rspns).toBe(true);
    expect(await perPayUuids()).not.toContain(docs.pue.uuid);
  });

  it('refuses a bad date and a complement with Spanish field errors', async () => {
    const bad = await post('/api/outcomes/enable-payment', { fpago: '30/05/2026', pIdPago: docs.ppd.uuid });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toMatch(/AAAA-MM-DD/);
    const notInvoice = await post('/api/outcomes/enable-payment', { fpago: '', pIdPago: docs.pago.uuid });
    expect(notInvoice.status).toBe(422);
    expect(notInvoice.body.errors.pIdPago[0]).toMatch(/Solo una factura/);
  });

  it('not-count takes an expense out of the cards (and the deductible split) and back', async () => {
    const before = (await get('/api/outcomes/stats/5/2026')).body;
    expect(before.ingresos).toEqual({ count: 2, total: '12760.00' });
    expect(before.deducibles.count + before.nodeducibles.count).toBe(2);
    expect((await post('/api/outcomes/not-count', { uuid: docs.pue.uuid })).body.rspns).toBe(true);
    const after = (await get('/api/outcomes/stats/5/2026')).body;
    expect(after.ingresos).toEqual({ count: 1, total: '11600.00' });
    expect(after.deducibles.count + after.nodeducibles.count).toBe(1);
    expect((await post('/api/outcomes/not-count', { uuid: docs.pue.uuid, notCount: false })).body.rspns).toBe(true);
    expect((await get('/api/outcomes/stats/5/2026')).body.ingresos.count).toBe(2);
  });

  it('the deductible cards follow the per-document override', async () => {
    await post('/api/outcomes/deductible', { uuid: docs.pue.uuid, deducible: true });
    const a = (await get('/api/outcomes/stats/5/2026')).body;
    // The row carries the decision and its reason (the list's switch and tooltip).
    const row = (await get(`/api/outcomes/5/2026?searchQuery=${docs.pue.uuid}`)).body.data[0];
    expect(row).toMatchObject({ deducible: true, deducibleMotivo: 'Marcado como deducible por ti', deducibleManual: true });
    await post('/api/outcomes/deductible', { uuid: docs.pue.uuid, deducible: false });
    const b = (await get('/api/outcomes/stats/5/2026')).body;
    expect(b.deducibles.count).toBe(a.deducibles.count - 1);
    expect(b.nodeducibles.count).toBe(a.nodeducibles.count + 1);
    expect(b.nodeducibles.total).not.toBe(a.nodeducibles.total);
  });

  it('another account reaches none of it (404) and sees empty figures', async () => {
    await expectIsolated(server.baseUrl, owner, intruder, [
      { method: 'GET', path: `/api/outcomes/${docs.pue.uuid}/xml` },
      { method: 'GET', path: `/api/outcomes/${docs.pue.uuid}/pdf` },
      { method: 'GET', path: `/api/outcomes/related/${docs.ppd.uuid}?mother=true` },
      { method: 'POST', path: '/api/outcomes/enable-payment', body: { fpago: '2026-05-30', pIdPago: docs.ppd.uuid, type: 2 } },
      { method: 'POST', path: '/api/outcomes/enable-payment', body: { fpago: '', pIdPago: docs.ppd.uuid, type: 2 } },
      { method: 'POST', path: '/api/outcomes/not-count', body: { uuid: docs.pue.uuid } },
      { method: 'POST', path: '/api/outcomes/deductible', body: { uuid: docs.pue.uuid, deducible: true } },
      { method: 'POST', path: '/api/outcomes/cancel', body: { uuid: docs.pue.uuid } },
      { method: 'POST', path: '/api/outcomes/complement-request', body: { uuid: docs.ppd.uuid, email: 'x@example.com' } },
    ], async () => {
      const row = (await get(`/api/outcomes/5/2026?searchQuery=${docs.ppd.uuid}`)).body.data[0];
      expect(row).toMatchObject({ estado: 'vigente', saldo: '5800.00', notCount: false });
    });
    const stats = (await get('/api/outcomes/stats/5/2026', intruder)).body;
    expect(stats.ingresos).toEqual({ count: 0, total: '0.00' });
    expect(stats.deducibles).toEqual({ count: 0, total: '0.00' });
    expect((await get('/api/outcomes/stats/2026', intruder)).body.calculos[4].ingresos.count).toBe(0);
    expect((await get('/api/accounts/per-pay', intruder)).body.page.data).toEqual([]);
    expect((await get('/api/outcomes/5/2026', intruder)).body.data).toEqual([]);
  });
});
