import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../server';
import { createAccount, type TestAccount } from '../accounts';
import { callApi } from '../http';
import { localStripeFor } from '../../src/modules/payments/payments.service';
import { signPayload } from '../../src/modules/payments/signature';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

/**
 * Issue 25 §1: stamps are never free. There is one purchase path — the payments provider charges a card and
 * its signed webhook credits the balance, once — so no shape of request raises the balance without a paid
 * charge. Each shape is sent, and the balance (GET /api/timbres) read after it; the figures are printed.
 */
const SECRET = 'whsec_stamp_purchase_suite';
let server: TestServer;
let owner: TestAccount;
let stranger: TestAccount;

const api = (account: TestAccount | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  callApi(server.baseUrl, { ...(account?.headers ?? {}), ...headers }, method, path, body);
const balance = async () => (await api(owner, 'GET', '/api/timbres')).body.balance as number;
const raw = async (path: string, init: RequestInit & { headers?: Record<string, string> }) => {
  const res = await fetch(`${server.baseUrl}${path}`, { ...init, headers: { ...owner.headers, ...init.headers } });
  return { status: res.status, body: await res.text() };
};
const webhook = (payload: string, signature?: string) =>
  fetch(`${server.baseUrl}/api/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) }, body: payload });

beforeAll(async () => {
  server = await startTestServer({ STRIPE_WEBHOOK_SECRET: SECRET });
  [owner, stranger] = await Promise.all([createAccount(server.baseUrl, { rol: 11 }), createAccount(server.baseUrl)]);
});
afterAll(() => server?.close());

describe('stamp purchase (issue 25 §1)', () => {
  it('no request of any shape raises the balance without a paid charge', async () => {
    const start = await balance();
    const strangerCard = (await api(stranger, 'POST', '/api/payments/cards', { paymentMethod: 'pm_card_visa' })).body.data[0].id as string;
    const failingCard = (await api(owner, 'POST', '/api/payments/cards', { paymentMethod: 'pm_card_chargeCustomerFail' })).body.data[0].id as string;
    const customer = (await api(owner, 'GET', '/api/customer')).body.id as string;
    const [me] = await server.runtime.ctx.db.select({ id: users.id }).from(users).where(eq(users.rfc, owner.rfc));
    const userId = String(me!.id);

    type Shape = { name: string; send: () => Promise<{ status: number; body: unknown }>; status: number | number[]; field?: string };
    const post = (body: unknown) => () => api(owner, 'POST', '/api/timbres', body);
    const forgedEvent = (piId: string) => JSON.stringify({
      id: `evt_forged_${piId}`, object: 'event', api_version: '2020-08-27', created: Math.floor(Date.now() / 1000), type: 'payment_intent.succeeded',
      data: { object: { id: piId, object: 'payment_intent', customer, amount: 175000, currency: 'mxn', status: 'succeeded', description: 'Paquete de 500 timbres', metadata: { userId, paquete: '500' } } },
    });
    const shapes: Shape[] = [
      { name: 'POST /api/timbres {paquete:"50"} (no paymentMethod)', send: post({ paquete: '50' }), status: 422, field: 'paymentMethod' },
      { name: 'POST /api/timbres {}', send: post({}), status: 422, field: 'paymentMethod' },
      { name: 'POST /api/timbres (no body)', send: () => api(owner, 'POST', '/api/timbres'), status: [400, 415, 422] },
      { name: 'POST /api/timbres {paquete:"50", paymentMethod:null}', send: post({ paquete: '50', paymentMethod: null }), status: 422, field: 'paymentMethod' },
      { name: 'POST /api/timbres {paquete:"50", paymentMethod:""}', send: post({ paquete: '50', paymentMethod: '' }), status: 422, field: 'paymentMethod' },
      { name: 'POST /api/timbres {paquete:"50", paymentMethod:["pm_card_visa"]}', send: post({ paquete: '50', paymentMethod: ['pm_card_visa'] }), status: 422, field: 'paymentMethod' },
      { name: 'POST /api/timbres {paquete:"50", paymentMethod:{id:"pm_card_visa"}}', send: post({ paquete: '50', paymentMethod: { id: 'pm_card_visa' } }), status: 422, field: 'paymentMethod' },
      { name: 'POST /api/timbres {paquete:"50", payment_method:"pm_card_visa"}', send: post({ paquete: '50', payment_method: 'pm_card_visa' }), status: 422, field: 'paymentMethod' },
      { name: 'POST /api/timbres {paquete:"50", balance:1000, timbres:1000, status:"paid"}', send: post({ paquete: '50', balance: 1000, timbres: 1000, status: 'paid' }), status: 422, field: 'paymentMethod' },
      { name: 'POST /api/timbres {paquete:"50", paymentMethod:"local_x"} (the old port id)', send: post({ paquete: '50', paymentMethod: 'local_x' }), status: 422, field: 'paymentMethod' },
      { name: 'POST /api/timbres {paquete:"50", paymentMethod:"pm_desconocido"}', send: post({ paquete: '50', paymentMethod: 'pm_desconocido' }), status: 422, field: 'paymentMethod' },
      { name: 'POST /api/timbres {paquete:"50", paymentMethod:<card of another account>}', send: post({ paquete: '50', paymentMethod: strangerCard }), status: 422, field: 'paymentMethod' },
      { name: 'POST /api/timbres {paquete:"50", paymentMethod:"pm_card_chargeDeclined"}', send: post({ paquete: '50', paymentMethod: 'pm_card_chargeDeclined' }), status: 422, field: 'paymentMethod' },
      { name: 'POST /api/timbres {paquete:"50", paymentMethod:"pm_card_cvcCheckFail"}', send: post({ paquete: '50', paymentMethod: 'pm_card_cvcCheckFail' }), status: 422, field: 'paymentMethod' },
      { name: 'POST /api/timbres {paquete:"50", paymentMethod:<own card whose charges fail>}', send: post({ paquete: '50', paymentMethod: failingCard }), status: 422, field: 'paymentMethod' },
      { name: 'POST /api/timbres {paquete:"50", paymentMethod:"pm_card_chargeCustomerFail"}', send: post({ paquete: '50', paymentMethod: 'pm_card_chargeCustomerFail' }), status: 422, field: 'paymentMethod' },
      { name: 'POST /api/timbres {paquete:50 (number), paymentMethod:"pm_card_visa"}', send: post({ paquete: 50, paymentMethod: 'pm_card_visa' }), status: 422, field: 'paquete' },
      { name: 'POST /api/timbres {paquete:"-50", paymentMethod:"pm_card_visa"}', send: post({ paquete: '-50', paymentMethod: 'pm_card_visa' }), status: 422, field: 'paquete' },
      { name: 'POST /api/timbres {paquete:"5000", paymentMethod:"pm_card_visa"}', send: post({ paquete: '5000', paymentMethod: 'pm_card_visa' }), status: 422, field: 'paquete' },
      { name: 'POST /api/timbres [{paquete:"50", paymentMethod:"pm_card_visa"}] (an array)', send: post([{ paquete: '50', paymentMethod: 'pm_card_visa' }]), status: [400, 422] },
      { name: 'POST /api/timbres?paquete=50&paymentMethod=pm_card_visa with body {}', send: () => api(owner, 'POST', '/api/timbres?paquete=50&paymentMethod=pm_card_visa', {}), status: 422, field: 'paymentMethod' },
      { name: 'POST /api/timbres form-encoded paquete=50&paymentMethod=pm_card_visa', send: () => raw('/api/timbres', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'paquete=50&paymentMethod=pm_card_visa' }), status: [400, 415, 422] },
      { name: 'POST /api/timbres text/plain JSON', send: () => raw('/api/timbres', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ paquete: '50', paymentMethod: 'pm_card_visa' }) }), status: [400, 415, 422] },
      { name: 'POST /api/timbres {paquete:"50"} + X-HTTP-Method-Override: GET', send: () => api(owner, 'POST', '/api/timbres', { paquete: '50' }, { 'x-http-method-override': 'GET' }), status: 422, field: 'paymentMethod' },
      { name: 'PUT /api/timbres {balance:9999}', send: () => api(owner, 'PUT', '/api/timbres', { balance: 9999 }), status: [404, 405] },
      { name: 'PATCH /api/timbres {balance:9999}', send: () => api(owner, 'PATCH', '/api/timbres', { balance: 9999 }), status: [404, 405] },
      { name: 'PUT /api/profile {…, timbres:9999, balance:9999}', send: () => api(owner, 'PUT', '/api/profile', { fullName: 'Juana Pérez Núñez', regimen: '612', cp: '06600', estado: 'CMX', municipio: '015', timeZone: 'America/Mexico_City', timbres: 9999, balance: 9999 }), status: [200, 422] },
      { name: 'POST /api/timbres {paquete:"50", paymentMethod:"pm_card_visa"} without a session', send: () => api(null, 'POST', '/api/timbres', { paquete: '50', paymentMethod: 'pm_card_visa' }), status: 401 },
      { name: 'POST /api/webhooks/stripe payment_intent.succeeded, unsigned', send: async () => ({ status: (await webhook(forgedEvent('pi_forged1'))).status, body: null }), status: 400 },
      { name: 'POST /api/webhooks/stripe payment_intent.succeeded, signed with another secret', send: async () => { const p = forgedEvent('pi_forged2'); return { status: (await webhook(p, signPayload(p, 'whsec_otro'))).status, body: null }; }, status: 400 },
      { name: 'POST /api/webhooks/stripe payment_intent.succeeded, right secret but signed 10 min ago', send: async () => { const p = forgedEvent('pi_forged3'); return { status: (await webhook(p, signPayload(p, SECRET, Math.floor(Date.now() / 1000) - 600))).status, body: null }; }, status: 400 },
      {
        name: 'POST /api/timbres {paquete:"50", paymentMethod:"pm_card_visa"} with the provider down',
        send: async () => {
          const local = localStripeFor(server.runtime.ctx.db);
          local.available = false;
          try {
            return await post({ paquete: '50', paymentMethod: 'pm_card_visa' })();
          } finally {
            local.available = true;
          }
        },
        status: 503,
      },
      {
        name: '20 concurrent POST /api/timbres {paquete:"500"} (no paymentMethod)',
        send: async () => {
          const all = await Promise.all(Array.from({ length: 20 }, () => post({ paquete: '500' })()));
          return { status: all.every((r) => r.status === 422) ? 422 : 0, body: all[0]!.body };
        },
        status: 422,
      },
    ];

    const figures: string[] = [`saldo inicial: ${start}`];
    for (const shape of shapes) {
      const res = await shape.send();
      const after = await balance();
      figures.push(`${shape.name} → ${res.status}, saldo ${after}`);
      const allowed = Array.isArray(shape.status) ? shape.status : [shape.status];
      expect(allowed, `${shape.name}: ${JSON.stringify(res.body)}`).toContain(res.status);
      if (shape.field) expect(Object.keys((res.body as { errors?: object }).errors ?? {}), shape.name).toContain(shape.field);
      expect(after, shape.name).toBe(start);
    }

    // The declined charges are in the history, marked as rejected (status 2), with no receipt.
    const history = (await api(owner, 'GET', '/api/payments')).body;
    const rejected = history.data.filter((p: { status: number }) => p.status === 2);
    expect(rejected.length).toBeGreaterThanOrEqual(2);
    expect(rejected.every((p: { paymentProof: string | null }) => p.paymentProof === null)).toBe(true);
    expect(history.data.filter((p: { status: number }) => p.status === 1)).toEqual([]);

    // The one path does work: a paid charge raises the balance by the package, exactly once.
    const paid = await post({ paquete: '10', paymentMethod: 'pm_card_visa' })();
    expect(paid.status).toBe(201);
    const piId = (paid.body as { paymentId: string }).paymentId;
    expect(await balance()).toBe(start + 10);
    figures.push(`POST /api/timbres {paquete:"10", paymentMethod:"pm_card_visa"} → ${paid.status}, saldo ${await balance()}`);

    // The same paid charge delivered again (a new event id, correctly signed) credits nothing more.
    const replay = JSON.stringify({
      id: 'evt_replay_of_a_paid_charge', object: 'event', api_version: '2020-08-27', created: Math.floor(Date.now() / 1000), type: 'payment_intent.succeeded',
      data: { object: { id: piId, object: 'payment_intent', customer, amount: 5000, currency: 'mxn', status: 'succeeded', description: 'Paquete de 10 timbres', metadata: { userId, paquete: '10' } } },
    });
    expect((await webhook(replay, signPayload(replay, SECRET))).status).toBe(200);
    expect(await balance()).toBe(start + 10);
    figures.push(`webhook firmado que repite el cargo ${piId} → 200, saldo ${await balance()}`);
    const history2 = (await api(owner, 'GET', '/api/payments')).body;
    expect(history2.data.filter((p: { status: number }) => p.status === 1)).toHaveLength(1);

    console.log(`[issue 25 §1] formas de POST /api/timbres y saldo después de cada una:\n  ${figures.join('\n  ')}`);
  });
});
