import Stripe from 'stripe';
import { STRIPE_API_VERSION } from '@facturo/contract';
import {
  StripeError, type PaymentsProvider, type StripeEvent, type StripeHostedSession, type StripeInvoice, type StripeOxxoPayment, type StripePaymentIntent,
  type StripePaymentMethod, type StripePrice, type StripeSubscription,
} from './local-stripe';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey?: string;
  /** The client's host/port/protocol (tests point them at a local Stripe-speaking server). */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  timeoutMs?: number;
}

/** Stripe's errors → ours (status, type, code, message); a network failure is an api_connection_error. */
function translate(err: unknown): never {
  if (err instanceof Stripe.errors.StripeError) {
    const type = err.type === 'StripeConnectionError' ? 'api_connection_error' : (err.rawType ?? 'api_error');
    throw new StripeError(err.statusCode ?? (type === 'api_connection_error' ? 503 : 500), type, err.code ?? type, err.message);
  }
  throw err;
}

async function wrap<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    translate(err);
  }
}

const idOf = (v: unknown): string | null => (typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v ? String((v as { id: string }).id) : null);

function subscription(s: Stripe.Subscription): StripeSubscription {
  const raw = s as unknown as StripeSubscription & { latest_invoice: unknown; default_payment_method: unknown };
  return { ...raw, latest_invoice: idOf(raw.latest_invoice), default_payment_method: idOf(raw.default_payment_method) };
}

/** The `stripe` provider: the official client pinned to API 2020-08-27; secrets only from the environment. */
export class StripeProvider implements PaymentsProvider {
  readonly kind = 'stripe' as const;
  readonly publishableKey: string | null;
  private readonly client: Stripe;

  constructor(opts: StripeProviderOptions) {
    this.publishableKey = opts.publishableKey ?? null;
    this.client = new Stripe(opts.secretKey, {
      apiVersion: STRIPE_API_VERSION as unknown as Stripe.LatestApiVersion,
      maxNetworkRetries: 0,
      timeout: opts.timeoutMs ?? 20_000,
      ...(opts.host ? { host: opts.host } : {}),
      ...(opts.port ? { port: opts.port } : {}),
      ...(opts.protocol ? { protocol: opts.protocol } : {}),
      telemetry: false,
    });
  }

  createCustomer(email: string, metadata: Record<string, string>) {
    return wrap(async () => ({ id: (await this.client.customers.create({ email, metadata })).id }));
  }

  createSetupIntent(customer: string) {
    return wrap(async () => {
      const si = await this.client.setupIntents.create({ customer, usage: 'off_session' });
      return { id: si.id, client_secret: si.client_secret ?? '' };
    });
  }

  attachPaymentMethod(pm: string, customer: string, name?: string) {
    return wrap(async () => {
      let attached = await this.client.paymentMethods.attach(pm, { customer });
      if (name) attached = await this.client.paymentMethods.update(attached.id, { billing_details: { name } });
      return attached as unknown as StripePaymentMethod;
    });
  }

  detachPaymentMethod(pm: string) {
    return wrap(async () => (await this.client.paymentMethods.detach(pm)) as unknown as StripePaymentMethod);
  }

  listPaymentMethods(customer: string) {
    return wrap(async () => (await this.client.paymentMethods.list({ customer, type: 'card', limit: 100 })).data as unknown as StripePaymentMethod[]);
  }

  createSubscription(input: { customer: string; price: string; default_payment_method: string; cancel_at_period_end: boolean }) {
    return wrap(async () => subscription(await this.client.subscriptions.create({
      customer: input.customer, items: [{ price: input.price }], default_payment_method: input.default_payment_method,
      cancel_at_period_end: input.cancel_at_period_end, payment_behavior: 'error_if_incomplete',
    })));
  }

  retrieveSubscription(subId: string) {
    return wrap(async () => subscription(await this.client.subscriptions.retrieve(subId)));
  }

  updateSubscription(subId: string, patch: { cancel_at_period_end?: boolean; default_payment_method?: string }) {
    return wrap(async () => subscription(await this.client.subscriptions.update(subId, patch)));
  }

  cancelSubscription(subId: string) {
    return wrap(async () => subscription(await this.client.subscriptions.cancel(subId)));
  }

  payInvoice(invoiceId: string, pm?: string) {
    return wrap(async () => (await this.client.invoices.pay(invoiceId, pm ? { payment_method: pm } : {})) as unknown as StripeInvoice);
  }

  async createPaymentIntent(input: { customer: string; amount: number; payment_method: string; description: string; metadata: Record<string, string> }): Promise<StripePaymentIntent> {
    try {
      const pi = await this.client.paymentIntents.create({
        customer: input.customer, amount: input.amount, currency: 'mxn', payment_method: input.payment_method,
        confirm: true, off_session: true, description: input.description, metadata: input.metadata,
      });
      return pi as unknown as StripePaymentIntent;
    } catch (err) {
      // A declined off-session charge: Stripe answers a card error carrying the failed intent.
      if (err instanceof Stripe.errors.StripeCardError && err.payment_intent) return err.payment_intent as unknown as StripePaymentIntent;
      translate(err);
    }
  }

  /** A real OXXO payment: payment_method_types [oxxo], confirmed at once so Stripe issues the voucher (next_action). */
  createOxxoPayment(input: { customer: string; amount: number; description: string; metadata: Record<string, string>; name: string; email: string }) {
    return wrap(async () => (await this.client.paymentIntents.create({
      customer: input.customer, amount: input.amount, currency: 'mxn', payment_method_types: ['oxxo'],
      payment_method_data: { type: 'oxxo', billing_details: { name: input.name, email: input.email } }, confirm: true,
      description: input.description, metadata: input.metadata,
      // payment_method_types is API 2020-08-27's way to name the method (the client's newer typings dropped it).
    } as unknown as Stripe.PaymentIntentCreateParams)) as unknown as StripeOxxoPayment);
  }

  createCheckoutSession(input: { customer: string; price: string; successUrl: string; cancelUrl: string }): Promise<StripeHostedSession> {
    return wrap(async () => {
      const session = await this.client.checkout.sessions.create({
        mode: 'subscription', customer: input.customer, line_items: [{ price: input.price, quantity: 1 }], payment_method_types: ['card'],
        success_url: input.successUrl, cancel_url: input.cancelUrl, locale: 'es',
      } as unknown as Stripe.Checkout.SessionCreateParams);
      return { id: session.id, url: session.url ?? '' };
    });
  }

  createPortalSession(input: { customer: string; returnUrl: string }): Promise<StripeHostedSession> {
    return wrap(async () => {
      const session = await this.client.billingPortal.sessions.create({ customer: input.customer, return_url: input.returnUrl });
      return { id: session.id, url: session.url };
    });
  }

  listPrices(): Promise<StripePrice[]> {
    return wrap(async () => {
      const list = await this.client.prices.list({ active: true, type: 'recurring', limit: 100 });
      return list.data.flatMap((p) => (p.recurring && (p.recurring.interval === 'month' || p.recurring.interval === 'year') ? [{
        id: p.id, unit_amount: p.unit_amount ?? 0, currency: p.currency, interval: p.recurring.interval as 'month' | 'year', product: typeof p.product === 'string' ? p.product : p.product.id, active: p.active,
      }] : []));
    });
  }

  advancePeriod(): Promise<StripeSubscription> {
    throw new StripeError(400, 'invalid_request_error', 'unsupported', 'La renovación inmediata solo existe con el proveedor de pruebas');
  }

  takeEvents(): StripeEvent[] {
    return [];
  }
}
