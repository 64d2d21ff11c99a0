import { randomBytes } from 'node:crypto';
import { STRIPE_API_VERSION } from '@facturo/contract';

/**
 * The offline payments provider: a small in-process Stripe (API 2020-08-27 object model — customers,
 * payment methods, setup intents, subscriptions with invoices, payment intents, events) that understands
 * Stripe's documented test payment methods, so the same ids behave the same as against Stripe:
 *   pm_card_visa, pm_card_mastercard       → attach and charge fine
 *   pm_card_chargeDeclined                 → attach refused (card_declined)
 *   pm_card_cvcCheckFail                   → attaches with checks.cvc_check 'fail' (not a verified card)
 *   pm_card_chargeCustomerFail             → attaches, every charge fails (card_declined)
 * Every state change produces Stripe events, delivered to our webhook signed exactly as Stripe signs them.
 */

export interface StripeCard { brand: string; last4: string; exp_month: number; exp_year: number; checks: { cvc_check: 'pass' | 'fail' | 'unchecked' } }
export interface StripePaymentMethod { id: string; object: 'payment_method'; type: 'card'; customer: string | null; card: StripeCard; billing_details: { name: string | null }; created: number; metadata: Record<string, string> }
export interface StripeInvoice { id: string; object: 'invoice'; customer: string; subscription: string | null; amount_due: number; amount_paid: number; currency: 'mxn'; status: 'open' | 'paid'; paid: boolean; attempt_count: number; description: string | null; lines: { data: { price: { id: string } }[] }; created: number; period_end: number }
export interface StripeSubscription { id: string; object: 'subscription'; customer: string; status: 'active' | 'past_due' | 'canceled' | 'incomplete'; cancel_at_period_end: boolean; current_period_end: number; current_period_start: number; default_payment_method: string | null; items: { data: { price: { id: string; unit_amount: number; recurring: { interval: 'month' | 'year' } } }[] }; latest_invoice: string | null }
export interface StripePaymentIntent { id: string; object: 'payment_intent'; customer: string; amount: number; currency: 'mxn'; status: 'succeeded' | 'requires_payment_method'; payment_method: string; description: string; metadata: Record<string, string>; created: number; last_payment_error: { code: string; message: string } | null }
/** An OXXO payment intent (payment_method_types ['oxxo']): requires_action until the voucher is paid in a store. */
export interface StripeOxxoPayment {
  id: string; object: 'payment_intent'; customer: string; amount: number; currency: 'mxn'; status: 'requires_action' | 'succeeded' | 'canceled';
  description: string; metadata: Record<string, string>; created: number; payment_method_types: ['oxxo'];
  next_action: { type: 'oxxo_display_details'; oxxo_display_details: { number: string; expires_after: number; hosted_voucher_url: string } } | null;
}
/** A hosted page of the provider: a Checkout session (monthly pay link) or a billing-portal session (provider link). */
export interface StripeHostedSession { id: string; url: string }
/** A recurring price of the provider's catalog (GET /v1/prices). */
export interface StripePrice { id: string; unit_amount: number; currency: string; interval: 'month' | 'year'; product: string; active: boolean }
export interface StripeEvent { id: string; object: 'event'; api_version: string; created: number; type: string; data: { object: unknown } }

/** A Stripe error as the API answers it (`{error: {type, code, message}}`) with its HTTP status. */
export class StripeError extends Error {
  constructor(public readonly statusCode: number, public readonly type: string, public readonly code: string, message: string) {
    super(message);
  }
}

const TEST_CARDS: Record<string, { brand: string; last4: string; cvc: StripeCard['checks']['cvc_check']; attach?: 'declined'; charge?: 'fail' }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', cvc: 'pass' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', cvc: 'pass' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', cvc: 'pass', attach: 'declined' },
  pm_card_cvcCheckFail: { brand: 'visa', last4: '0101', cvc: 'fail' },
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', cvc: 'pass', charge: 'fail' },
};

export interface PriceInfo { id: string; amountCents: number; interval: 'month' | 'year' }

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const now = () => Math.floor(Date.now() / 1000);
const DAY = 86400;

/** What the payments service needs of a provider: the local one below, or Stripe itself (stripe-provider.ts). */
export interface PaymentsProvider {
  readonly kind: 'local' | 'stripe';
  readonly publishableKey: string | null;
  createCustomer(email: string, metadata: Record<string, string>): Promise<{ id: string }>;
  createSetupIntent(customer: string): Promise<{ id: string; client_secret: string }>;
  attachPaymentMethod(pm: string, customer: string, name?: string): Promise<StripePaymentMethod>;
  detachPaymentMethod(pm: string): Promise<StripePaymentMethod>;
  listPaymentMethods(customer: string): Promise<StripePaymentMethod[]>;
  createSubscription(input: { customer: string; price: string; default_payment_method: string; cancel_at_period_end: boolean }): Promise<StripeSubscription>;
  retrieveSubscription(subId: string): Promise<StripeSubscription>;
  updateSubscription(subId: string, patch: { cancel_at_period_end?: boolean; default_payment_method?: string }): Promise<StripeSubscription>;
  cancelSubscription(subId: string): Promise<StripeSubscription>;
  payInvoice(invoiceId: string, pm?: string): Promise<StripeInvoice>;
  createPaymentIntent(input: { customer: string; amount: number; payment_method: string; description: string; metadata: Record<string, string> }): Promise<StripePaymentIntent>;
  /** POST /v1/payment_intents with payment_method_types [oxxo], confirmed: the cash voucher (number, hosted URL, expiry). */
  createOxxoPayment(input: { customer: string; amount: number; description: string; metadata: Record<string, string>; name: string; email: string }): Promise<StripeOxxoPayment>;
  /** POST /v1/checkout/sessions (mode subscription): the hosted page that pays the plan. */
  createCheckoutSession(input: { customer: string; price: string; successUrl: string; cancelUrl: string }): Promise<StripeHostedSession>;
  /** POST /v1/billing_portal/sessions: the customer's page at the provider (cards, invoices, cancellation). */
  createPortalSession(input: { customer: string; returnUrl: string }): Promise<StripeHostedSession>;
  /** GET /v1/prices?active=true&type=recurring: the provider's plans. */
  listPrices(): Promise<StripePrice[]>;
  /** Test clock (local provider only). */
  advancePeriod(subId: string, pm?: string): Promise<StripeSubscription>;
  /** Events to deliver to our webhook now (the local provider's push; Stripe delivers its own). */
  takeEvents(): StripeEvent[];
}

export class LocalStripe implements PaymentsProvider {
  readonly kind = 'local' as const;
  readonly publishableKey = null;
  readonly apiVersion = STRIPE_API_VERSION;
  /** Set false to simulate the provider being unreachable (tests, chaos). */
  available = true;
  private customers = new Map<string, { id: string; object: 'customer'; email: string; metadata: Record<string, string>; invoice_settings: { default_payment_method: string | null } }>();
  private paymentMethods = new Map<string, StripePaymentMethod & { failCharges: boolean }>();
  private subscriptions = new Map<string, StripeSubscription>();
  private invoices = new Map<string, StripeInvoice>();
  private intents = new Map<string, StripePaymentIntent>();
  private pending: StripeEvent[] = [];

  private oxxo = new Map<string, StripeOxxoPayment>();
  private sessions = new Map<string, { kind: 'checkout' | 'portal'; customer: string; price?: string; returnUrl: string }>();

  /**
   * `prices` resolves one price id; `catalog` lists them (the plans table); `pageBase` is where the local
   * provider's own pages (voucher, checkout, portal) are served (PUBLIC_URL + /api/payments/local/…).
   */
  constructor(
    private readonly prices: (priceId: string) => Promise<PriceInfo | undefined>,
    private readonly catalog: () => Promise<(PriceInfo & { product: string })[]> = async () => [],
    private readonly pageBase = 'http://localhost:3000/api/payments/local',
  ) {}

  private up(): void {
    if (!this.available) throw new StripeError(503, 'api_connection_error', 'provider_unavailable', 'No se pudo conectar con el proveedor de pagos');
  }

  private emit(type: string, object: unknown): void {
    this.pending.push({ id: id('evt'), object: 'event', api_version: STRIPE_API_VERSION, created: now(), type, data: { object: structuredClone(object) } });
  }

  /** Events produced since the last call (the caller delivers them to the webhook, signed). */
  takeEvents(): StripeEvent[] {
    const out = this.pending;
    this.pending = [];
    return out;
  }

  async createCustomer(email: string, metadata: Record<string, string>) {
    this.up();
    const c = { id: id('cus'), object: 'customer' as const, email, metadata, invoice_settings: { default_payment_method: null } };
    this.customers.set(c.id, c);
    return c;
  }

  async createSetupIntent(customer: string) {
    this.up();
    const siId = id('seti');
    return { id: siId, object: 'setup_intent' as const, customer, client_secret: `${siId}_secret_${randomBytes(8).toString('hex')}`, status: 'requires_payment_method' as const, usage: 'off_session' as const };
  }

  /** POST /v1/payment_methods/{pm}/attach: a test id is cloned into a new pm owned by the customer, like Stripe does. */
  async attachPaymentMethod(pm: string, customer: string, name?: string): Promise<StripePaymentMethod> {
    this.up();
    if (!this.customers.has(customer)) throw new StripeError(404, 'invalid_request_error', 'resource_missing', `No such customer: '${customer}'`);
    const test = TEST_CARDS[pm];
    if (test) {
      if (test.attach === 'declined') throw new StripeError(402, 'card_error', 'card_declined', 'Your card was declined.');
      const created: StripePaymentMethod & { failCharges: boolean } = {
        id: id('pm'), object: 'payment_method', type: 'card', customer, created: now(), metadata: {}, failCharges: test.charge === 'fail',
        card: { brand: test.brand, last4: test.last4, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, checks: { cvc_check: test.cvc } },
        billing_details: { name: name ?? null },
      };
      this.paymentMethods.set(created.id, created);
      return strip(created);
    }
    const existing = this.paymentMethods.get(pm);
    if (!existing) throw new StripeError(404, 'invalid_request_error', 'resource_missing', `No such PaymentMethod: '${pm}'`);
    if (existing.customer && existing.customer !== customer) {
      throw new StripeError(400, 'invalid_request_error', 'payment_method_unexpected_state', 'The payment method you provided has already been attached to a customer.');
    }
    existing.customer = customer;
    return strip(existing);
  }

  async detachPaymentMethod(pm: string) {
    this.up();
    const existing = this.paymentMethods.get(pm);
    if (!existing || !existing.customer) throw new StripeError(404, 'invalid_request_error', 'resource_missing', `No such PaymentMethod: '${pm}'`);
    existing.customer = null;
    return strip(existing);
  }

  async retrievePaymentMethod(pm: string): Promise<StripePaymentMethod> {
    this.up();
    const existing = this.paymentMethods.get(pm);
    if (!existing) throw new StripeError(404, 'invalid_request_error', 'resource_missing', `No such PaymentMethod: '${pm}'`);
    return strip(existing);
  }

  async listPaymentMethods(customer: string): Promise<StripePaymentMethod[]> {
    this.up();
    // Newest first, as Stripe lists them (insertion order: `created` has one-second resolution).
    return [...this.paymentMethods.values()].reverse().filter((p) => p.customer === customer).map(strip);
  }

  private ownedCard(pm: string, customer: string) {
    const card = this.paymentMethods.get(pm);
    if (!card || card.customer !== customer) throw new StripeError(400, 'invalid_request_error', 'resource_missing', `No such PaymentMethod: '${pm}'`);
    return card;
  }

  /** Charges an invoice with a card; emits invoice.paid or invoice.payment_failed. */
  private chargeInvoice(inv: StripeInvoice, pm: string): boolean {
    const card = this.paymentMethods.get(pm);
    inv.attempt_count += 1;
    if (!card || card.failCharges || card.customer !== inv.customer) {
      this.emit('invoice.payment_failed', inv);
      return false;
    }
    inv.status = 'paid';
    inv.paid = true;
    inv.amount_paid = inv.amount_due;
    this.emit('invoice.paid', inv);
    return true;
  }

  private newInvoice(sub: StripeSubscription, price: PriceInfo, description: string): StripeInvoice {
    const inv: StripeInvoice = {
      id: id('in'), object: 'invoice', customer: sub.customer, subscription: sub.id, amount_due: price.amountCents, amount_paid: 0, currency: 'mxn',
      status: 'open', paid: false, attempt_count: 0, description, lines: { data: [{ price: { id: price.id } }] }, created: now(), period_end: sub.current_period_end,
    };
    this.invoices.set(inv.id, inv);
    sub.latest_invoice = inv.id;
    return inv;
  }

  async createSubscription(input: { customer: string; price: string; default_payment_method: string; cancel_at_period_end: boolean }): Promise<StripeSubscription> {
    this.up();
    const price = await this.prices(input.price);
    if (!price) throw new StripeError(400, 'invalid_request_error', 'resource_missing', `No such price: '${input.price}'`);
    this.ownedCard(input.default_payment_method, input.customer);
    const start = now();
    const sub: StripeSubscription = {
      id: id('sub'), object: 'subscription', customer: input.customer, status: 'incomplete', cancel_at_period_end: input.cancel_at_period_end,
      current_period_start: start, current_period_end: start + (price.interval === 'year' ? 365 : 30) * DAY, default_payment_method: input.default_payment_method,
      items: { data: [{ price: { id: price.id, unit_amount: price.amountCents, recurring: { interval: price.interval } } }] }, latest_invoice: null,
    };
    const inv = this.newInvoice(sub, price, 'Suscripción Premium');
    // Stripe (payment_behavior default_incomplete=false): a first charge that fails leaves the subscription incomplete and answers a card error.
    if (!this.chargeInvoice(inv, input.default_payment_method)) {
      this.pending = this.pending.filter((e) => (e.data.object as { id?: string }).id !== inv.id);
      this.invoices.delete(inv.id);
      throw new StripeError(402, 'card_error', 'card_declined', 'Your card was declined.');
    }
    sub.status = 'active';
    this.subscriptions.set(sub.id, sub);
    this.emit('customer.subscription.created', sub);
    return structuredClone(sub);
  }

  async retrieveSubscription(subId: string): Promise<StripeSubscription> {
    this.up();
    const sub = this.subscriptions.get(subId);
    if (!sub) throw new StripeError(404, 'invalid_request_error', 'resource_missing', `No such subscription: '${subId}'`);
    return structuredClone(sub);
  }

  async updateSubscription(subId: string, patch: { cancel_at_period_end?: boolean; default_payment_method?: string }): Promise<StripeSubscription> {
    this.up();
    const sub = this.subscriptions.get(subId);
    if (!sub || sub.status === 'canceled') throw new StripeError(404, 'invalid_request_error', 'resource_missing', `No such subscription: '${subId}'`);
    if (patch.default_payment_method) {
      this.ownedCard(patch.default_payment_method, sub.customer);
      sub.default_payment_method = patch.default_payment_method;
    }
    if (patch.cancel_at_period_end !== undefined) sub.cancel_at_period_end = patch.cancel_at_period_end;
    this.emit('customer.subscription.updated', sub);
    return structuredClone(sub);
  }

  async cancelSubscription(subId: string): Promise<StripeSubscription> {
    this.up();
    const sub = this.subscriptions.get(subId);
    if (!sub || sub.status === 'canceled') throw new StripeError(404, 'invalid_request_error', 'resource_missing', `No such subscription: '${subId}'`);
    sub.status = 'canceled';
    this.emit('customer.subscription.deleted', sub);
    return structuredClone(sub);
  }

  /** POST /v1/invoices/{id}/pay {payment_method}: retries an open invoice. */
  async payInvoice(invoiceId: string, pm?: string): Promise<StripeInvoice> {
    this.up();
    const inv = this.invoices.get(invoiceId);
    if (!inv) throw new StripeError(404, 'invalid_request_error', 'resource_missing', `No such invoice: '${invoiceId}'`);
    if (inv.paid) throw new StripeError(400, 'invalid_request_error', 'invoice_already_paid', 'Invoice is already paid');
    const sub = inv.subscription ? this.subscriptions.get(inv.subscription) : undefined;
    const card = pm ?? sub?.default_payment_method ?? '';
    if (pm) this.ownedCard(pm, inv.customer);
    const ok = this.chargeInvoice(inv, card);
    if (sub) {
      if (ok) {
        sub.status = 'active';
        if (pm) sub.default_payment_method = pm;
      } else sub.status = 'past_due';
      this.emit('customer.subscription.updated', sub);
    }
    if (!ok) throw new StripeError(402, 'card_error', 'card_declined', 'Your card was declined.');
    return structuredClone(inv);
  }

  /**
   * Test clock: the subscription reaches its period end now. A subscription set to cancel at period end is
   * deleted; otherwise a new period starts and its invoice is charged (to `pm` if given, the default card otherwise).
   */
  async advancePeriod(subId: string, pm?: string): Promise<StripeSubscription> {
    this.up();
    const sub = this.subscriptions.get(subId);
    if (!sub || sub.status === 'canceled') throw new StripeError(404, 'invalid_request_error', 'resource_missing', `No such subscription: '${subId}'`);
    if (sub.cancel_at_period_end) {
      sub.status = 'canceled';
      this.emit('customer.subscription.deleted', sub);
      return structuredClone(sub);
    }
    const price = await this.prices(sub.items.data[0]!.price.id);
    if (!price) throw new StripeError(400, 'invalid_request_error', 'resource_missing', 'No such price');
    const length = sub.current_period_end - sub.current_period_start;
    sub.current_period_start = now();
    sub.current_period_end = sub.current_period_start + length;
    if (pm) {
      this.ownedCard(pm, sub.customer);
      sub.default_payment_method = pm;
    }
    const inv = this.newInvoice(sub, price, 'Renovación de la suscripción Premium');
    sub.status = this.chargeInvoice(inv, sub.default_payment_method ?? '') ? 'active' : 'past_due';
    this.emit('customer.subscription.updated', sub);
    return structuredClone(sub);
  }

  /** The OXXO voucher: a reference number good for 3 days; paid later in a store (payOxxo). */
  async createOxxoPayment(input: { customer: string; amount: number; description: string; metadata: Record<string, string>; name: string; email: string }): Promise<StripeOxxoPayment> {
    this.up();
    if (!this.customers.has(input.customer)) throw new StripeError(404, 'invalid_request_error', 'resource_missing', `No such customer: '${input.customer}'`);
    if (input.amount < 1000 || input.amount > 1_000_000) throw new StripeError(400, 'invalid_request_error', 'amount_too_small', 'OXXO amounts must be between 10.00 and 10,000.00 MXN');
    const piId = id('pi');
    const number = Array.from(randomBytes(14), (b) => String(b % 10)).join('');
    const pi: StripeOxxoPayment = {
      id: piId, object: 'payment_intent', customer: input.customer, amount: input.amount, currency: 'mxn', status: 'requires_action',
      description: input.description, metadata: input.metadata, created: now(), payment_method_types: ['oxxo'],
      next_action: { type: 'oxxo_display_details', oxxo_display_details: { number, expires_after: now() + 3 * DAY, hosted_voucher_url: `${this.pageBase}/${piId}` } },
    };
    this.oxxo.set(piId, pi);
    this.emit('payment_intent.requires_action', pi);
    return structuredClone(pi);
  }

  /** Simulates the customer paying the voucher at an OXXO store: the intent succeeds and the event is emitted. */
  async payOxxo(piId: string): Promise<StripeOxxoPayment> {
    this.up();
    const pi = this.oxxo.get(piId);
    if (!pi) throw new StripeError(404, 'invalid_request_error', 'resource_missing', `No such payment_intent: '${piId}'`);
    if (pi.status !== 'requires_action') throw new StripeError(400, 'invalid_request_error', 'payment_intent_unexpected_state', `This PaymentIntent's status is ${pi.status}`);
    pi.status = 'succeeded';
    pi.next_action = null;
    this.emit('payment_intent.succeeded', pi);
    return structuredClone(pi);
  }

  async createCheckoutSession(input: { customer: string; price: string; successUrl: string; cancelUrl: string }): Promise<StripeHostedSession> {
    this.up();
    if (!(await this.prices(input.price))) throw new StripeError(400, 'invalid_request_error', 'resource_missing', `No such price: '${input.price}'`);
    const sid = id('cs_test');
    this.sessions.set(sid, { kind: 'checkout', customer: input.customer, price: input.price, returnUrl: input.cancelUrl });
    return { id: sid, url: `${this.pageBase}/${sid}` };
  }

  async createPortalSession(input: { customer: string; returnUrl: string }): Promise<StripeHostedSession> {
    this.up();
    if (!this.customers.has(input.customer)) throw new StripeError(404, 'invalid_request_error', 'resource_missing', `No such customer: '${input.customer}'`);
    const sid = id('bps');
    this.sessions.set(sid, { kind: 'portal', customer: input.customer, returnUrl: input.returnUrl });
    return { id: sid, url: `${this.pageBase}/${sid}` };
  }

  async listPrices(): Promise<StripePrice[]> {
    this.up();
    return (await this.catalog()).map((p) => ({ id: p.id, unit_amount: p.amountCents, currency: 'mxn', interval: p.interval, product: p.product, active: true }));
  }

  /** What a local page (voucher, checkout, portal) shows; undefined for an unknown id. */
  page(pageId: string): LocalPage | undefined {
    const pi = this.oxxo.get(pageId);
    if (pi) {
      return { kind: 'voucher', id: pi.id, customer: pi.customer, amount: pi.amount, status: pi.status, description: pi.description,
        number: pi.next_action?.oxxo_display_details.number, expiresAfter: pi.next_action?.oxxo_display_details.expires_after };
    }
    const session = this.sessions.get(pageId);
    return session ? { kind: session.kind, id: pageId, customer: session.customer, price: session.price, returnUrl: session.returnUrl } : undefined;
  }

  /** POST /v1/payment_intents {confirm: true, off_session: true}: a one-time charge (stamp packages). */
  async createPaymentIntent(input: { customer: string; amount: number; payment_method: string; description: string; metadata: Record<string, string> }): Promise<StripePaymentIntent> {
    this.up();
    const card = this.ownedCard(input.payment_method, input.customer);
    const pi: StripePaymentIntent = {
      id: id('pi'), object: 'payment_intent', customer: input.customer, amount: input.amount, currency: 'mxn', status: 'succeeded',
      payment_method: input.payment_method, description: input.description, metadata: input.metadata, created: now(), last_payment_error: null,
    };
    if (card.failCharges || card.card.checks.cvc_check === 'fail') {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = { code: 'card_declined', message: 'Your card was declined.' };
      this.intents.set(pi.id, pi);
      this.emit('payment_intent.payment_failed', pi);
      return structuredClone(pi);
    }
    this.intents.set(pi.id, pi);
    this.emit('payment_intent.succeeded', pi);
    return structuredClone(pi);
  }
}

export interface LocalPage { kind: 'voucher' | 'checkout' | 'portal'; id: string; customer: string; amount?: number; number?: string; expiresAfter?: number; status?: string; price?: string; returnUrl?: string; description?: string }

function strip(pm: StripePaymentMethod & { failCharges?: boolean }): StripePaymentMethod {
  const { failCharges: _ignored, ...rest } = pm;
  return structuredClone(rest);
}
