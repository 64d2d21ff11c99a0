import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';
import { expectIsolated } from '../../../test/isolation';
import { signPayload } from './signature';
import { localStripeFor } from './payments.service';

const SECRET = 'whsec_test_payments_suite';
let server: TestServer;
let owner: TestAccount;
let stranger: TestAccount;

const api = (account: TestAccount, method: string, path: string, body?: unknown) => callApi(server.baseUrl, account.headers, method, path, body);
const postWebhook = async (payload: string, signature?: string) => {
  const res = await fetch(`${server.baseUrl}/api/webhooks/stripe`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) }, body: payload,
  });
  return { status: res.status, body: (await res.json()) as any };
};

const logLines: string[] = [];
const logStream = new Writable({ write(chunk, _enc, done) { logLines.push(String(chunk)); done(); } });

beforeAll(async () => {
  server = await startTestServer({ STRIPE_WEBHOOK_SECRET: SECRET, LOG_LEVEL: 'debug' }, { logStream });
  [owner, stranger] = await Promise.all([createAccount(server.baseUrl), createAccount(server.baseUrl)]);
});
afterAll(() => server?.close());

describe('plans and cards (spec §7.14)', () => {
  it('plans, plan descriptions and the customer plan of a free account', async () => {
    const plans = await api(owner, 'GET', '/api/plans');
    expect(plans.status).toBe(200);
    const premium = plans.body.data.plans.find((p: any) => p.id === 2);
    expect(premium.monthly).toEqual({ value: 1, monthly_cost: '299.00', monthly_price_id: 'price_premium_monthly' });
    expect(premium.yearly.value).toBe(2);
    expect(plans.body.data.scheduledCancellationDetails).toEqual({ activeSubscription: false, cancellationDate: null, planId: 1 });
    const descriptions = await api(owner, 'GET', '/api/plans/descriptions');
    expect(descriptions.body.data.find((p: any) => p.id === 2).features.length).toBeGreaterThan(descriptions.body.data.find((p: any) => p.id === 1).features.length);
    const mine = await api(owner, 'GET', '/api/customer/plan');
    expect(mine.body).toMatchObject({ planId: 1, rol: 10, priceId: null, recurrency: null });
    const catalogs = await api(owner, 'GET', '/api/payments/catalogs');
    expect(catalogs.body.statuses).toContainEqual({ value: 2, name: 'Fallido' });
    // Issue 25 §4: real links (the local provider's own pages), and the provider's plans.
    const monthly = await api(owner, 'GET', '/api/payments/monthly-link');
    expect(monthly.status).toBe(200);
    expect(monthly.body.url).toMatch(/\/api\/payments\/local\/cs_test_/);
    const portal = await api(owner, 'GET', '/api/payments/provider-link');
    expect(portal.body.url).toMatch(/\/api\/payments\/local\/bps_/);
    for (const url of [monthly.body.url, portal.body.url]) {
      const page = await fetch(`${server.baseUrl}${new URL(url).pathname}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Proveedor de pagos de pruebas');
    }
    expect((await fetch(`${server.baseUrl}/api/payments/local/cs_test_noexiste`)).status).toBe(404);
    const providerPlans = await api(owner, 'GET', '/api/payments/plans');
    expect(providerPlans.status).toBe(200);
    expect(providerPlans.body.data).toContainEqual({ priceId: 'price_premium_monthly', product: 'Premium', amount: '299.00', currency: 'MXN', interval: 'month', recurrency: 1 });
    expect(providerPlans.body.data.some((p: any) => p.interval === 'year')).toBe(true);
  });

  it('a setup intent creates the provider customer once', async () => {
    const a = await api(owner, 'GET', '/api/payments/setup-intent');
    const b = await api(owner, 'GET', '/api/payments/setup-intent/10');
    expect(a.status).toBe(200);
    expect(a.body.customerId).toMatch(/^cus_/);
    expect(a.body.clientSecret).toMatch(/^seti_.+_secret_/);
    expect(b.body.customerId).toBe(a.body.customerId);
    expect(a.body.provider).toBe('local');
  });

  it('a declined card and a failed CVC are refused naming paymentMethod; nothing is added', async () => {
    const declined = await api(owner, 'POST', '/api/payments/cards', { paymentMethod: 'pm_card_chargeDeclined' });
    expect(declined.status).toBe(422);
    expect(declined.body.errors.paymentMethod[0]).toMatch(/rechazada/);
    const cvc = await api(owner, 'POST', '/api/payments/cards', { paymentMethod: 'pm_card_cvcCheckFail' });
    expect(cvc.status).toBe(422);
    expect(cvc.body.errors.paymentMethod[0]).toMatch(/CVC/);
    expect((await api(owner, 'GET', '/api/payments/cards')).body.data).toEqual([]);
    const customer = await api(owner, 'GET', '/api/customer');
    expect(customer.body).toMatchObject({ subscription: null, payMethods: [] });
  });

  it('adds a visa card (verified), lists it, and another account cannot see, use or delete it', async () => {
    const added = await api(owner, 'POST', '/api/payments/cards', { paymentMethod: 'pm_card_visa', name: 'Juana Pérez' });
    expect(added.status).toBe(201);
    expect(added.body.data).toHaveLength(1);
    const card = added.body.data[0];
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', verified: true, name: 'Juana Pérez' });
    expect(card.id).toMatch(/^pm_/);
    expect((await api(stranger, 'GET', '/api/payments/cards')).body.data).toEqual([]);
    const steal = await api(stranger, 'POST', '/api/payments/payment-method/delete', { pmId: card.id });
    expect(steal.status).toBe(404);
    const use = await api(stranger, 'POST', '/api/subscription', { priceId: 'price_premium_monthly', paymentMethod: card.id });
    expect(use.status).toBe(422);
    expect(use.body.errors.paymentMethod[0]).toMatch(/no existe|otro cliente/);
    const attachOther = await api(stranger, 'POST', '/api/payments/cards', { paymentMethod: card.id });
    expect(attachOther.status).toBe(422);
    expect(attachOther.body.errors.paymentMethod[0]).toMatch(/otro cliente/);
    expect((await api(owner, 'GET', '/api/payments/cards')).body.data).toHaveLength(1);
    expect((await api(stranger, 'GET', '/api/user/plan')).body.data.rol).toBe(10);
  });
});

describe('subscription, renewal, 402 and retry', () => {
  let cardId: string;

  it('an unknown priceId is a 422 naming priceId and the role stays 10', async () => {
    cardId = (await api(owner, 'GET', '/api/payments/cards')).body.data[0].id;
    const res = await api(owner, 'POST', '/api/subscription', { priceId: 'price_nope', paymentMethod: cardId });
    expect(res.status).toBe(422);
    expect(res.body.errors.priceId[0]).toMatch(/plan/);
    expect((await api(owner, 'GET', '/api/user/plan')).body.data.rol).toBe(10);
  });

  it('the provider down: a clear Spanish 503, nothing written, and a retry later works', async () => {
    const stripe = localStripeFor(server.runtime.ctx.db);
    stripe.available = false;
    try {
      const res = await api(owner, 'POST', '/api/subscription', { priceId: 'price_premium_monthly', paymentMethod: cardId });
      expect(res.status).toBe(503);
      expect(res.body.message).toMatch(/proveedor de pagos no responde/);
    } finally {
      stripe.available = true;
    }
    expect((await api(owner, 'GET', '/api/customer')).body.subscription).toBeNull();
    expect((await api(owner, 'GET', '/api/payments')).body.data).toEqual([]);
    expect((await api(owner, 'GET', '/api/user/plan')).body.data.rol).toBe(10);
  });

  it('subscribing moves the role 10 → 11 at once and records the paid invoice (webhook)', async () => {
    expect((await api(owner, 'GET', '/api/employees')).status).toBe(403);
    const res = await api(owner, 'POST', '/api/subscription', { priceId: 'price_premium_monthly', paymentMethod: cardId, cancelAtPeriodEnd: false });
    expect(res.status).toBe(201);
    expect(res.body.customer.subscription).toMatchObject({ status: 'active', priceId: 'price_premium_monthly', cancelAtPeriodEnd: false });
    const plan = await api(owner, 'GET', '/api/user/plan');
    expect(plan.body.data.rol).toBe(11);
    expect(plan.body.data.allowedProductRoutes).toContain('/employees');
    expect((await api(owner, 'GET', '/api/employees')).status).toBe(200);
    const payments = await api(owner, 'GET', '/api/payments');
    expect(payments.body.data).toHaveLength(1);
    expect(payments.body.data[0]).toMatchObject({ amount: '299.00', status: 1, paymentProof: `/api/payments/receipt/${payments.body.data[0].id}` });
    expect(payments.body.lastFailed).toBe(false);
    const again = await api(owner, 'POST', '/api/subscription', { priceId: 'price_premium_monthly', paymentMethod: cardId });
    expect(again.status).toBe(409);
  });

  it('the receipt downloads for its owner only', async () => {
    const id = (await api(owner, 'GET', '/api/payments')).body.data[0].id;
    const res = await fetch(`${server.baseUrl}/api/payments/receipt/${id}`, { headers: owner.headers });
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/299\.00/);
    const cardId = (await api(owner, 'GET', '/api/payments/cards')).body.data[0].id;
    await expectIsolated(server.baseUrl, owner, stranger, [
      { method: 'GET', path: `/api/payments/receipt/${id}` },
      { method: 'POST', path: '/api/payments/payment-method/delete', body: { pmId: cardId } },
    ], async () => {
      expect((await api(owner, 'GET', '/api/payments/cards')).body.data.map((c: any) => c.id)).toContain(cardId);
      expect((await api(owner, 'GET', '/api/payments')).body.data.some((p: any) => p.id === id)).toBe(true);
    });
    expect((await api(stranger, 'GET', '/api/payments')).body.data).toEqual([]);
  });

  it('a renewal charged to pm_card_chargeCustomerFail → failed payment flagged, 402 everywhere but payments; retry with another card → normal', async () => {
    const renew = await api(owner, 'POST', '/api/dev/payments/renew', { paymentMethod: 'pm_card_chargeCustomerFail' });
    expect(renew.status).toBe(200);
    expect(renew.body.customer.subscription.status).toBe('past_due');
    expect((await api(owner, 'GET', '/api/employees')).status).toBe(402);
    const payments = await api(owner, 'GET', '/api/payments');
    expect(payments.status).toBe(200);
    expect(payments.body.lastFailed).toBe(true);
    expect(payments.body.data[0]).toMatchObject({ status: 2, paymentProof: null });

    const sameCard = await api(owner, 'POST', '/api/subscription/retry', {});
    expect(sameCard.status).toBe(422);
    expect(sameCard.body.errors.paymentMethod[0]).toMatch(/rechazada/);
    expect((await api(owner, 'GET', '/api/employees')).status).toBe(402);

    const retried = await api(owner, 'POST', '/api/subscription/retry', { paymentMethod: 'pm_card_mastercard' });
    expect(retried.status).toBe(200);
    expect(retried.body.customer.subscription.status).toBe('active');
    expect((await api(owner, 'GET', '/api/employees')).status).toBe(200);
    const after = await api(owner, 'GET', '/api/payments');
    expect(after.body.lastFailed).toBe(false);
    expect(after.body.data.filter((p: any) => p.status === 2)).toHaveLength(2);
    expect(after.body.data[0]).toMatchObject({ status: 1, amount: '299.00' });
  });

  it('cancel at period end is scheduled (role stays 11); the period end returns the role to 10', async () => {
    const res = await callApi(server.baseUrl, owner.headers, 'DELETE', '/api/subscription?cancelWhenPeriodEnds=true');
    expect(res.status).toBe(200);
    expect(res.body.customer.subscription.cancelAtPeriodEnd).toBe(true);
    const plan = await api(owner, 'GET', '/api/user/plan');
    expect(plan.body.data.rol).toBe(11);
    expect(plan.body.data.scheduledCancellationDetails).toMatchObject({ activeSubscription: true, planId: 1, cancellationDate: expect.any(String) });
    await api(owner, 'POST', '/api/dev/payments/renew', {});
    expect((await api(owner, 'GET', '/api/user/plan')).body.data.rol).toBe(10);
    expect((await api(owner, 'GET', '/api/customer')).body.subscription).toBeNull();
    expect((await api(owner, 'GET', '/api/employees')).status).toBe(403);
  });
});

describe('webhook (Stripe-Signature, idempotent by event id)', () => {
  const eventFor = (customer: string, id: string) => JSON.stringify({
    id, object: 'event', api_version: '2020-08-27', created: Math.floor(Date.now() / 1000), type: 'invoice.payment_failed',
    data: { object: { id: `in_${id}`, object: 'invoice', customer, amount_due: 29900, attempt_count: 1, description: 'Prueba' } },
  });

  it('bad signature or stale timestamp → 400 and nothing changes; replay → 200 applied once', async () => {
    const customer = (await api(stranger, 'GET', '/api/payments/setup-intent')).body.customerId;
    const payload = eventFor(customer, 'evt_test_replay_1');
    const bad = await postWebhook(payload, signPayload(payload, 'whsec_wrong'));
    expect(bad.status).toBe(400);
    const stale = await postWebhook(payload, signPayload(payload, SECRET, Math.floor(Date.now() / 1000) - 3600));
    expect(stale.status).toBe(400);
    expect(stale.body.message).toMatch(/tolerancia/);
    expect((await postWebhook(payload)).status).toBe(400);
    expect((await api(stranger, 'GET', '/api/payments')).body.data).toEqual([]);

    const first = await postWebhook(payload, signPayload(payload, SECRET));
    expect(first).toEqual({ status: 200, body: { received: true, duplicate: false } });
    const replay = await postWebhook(payload, signPayload(payload, SECRET));
    expect(replay).toEqual({ status: 200, body: { received: true, duplicate: true } });
    const list = await api(stranger, 'GET', '/api/payments');
    expect(list.body.data).toHaveLength(1);
    expect(list.body.lastFailed).toBe(true);
    expect((await api(owner, 'GET', '/api/payments')).body.data.some((p: any) => p.description === 'Prueba')).toBe(false);
  });
});

describe('cash voucher: an OXXO payment for a stamp package (issue 25 §4)', () => {
  it('issues a voucher (number, page, expiry) without crediting; the store payment arrives by webhook and credits once', async () => {
    const balance = async () => (await api(stranger, 'GET', '/api/timbres')).body.balance as number;
    const before = await balance();
    const res = await api(stranger, 'GET', '/api/payments/setup-intent/50');
    expect(res.status).toBe(200);
    const v = res.body.voucher;
    expect(v).toMatchObject({ paquete: '50', amount: '225.00' });
    expect(v.paymentIntentId).toMatch(/^pi_/);
    expect(v.number).toMatch(/^\d{14}$/);
    expect(new Date(v.expiresAt).getTime()).toBeGreaterThan(Date.now() + 2 * 86400_000);
    const page = await fetch(`${server.baseUrl}${new URL(v.url).pathname}`);
    expect(await page.text()).toContain(v.number);
    expect(await balance()).toBe(before);
    expect((await api(stranger, 'GET', '/api/payments/setup-intent/7')).status).toBe(422);
    // Another account cannot pay it in its name; the owner's store payment credits 50 stamps, once.
    expect((await api(owner, 'POST', `/api/dev/payments/oxxo/${v.paymentIntentId}/pay`)).status).toBe(404);
    const paid = await api(stranger, 'POST', `/api/dev/payments/oxxo/${v.paymentIntentId}/pay`);
    expect(paid.status).toBe(200);
    expect(await balance()).toBe(before + 50);
    expect((await api(stranger, 'POST', `/api/dev/payments/oxxo/${v.paymentIntentId}/pay`)).status).toBe(422);
    expect(await balance()).toBe(before + 50);
    const history = (await api(stranger, 'GET', '/api/payments')).body.data;
    expect(history[0]).toMatchObject({ description: 'Paquete de 50 timbres (OXXO)', amount: '225.00', status: 1 });
    expect(await (await fetch(`${server.baseUrl}${new URL(v.url).pathname}`)).text()).toContain('Pagada');
  });
});

describe('stamps bought by card (POST /api/timbres {paquete, paymentMethod})', () => {
  const balance = async (a: TestAccount) => (await api(a, 'GET', '/api/timbres')).body.balance as number;

  it('the balance rises once, on payment success; a failing card changes nothing', async () => {
    const before = await balance(owner);
    const card = (await api(owner, 'POST', '/api/payments/cards', { paymentMethod: 'pm_card_chargeCustomerFail' })).body.data.find((c: any) => c.last4 === '0341');
    const failed = await api(owner, 'POST', '/api/timbres', { paquete: '10', paymentMethod: card.id });
    expect(failed.status).toBe(422);
    expect(await balance(owner)).toBe(before);
    const ok = await api(owner, 'POST', '/api/timbres', { paquete: '50', paymentMethod: 'pm_card_visa' });
    expect(ok.status).toBe(201);
    expect(ok.body.paymentId).toMatch(/^pi_/);
    expect(await balance(owner)).toBe(before + 50);
    const history = (await api(owner, 'GET', '/api/payments')).body.data;
    expect(history[0]).toMatchObject({ amount: '225.00', status: 1 });
    expect(history[1]).toMatchObject({ amount: '50.00', status: 2 });
    const strangerBefore = await balance(stranger);
    const stolen = await api(stranger, 'POST', '/api/timbres', { paquete: '10', paymentMethod: card.id });
    expect(stolen.status).toBe(422);
    expect(await balance(stranger)).toBe(strangerBefore);
  });
});

describe('secrets', () => {
  it('the webhook secret never reaches the logs (debug level, after every flow above)', () => {
    expect(logLines.length).toBeGreaterThan(10);
    expect(logLines.join('\n')).not.toContain(SECRET);
  });
});
