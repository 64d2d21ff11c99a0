import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server';
import type { TestAccount } from '../../../test/accounts';
import { api, createCustomer, invoiceBody, invoicingAccount } from './invoicing-test-kit';

let server: TestServer;
let owner: TestAccount;
let customer: { id: number };
beforeAll(async () => {
  server = await startTestServer();
  owner = await invoicingAccount(server.baseUrl);
  customer = await createCustomer(server.baseUrl, owner);
  // 10 free stamps are not enough for 20 + 1: buy a package through the payments port.
  const bought = await api(server.baseUrl, owner, 'POST', '/api/timbres', { paquete: '50', paymentMethod: 'pm_card_visa' });
  expect(bought.status, JSON.stringify(bought.data)).toBe(201);
  expect(bought.data.balance).toBe(60);
}, 120_000);
afterAll(() => server?.close());

const balance = async () => (await api<{ balance: number }>(server.baseUrl, owner, 'GET', '/api/timbres')).data.balance;

describe('stamping under concurrency', () => {
  it('20 concurrent invoices in one serie get 20 distinct consecutive folios and take 20 stamps', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => api(server.baseUrl, owner, 'POST', '/api/invoice40', invoiceBody(customer.id, { serie: 'C' }))));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const folios = results.map((r) => Number(r.data.folio)).sort((a, b) => a - b);
    expect(folios).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(results.map((r) => r.data.uuid)).size).toBe(20);
    expect(await balance()).toBe(40);
    const next = await api(server.baseUrl, owner, 'GET', '/api/invoicing/next-folio?serie=C');
    expect(next.data).toEqual({ serie: 'C', folio: 21 });
  }, 300_000);

  it('10 concurrent retries with one Idempotency-Key answer one UUID and take one stamp and one folio', async () => {
    const headers = { 'idempotency-key': 'factura-cliente-7-intento' };
    const body = invoiceBody(customer.id, { serie: 'D' });
    const results = await Promise.all(Array.from({ length: 10 }, () => api(server.baseUrl, owner, 'POST', '/api/invoice40', body, headers)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((r) => r.data.uuid)).size).toBe(1);
    expect(results[0]!.data.folio).toBe('1');
    expect(await balance()).toBe(39);
    const later = await api(server.baseUrl, owner, 'POST', '/api/invoice40', body, headers);
    expect(later.data.uuid).toBe(results[0]!.data.uuid);
    expect((await api(server.baseUrl, owner, 'GET', '/api/invoicing/next-folio?serie=D')).data.folio).toBe(2);
  }, 300_000);

  it('the same Idempotency-Key with another body is a 409 and stamps nothing', async () => {
    const headers = { 'idempotency-key': 'clave-reutilizada' };
    const first = await api(server.baseUrl, owner, 'POST', '/api/invoice40', invoiceBody(customer.id, { serie: 'E' }), headers);
    expect(first.status).toBe(201);
    const before = await balance();
    const other = await api(server.baseUrl, owner, 'POST', '/api/invoice40', invoiceBody(customer.id, { serie: 'E', observaciones: 'otra' }), headers);
    expect(other.status).toBe(409);
    expect(other.data.message).toMatch(/Idempotency-Key ya se usó/);
    expect(await balance()).toBe(before);
  });
});
