import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStripe, StripeError } from './local-stripe';
import { StripeProvider } from './stripe-provider';

/**
 * A local HTTP server speaking the subset of Stripe's REST API the provider calls: form-encoded bodies,
 * Stripe's object and error shapes, the Stripe-Version header. Behind it, the local provider's model.
 */
interface Seen { method: string; path: string; version: string | undefined; contentType: string | undefined; auth: string | undefined; form: URLSearchParams }
const seen: Seen[] = [];
const model = new LocalStripe(async (id) => (id === 'price_premium_monthly' ? { id, amountCents: 29900, interval: 'month' } : undefined));
let server: Server;
let port: number;

const readBody = (req: IncomingMessage) => new Promise<string>((resolve) => {
  let data = '';
  req.on('data', (c) => (data += c));
  req.on('end', () => resolve(data));
});

async function answer(method: string, path: string, form: URLSearchParams, query: URLSearchParams): Promise<unknown> {
  const meta = (prefix: string) => Object.fromEntries([...form.entries()].filter(([k]) => k.startsWith(`${prefix}[`)).map(([k, v]) => [k.slice(prefix.length + 1, -1), v]));
  let m: RegExpMatchArray | null;
  if (method === 'POST' && path === '/v1/customers') return model.createCustomer(form.get('email') ?? '', meta('metadata'));
  if (method === 'POST' && path === '/v1/setup_intents') return model.createSetupIntent(form.get('customer') ?? '');
  if (method === 'POST' && (m = path.match(/^\/v1\/payment_methods\/([^/]+)\/attach$/))) return model.attachPaymentMethod(m[1]!, form.get('customer') ?? '');
  if (method === 'POST' && (m = path.match(/^\/v1\/payment_methods\/([^/]+)\/detach$/))) return model.detachPaymentMethod(m[1]!);
  if (method === 'GET' && path === '/v1/payment_methods') {
    return { object: 'list', url: '/v1/payment_methods', has_more: false, data: await model.listPaymentMethods(query.get('customer') ?? '') };
  }
  if (method === 'POST' && path === '/v1/subscriptions') {
    return model.createSubscription({
      customer: form.get('customer') ?? '', price: form.get('items[0][price]') ?? '', default_payment_method: form.get('default_payment_method') ?? '',
      cancel_at_period_end: form.get('cancel_at_period_end') === 'true',
    });
  }
  if (method === 'POST' && path === '/v1/payment_intents' && form.get('payment_method_types[0]') === 'oxxo') {
    // Stripe confirms an OXXO intent into requires_action with the voucher in next_action.
    return model.createOxxoPayment({
      customer: form.get('customer') ?? '', amount: Number(form.get('amount')), description: form.get('description') ?? '', metadata: meta('metadata'),
      name: form.get('payment_method_data[billing_details][name]') ?? '', email: form.get('payment_method_data[billing_details][email]') ?? '',
    });
  }
  if (method === 'POST' && path === '/v1/payment_intents') {
    const pi = await model.createPaymentIntent({
      customer: form.get('customer') ?? '', amount: Number(form.get('amount')), payment_method: form.get('payment_method') ?? '',
      description: form.get('description') ?? '', metadata: meta('metadata'),
    });
    // Stripe answers a declined confirmation as a card error carrying the payment intent.
    if (pi.status !== 'succeeded') throw Object.assign(new StripeError(402, 'card_error', 'card_declined', 'Your card was declined.'), { payment_intent: pi });
    return pi;
  }
  if (method === 'POST' && path === '/v1/checkout/sessions') {
    return { id: 'cs_test_1', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_1', mode: form.get('mode') };
  }
  if (method === 'POST' && path === '/v1/billing_portal/sessions') {
    return { id: 'bps_1', object: 'billing_portal.session', url: 'https://billing.stripe.com/session/bps_1', customer: form.get('customer') };
  }
  if (method === 'GET' && path === '/v1/prices') {
    return { object: 'list', url: '/v1/prices', has_more: false, data: [
      { id: 'price_premium_monthly', object: 'price', active: true, currency: 'mxn', unit_amount: 29900, product: 'prod_premium', recurring: { interval: 'month' } },
      { id: 'price_premium_weekly', object: 'price', active: true, currency: 'mxn', unit_amount: 9900, product: 'prod_premium', recurring: { interval: 'week' } },
    ] };
  }
  throw new StripeError(404, 'invalid_request_error', 'resource_missing', `Unrecognized request URL (${method}: ${path})`);
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const form = new URLSearchParams(await readBody(req));
    seen.push({ method: req.method ?? '', path: url.pathname, version: req.headers['stripe-version'] as string | undefined, contentType: req.headers['content-type'], auth: req.headers.authorization, form });
    try {
      const body = await answer(req.method ?? '', url.pathname, form, url.searchParams);
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_local' }).end(JSON.stringify(body));
    } catch (err) {
      if (!(err instanceof StripeError)) throw err;
      const extra = (err as StripeError & { payment_intent?: unknown }).payment_intent;
      res.writeHead(err.statusCode, { 'content-type': 'application/json', 'request-id': 'req_local' })
        .end(JSON.stringify({ error: { type: err.type, code: err.code, message: err.message, ...(extra ? { payment_intent: extra } : {}) } }));
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const provider = () => new StripeProvider({ secretKey: 'sk_test_local_only', host: '127.0.0.1', port, protocol: 'http', publishableKey: 'pk_test_local' });

describe('the stripe provider against a local Stripe-speaking server', () => {
  it('sends form-encoded requests with Stripe-Version 2020-08-27 and the secret as Bearer', async () => {
    const p = provider();
    const customer = await p.createCustomer('ana@ejemplo.mx', { userId: '7' });
    expect(customer.id).toMatch(/^cus_/);
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ method: 'POST', path: '/v1/customers', version: '2020-08-27', auth: 'Bearer sk_test_local_only' });
    expect(last.contentType).toMatch(/application\/x-www-form-urlencoded/);
    expect(last.form.get('email')).toBe('ana@ejemplo.mx');
    expect(last.form.get('metadata[userId]')).toBe('7');
    expect(p.publishableKey).toBe('pk_test_local');
  });

  it('cards: attach a test card, list it, a declined card is a card_error', async () => {
    const p = provider();
    const { id: customer } = await p.createCustomer('b@ejemplo.mx', {});
    const si = await p.createSetupIntent(customer);
    expect(si.client_secret).toMatch(/_secret_/);
    const card = await p.attachPaymentMethod('pm_card_visa', customer);
    expect(card.card).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(seen.at(-1)).toMatchObject({ path: '/v1/payment_methods/pm_card_visa/attach' });
    expect((await p.listPaymentMethods(customer)).map((c) => c.id)).toEqual([card.id]);
    expect(seen.at(-1)).toMatchObject({ method: 'GET', path: '/v1/payment_methods' });
    await expect(p.attachPaymentMethod('pm_card_chargeDeclined', customer)).rejects.toMatchObject({ statusCode: 402, type: 'card_error', code: 'card_declined' });
  });

  it('subscription with items[0][price]; an unknown price is an invalid_request_error', async () => {
    const p = provider();
    const { id: customer } = await p.createCustomer('c@ejemplo.mx', {});
    const card = await p.attachPaymentMethod('pm_card_mastercard', customer);
    const sub = await p.createSubscription({ customer, price: 'price_premium_monthly', default_payment_method: card.id, cancel_at_period_end: false });
    expect(sub).toMatchObject({ status: 'active', cancel_at_period_end: false });
    expect(sub.latest_invoice).toMatch(/^in_/);
    const req = seen.at(-1)!;
    expect(req.form.get('items[0][price]')).toBe('price_premium_monthly');
    expect(req.form.get('payment_behavior')).toBe('error_if_incomplete');
    await expect(p.createSubscription({ customer, price: 'price_nope', default_payment_method: card.id, cancel_at_period_end: false }))
      .rejects.toMatchObject({ statusCode: 400, type: 'invalid_request_error' });
  });

  it('a declined off-session payment intent comes back as the failed intent', async () => {
    const p = provider();
    const { id: customer } = await p.createCustomer('d@ejemplo.mx', {});
    const card = await p.attachPaymentMethod('pm_card_chargeCustomerFail', customer);
    const pi = await p.createPaymentIntent({ customer, amount: 5000, payment_method: card.id, description: 'Paquete de 10 timbres', metadata: { paquete: '10' } });
    expect(pi.status).toBe('requires_payment_method');
    const req = seen.at(-1)!;
    expect(req.form.get('confirm')).toBe('true');
    expect(req.form.get('off_session')).toBe('true');
    expect(req.form.get('currency')).toBe('mxn');
  });

  it('OXXO: payment_method_types[0]=oxxo, confirmed, billing name and email; the voucher comes back in next_action (issue 25 §4)', async () => {
    const p = provider();
    const { id: customer } = await p.createCustomer('f@ejemplo.mx', {});
    const pi = await p.createOxxoPayment({ customer, amount: 22500, description: 'Paquete de 50 timbres (OXXO)', metadata: { paquete: '50' }, name: 'Juana Pérez', email: 'f@ejemplo.mx' });
    const req = seen.at(-1)!;
    expect(req).toMatchObject({ method: 'POST', path: '/v1/payment_intents', version: '2020-08-27' });
    expect(req.form.get('payment_method_types[0]')).toBe('oxxo');
    expect(req.form.get('payment_method_data[type]')).toBe('oxxo');
    expect(req.form.get('payment_method_data[billing_details][name]')).toBe('Juana Pérez');
    expect(req.form.get('confirm')).toBe('true');
    expect(req.form.get('currency')).toBe('mxn');
    expect(pi.status).toBe('requires_action');
    expect(pi.next_action?.oxxo_display_details.number).toMatch(/^\d{14}$/);
  });

  it('Checkout session (mode subscription), billing-portal session and the recurring price list', async () => {
    const p = provider();
    const checkout = await p.createCheckoutSession({ customer: 'cus_1', price: 'price_premium_monthly', successUrl: 'https://app/plans?pago=ok', cancelUrl: 'https://app/plans' });
    expect(checkout.url).toBe('https://checkout.stripe.com/c/pay/cs_test_1');
    const req = seen.at(-1)!;
    expect(req.form.get('mode')).toBe('subscription');
    expect(req.form.get('line_items[0][price]')).toBe('price_premium_monthly');
    expect(req.form.get('customer')).toBe('cus_1');
    const portal = await p.createPortalSession({ customer: 'cus_1', returnUrl: 'https://app/payment-cards' });
    expect(portal.url).toBe('https://billing.stripe.com/session/bps_1');
    expect(seen.at(-1)!.form.get('return_url')).toBe('https://app/payment-cards');
    const prices = await p.listPrices();
    expect(seen.at(-1)).toMatchObject({ method: 'GET', path: '/v1/prices' });
    expect(prices).toEqual([{ id: 'price_premium_monthly', unit_amount: 29900, currency: 'mxn', interval: 'month', product: 'prod_premium', active: true }]);
  });

  it('Stripe unreachable is an api_connection_error (the service answers 503 in Spanish)', async () => {
    const down = new StripeProvider({ secretKey: 'sk_test_local_only', host: '127.0.0.1', port: 1, protocol: 'http', timeoutMs: 2000 });
    await expect(down.createCustomer('e@ejemplo.mx', {})).rejects.toMatchObject({ type: 'api_connection_error' });
  });
});
