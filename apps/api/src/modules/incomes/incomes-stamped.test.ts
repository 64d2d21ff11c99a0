import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestAccount } from '../../../test/accounts';
import { startTestServer, type TestServer } from '../../../test/server';
import { api, createCustomer, invoiceBody, invoicingAccount } from '../invoicing/invoicing-test-kit';

/**
 * The incomes views over documents stamped for real: POST /api/invoice40 (engine seal with the SAT test CSD,
 * SandboxPac, storeCfdi in the stamping transaction), then the cards, the list and the CSV of the current
 * month; cancelling (motivo 02) moves the invoice to "Cancelada".
 */
let server: TestServer;
let account: TestAccount;
let clientId: number;
const mexicoMonth = () => {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit' }).format(new Date()).split('-');
  return { year: Number(y), month: Number(m) };
};

beforeAll(async () => {
  server = await startTestServer();
  account = await invoicingAccount(server.baseUrl);
  clientId = (await createCustomer(server.baseUrl, account)).id;
}, 120_000);
afterAll(async () => server?.close());

describe('incomes over stamped invoices', () => {
  it('a PUE and a PPD invoice appear in the cards and the list; cancelling moves the PUE one to Cancelada', async () => {
    const { month, year } = mexicoMonth();
    const stats = async () => (await api(server.baseUrl, account, 'GET', `/api/incomes/stats/${month}/${year}`)).data;
    const before = await stats();
    expect(before.ingresos).toEqual({ count: 0, total: '0.00' });

    const pue = await api(server.baseUrl, account, 'POST', '/api/invoice40', invoiceBody(clientId));
    expect(pue.status, JSON.stringify(pue.data)).toBe(201);
    const ppd = await api(server.baseUrl, account, 'POST', '/api/invoice40', invoiceBody(clientId, { metodoPago: 'PPD', formaPago: '99' }));
    expect(ppd.status, JSON.stringify(ppd.data)).toBe(201);
    // Two-decimal MXN totals: their sum is exact in cents.
    const total = ((Math.round(Number(pue.data.total) * 100) + Math.round(Number(ppd.data.total) * 100)) / 100).toFixed(2);

    const after = await stats();
    expect(after.ingresos).toEqual({ count: 2, total });
    expect(after.pagados).toEqual({ count: 1, total: Number(pue.data.total).toFixed(2) });
    expect(after.nopagados.count).toBe(1);
    expect(after.madres.count).toBe(1);
    expect(after.cuentaspor).toEqual({ count: 1, total: Number(ppd.data.total).toFixed(2) });

    const list = await api(server.baseUrl, account, 'GET', `/api/incomes/${month}/${year}`);
    expect(list.data.data.map((r: { uuid: string }) => r.uuid).sort()).toEqual([pue.data.uuid, ppd.data.uuid].sort());
    const row = list.data.data.find((r: { uuid: string }) => r.uuid === pue.data.uuid);
    expect(row).toMatchObject({ folio: String(pue.data.folio), serie: 'A', client: 'MARÍA LÓPEZ GARCÍA', estado: 'vigente', tipoDeComprobante: 'I', moneda: 'MXN', status: 2 });

    const cancel = await api(server.baseUrl, account, 'POST', '/api/incomes/cancel', { pIdPago: pue.data.uuid, type: 'ingreso', option: '02' });
    expect(cancel.status, JSON.stringify(cancel.data)).toBe(200);
    const cancelled = await stats();
    // Just stamped: within SAT's 72-hour window, cancellation needs no acceptance (SandboxPac follows the rule).
    expect(cancel.data.estado).toBe('cancelada');
    expect(cancelled.cancelados).toEqual({ count: 1, total: Number(pue.data.total).toFixed(2) });
    expect(cancelled.ingresos.count).toBe(1);
    const filtered = await api(server.baseUrl, account, 'GET', `/api/incomes/${month}/${year}?status[type]=pago&status[filter]=Cancelada`);
    expect(filtered.data.data.map((r: { uuid: string }) => r.uuid)).toEqual([pue.data.uuid]);
  });
});
