import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { PacError, type PacPort } from '@facturo/cfdi';
import { startTestServer, type TestServer } from '../../../test/server';
import type { TestAccount } from '../../../test/accounts';
import { api, createCustomer, invoiceBody, invoicingAccount } from '../invoicing/invoicing-test-kit';
import { invoicingProviders } from '../invoicing/providers';
import { cfdis, stampBalances, stampMovements } from '../cfdis/cfdis.schema';
import { webhookDeliveries } from '../../db/schema';
import { documentSums, monthEnd, monthStart } from '../dashboard/dashboard.service';
import { allowLoopbackWebhooks } from '../webhooks/allow-loopback.test-support';

/**
 * Decision 307: a test key's documents go to the sandbox PAC — chosen per call, even when the process's PAC is a
 * real one — spend no stamp and are stored as test CFDIs that no sum counts.
 */
// The webhook endpoint of the first test is on loopback (the contract's allow-list for tests).
allowLoopbackWebhooks();
let server: TestServer;
let owner: TestAccount;
let userId: number;
let realPac: PacPort;
let realCalls = 0;

beforeAll(async () => {
  server = await startTestServer();
  owner = await invoicingAccount(server.baseUrl, true, 11);
  const { rows } = await server.runtime.ctx.db.execute(sql`SELECT id FROM users WHERE rfc = ${owner.rfc}`);
  userId = Number((rows as { id: number }[])[0]!.id);
  // The process's PAC plays a real one: any call to it is counted and refused, so a test document that reached it fails.
  const deps = invoicingProviders(server.runtime.ctx);
  realPac = deps.pac;
  deps.pac = new Proxy(realPac, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (prop !== 'stamp' && prop !== 'cancel') return value;
      return async () => {
        realCalls += 1;
        throw new PacError('unavailable', [{ code: 'REAL', message: 'El PAC real no debe recibir documentos de prueba' }]);
      };
    },
  });
}, 180_000);
afterAll(() => server?.close());

const withKey = (key: string, method: string, path: string, body?: unknown) =>
  api(server.baseUrl, undefined, method, path, body, { authorization: `Bearer ${key}` });
async function newKey(modo: 'test' | 'live') {
  const res = await api(server.baseUrl, owner, 'POST', '/api/api-keys', { nombre: `Tienda ${modo}`, modo });
  expect(res.status, JSON.stringify(res.data)).toBe(201);
  return (res.data as { key: string }).key;
}
const setBalance = (balance: number) => server.runtime.ctx.db.update(stampBalances).set({ balance }).where(eq(stampBalances.userId, userId));
const balance = async () => (await api(server.baseUrl, owner, 'GET', '/api/timbres')).data;

describe('test API keys (issue 29 §4, decision 307)', () => {
  it('a test key stamps through the sandbox with no stamps left, spends none and its CFDI is marked test', async () => {
    const key = await newKey('test');
    const customer = await createCustomer(server.baseUrl, owner);
    const hook = await api(server.baseUrl, owner, 'POST', '/api/webhooks/endpoints', { url: 'http://127.0.0.1:9/hook', eventos: ['invoice.stamped'] });
    expect(hook.status, JSON.stringify(hook.data)).toBe(201);
    await setBalance(0);
    const before = await balance();
    const res = await withKey(key, 'POST', '/api/invoice40', invoiceBody(customer.id));
    expect(res.status, JSON.stringify(res.data)).toBe(201);
    expect(realCalls).toBe(0);
    expect(await balance()).toEqual(before);
    const db = server.runtime.ctx.db;
    const [row] = await db.select({ test: cfdis.test, notCount: cfdis.notCount }).from(cfdis).where(and(eq(cfdis.userId, userId), eq(cfdis.uuid, res.data.uuid)));
    expect(row).toEqual({ test: true, notCount: true });
    expect(await db.select().from(stampMovements).where(and(eq(stampMovements.userId, userId), eq(stampMovements.reference, res.data.uuid)))).toHaveLength(0);
    const [{ n }] = (await db.execute(sql`SELECT balance AS n FROM stamp_balances WHERE user_id = ${userId}`)).rows as { n: number }[];
    expect(Number(n)).toBe(0);
    // Its invoice.stamped event says it is a test document.
    await expect.poll(async () => (await db.select({ payload: webhookDeliveries.payload }).from(webhookDeliveries).where(eq(webhookDeliveries.userId, userId)))
      .map((d) => (d.payload as { data: Record<string, unknown> }).data).find((d) => d.uuid === res.data.uuid)).toMatchObject({ prueba: true });

    // Shown as "Prueba" in the list; it cannot be made to count.
    const now = new Date();
    const list = await withKey(key, 'GET', `/api/incomes/${now.getMonth() + 1}/${now.getFullYear()}`);
    expect(list.status, JSON.stringify(list.data)).toBe(200);
    expect(list.data.data.find((r: any) => r.uuid === res.data.uuid)?.prueba).toBe(true);
    const count = await api(server.baseUrl, owner, 'POST', '/api/incomes/not-count', { uuid: res.data.uuid, notCount: false });
    expect(count.status).toBe(409);
    expect(count.data.message).toBe('Un CFDI de prueba no se cuenta en las estadísticas');

    // Cancelled through the sandbox too (the real PAC is never called).
    const cancel = await withKey(key, 'POST', '/api/incomes/cancel', { pIdPago: res.data.uuid, option: '02' });
    expect(cancel.status, JSON.stringify(cancel.data)).toBe(200);
    expect(realCalls).toBe(0);
  }, 120_000);

  it('a live key with no stamps gets the usual refusal and nothing reaches the PAC', async () => {
    const key = await newKey('live');
    const customer = await createCustomer(server.baseUrl, owner);
    await setBalance(0);
    const res = await withKey(key, 'POST', '/api/invoice40', invoiceBody(customer.id));
    expect(res.status).toBe(409);
    expect(res.data.message).toMatch(/compra un paquete de timbres/);
    expect(realCalls).toBe(0);
  });

  it('a test CFDI is not in the dashboard totals; a test key does not cancel a real CFDI', async () => {
    const deps = invoicingProviders(server.runtime.ctx);
    const fake = deps.pac;
    deps.pac = realPac; // a live stamp now succeeds (the sandbox plays the real PAC for this one)
    await setBalance(5);
    const customer = await createCustomer(server.baseUrl, owner);
    const live = await api(server.baseUrl, owner, 'POST', '/api/invoice40', invoiceBody(customer.id));
    expect(live.status, JSON.stringify(live.data)).toBe(201);
    deps.pac = fake;
    const now = new Date();
    const sums = async () => {
      const docs = await documentSums(server.runtime.ctx.db, userId, monthStart(now.getFullYear(), now.getMonth() + 1), monthEnd(now.getFullYear(), now.getMonth() + 1), 'month');
      return docs.filter((d) => d.direction === 'emitido').map((d) => d.subtotal).join('|');
    };
    const before = await sums();
    const key = await newKey('test');
    const stamped = await withKey(key, 'POST', '/api/invoice40', invoiceBody(customer.id));
    expect(stamped.status, JSON.stringify(stamped.data)).toBe(201);
    expect(await sums()).toBe(before);
    // Unchanged by the test stamp: 4 after the live one.
    const [{ n }] = (await server.runtime.ctx.db.execute(sql`SELECT balance AS n FROM stamp_balances WHERE user_id = ${userId}`)).rows as { n: number }[];
    expect(Number(n)).toBe(4);

    const cancel = await withKey(key, 'POST', '/api/incomes/cancel', { pIdPago: live.data.uuid, option: '02' });
    expect(cancel.status).toBe(403);
    expect(cancel.data.message).toBe('Una llave de prueba solo cancela facturas de prueba; usa una llave live');
    expect(realCalls).toBe(0);
  }, 120_000);
});
