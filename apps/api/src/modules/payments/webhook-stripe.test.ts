import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server';

// With STRIPE_SECRET_KEY set the webhook is checked by Stripe's library (stripe.webhooks.constructEvent), over HTTP.
const SECRET = 'whsec_test_stripe_provider';
let server: TestServer;

const postWebhook = async (payload: string, signature?: string) => {
  const res = await fetch(`${server.baseUrl}/api/webhooks/stripe`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) }, body: payload,
  });
  return { status: res.status, body: (await res.json()) as any };
};

beforeAll(async () => {
  server = await startTestServer({ STRIPE_SECRET_KEY: 'sk_test_not_called', STRIPE_WEBHOOK_SECRET: SECRET });
}, 180_000);
afterAll(() => server?.close());

describe('webhook with the Stripe provider', () => {
  const payload = JSON.stringify({ id: 'evt_stripe_provider_1', object: 'event', api_version: '2020-08-27', created: Math.floor(Date.now() / 1000), type: 'ping', data: { object: {} } });

  it("refuses what Stripe's check refuses, in Spanish; accepts Stripe's own signature once", async () => {
    const wrong = await postWebhook(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' }));
    expect(wrong).toEqual({ status: 400, body: { message: 'La firma del evento no coincide' } });
    const stale = await postWebhook(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 }));
    expect(stale).toEqual({ status: 400, body: { message: 'La firma del evento está fuera de la tolerancia de tiempo' } });
    expect((await postWebhook(payload, 'v1=abc')).body.message).toBe('El encabezado Stripe-Signature no es válido');
    expect((await postWebhook(payload)).body.message).toBe('Falta el encabezado Stripe-Signature');

    const first = await postWebhook(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }));
    expect(first).toEqual({ status: 200, body: { received: true, duplicate: false } });
    const replay = await postWebhook(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }));
    expect(replay).toEqual({ status: 200, body: { received: true, duplicate: true } });
  });

  it('a timestamp from the future is Stripe\'s to judge: its library accepts it (the local check would refuse it)', async () => {
    const later = payload.replace('evt_stripe_provider_1', 'evt_stripe_provider_2');
    const future = await postWebhook(later, Stripe.webhooks.generateTestHeaderString({ payload: later, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) + 3600 }));
    expect(future).toEqual({ status: 200, body: { received: true, duplicate: false } });
  });
});
