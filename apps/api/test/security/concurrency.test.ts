import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../server';
import type { TestAccount } from '../accounts';
import { api, createCustomer, invoiceBody, invoicingAccount } from '../../src/modules/invoicing/invoicing-test-kit';
import { cfdis } from '../../src/modules/cfdis/cfdis.schema';
import { paymentTimeNow } from '../mexico-clock';

// 150 stamps on PGlite (one connection) on a shared 2-core machine: generous time.
vi.setConfig({ testTimeout: 600_000, hookTimeout: 240_000 });

/**
 * Issue 12 §5 at the sizes (stamp-concurrency.test.ts and payment-reception.test.ts cover 10/20/2):
 * 50 concurrent retries of one stamp request with one Idempotency-Key → exactly one stamp; 100 concurrent
 * invoices in one serie → gap-free unique folios; several payments at once on one PPD invoice → never an
 * overpayment.
 */
let server: TestServer;
let owner: TestAccount;
let customer: { id: number };
/** Decimal strings as integer cents (truncating past the second decimal), and back: no floats for money. */
const cents = (s: string) => {
  const [int, frac = ''] = s.split('.');
  return BigInt(int! + `${frac}00`.slice(0, 2));
};
const money = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
const balance = async () => (await api<{ balance: number }>(server.baseUrl, owner, 'GET', '/api/timbres')).data.balance;

beforeAll(async () => {
  server = await startTestServer();
  owner = await invoicingAccount(server.baseUrl, true, 11);
  customer = await createCustomer(server.baseUrl, owner);
  for (let i = 0; i < 3; i++) expect((await api(server.baseUrl, owner, 'POST', '/api/timbres', { paquete: '50', paymentMethod: 'pm_card_visa' })).status).toBe(201);
});
afterAll(() => server?.close());

describe('concurrency at the issue sizes (issue 12 §5)', () => {
  it('50 concurrent retries with one Idempotency-Key → one UUID, one stamp, one folio', async () => {
    const before = await balance();
    const headers = { 'idempotency-key': 'reintentos-50-una-factura' };
    const body = invoiceBody(customer.id, { serie: 'R' });
    const results = await Promise.all(Array.from({ length: 50 }, () => api(server.baseUrl, owner, 'POST', '/api/invoice40', body, headers)));
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    expect(new Set(results.map((r) => r.data.uuid)).size).toBe(1);
    expect(await balance()).toBe(before - 1);
    const rows = await server.runtime.ctx.db.select({ uuid: cfdis.uuid, folio: cfdis.folio }).from(cfdis).where(eq(cfdis.serie, 'R'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.folio).toBe('1');
  });

  it('100 concurrent invoices in one serie → folios 1..100, 100 distinct UUIDs, 100 stamps', async () => {
    const before = await balance();
    const results = await Promise.all(Array.from({ length: 100 }, () => api(server.baseUrl, owner, 'POST', '/api/invoice40', invoiceBody(customer.id, { serie: 'S' }))));
    expect(results.filter((r) => r.status !== 201).map((r) => `${r.status} ${JSON.stringify(r.data).slice(0, 120)}`)).toEqual([]);
    const folios = results.map((r) => Number(r.data.folio)).sort((a, b) => a - b);
    expect(folios).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(new Set(results.map((r) => r.data.uuid)).size).toBe(100);
    expect(await balance()).toBe(before - 100);
    const stored = await server.runtime.ctx.db.select({ folio: cfdis.folio }).from(cfdis).where(eq(cfdis.serie, 'S'));
    expect(stored.map((r) => Number(r.folio)).sort((a, b) => a - b)).toEqual(folios);
  });

  it('five payments at once on one PPD invoice never overpay: the paid sum stays within the total', async () => {
    const ppd = await api(server.baseUrl, owner, 'POST', '/api/invoice40', invoiceBody(customer.id, { serie: 'Q', metodoPago: 'PPD', formaPago: '99' }));
    expect(ppd.status, JSON.stringify(ppd.data)).toBe(201);
    const total = cents(String(ppd.data.total));
    const fecha = paymentTimeNow();
    // Each payment is 40 % of the total: at most two fit.
    const monto = money((total * 40n) / 100n);
    const pay = () => fetch(`${server.baseUrl}/api/recepcionpagos/applyPay`, {
      method: 'POST', headers: { ...owner.headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ invoiceId: ppd.data.uuid, fechaPago: fecha, formaDePagoP: '03', monedaP: 'MXN', monto }).toString(),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as { uuid?: string } }));
    const results = await Promise.all(Array.from({ length: 5 }, pay));
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    const ok = results.filter((r) => r.status === 201);
    expect(ok).toHaveLength(2);
    expect(results.filter((r) => r.status === 422)).toHaveLength(3);
    const [row] = await server.runtime.ctx.db.select({ saldo: cfdis.saldo }).from(cfdis).where(eq(cfdis.uuid, ppd.data.uuid));
    // Saldo = total − 2 × monto, never negative.
    expect(cents(row!.saldo!)).toBe(total - 2n * cents(monto));
    expect(cents(row!.saldo!) >= 0n).toBe(true);
  });
});
