import { and, desc, eq, or } from 'drizzle-orm';
import { fromCents, toCents } from '@facturo/cfdi/money';
import { CHARGE_EVENT, PAYMENT_STATUS, STAMP_PACKAGES, type Card, type Customer, type StampPackage } from '@facturo/contract';
import type { Db } from '../../db/client';
import { plans, users } from '../../db/schema';
import { AppError, fieldError, notFound } from '../../http/errors';
import type { Publisher } from '../../realtime/publisher';
import { LocalStripe, StripeError, type PaymentsProvider, type PriceInfo, type StripeEvent, type StripePaymentMethod } from '../../providers/payments/local-stripe';
import { stampBalances } from '../cfdis/cfdis.schema';
import { payCustomers, payPayments, paySubscriptions, payWebhookEvents } from './payments.schema';
import { signPayload } from './signature';
import { applySubscription, applyToAccount } from './payment-events';

async function priceInfo(db: Db, priceId: string): Promise<(PriceInfo & { planId: number }) | undefined> {
  const [plan] = await db.select().from(plans).where(or(eq(plans.monthlyPriceId, priceId), eq(plans.yearlyPriceId, priceId))).limit(1);
  if (!plan) return undefined;
  const monthly = plan.monthlyPriceId === priceId;
  return { id: priceId, planId: plan.id, amountCents: toCents(monthly ? plan.monthlyCost : plan.yearlyCost), interval: monthly ? 'month' : 'year' };
}

/** Every recurring price of the plans catalog: the local provider's price list (Stripe has its own). */
async function catalogPrices(db: Db): Promise<(PriceInfo & { product: string })[]> {
  const rows = await db.select().from(plans).orderBy(plans.id);
  return rows.filter((p) => !p.isFree).flatMap((p) => [
    ...(p.monthlyPriceId ? [{ id: p.monthlyPriceId, amountCents: toCents(p.monthlyCost), interval: 'month' as const, product: p.name }] : []),
    ...(p.yearlyPriceId ? [{ id: p.yearlyPriceId, amountCents: toCents(p.yearlyCost), interval: 'year' as const, product: p.name }] : []),
  ]);
}

const providers = new WeakMap<Db, LocalStripe>();
/**
 * The local provider of a database (one per API process and database, like one Stripe account); its pages
 * (voucher, checkout, portal) live under `publicUrl`/api/payments/local/ (the first call names it).
 */
export function localStripeFor(db: Db, publicUrl = 'http://localhost:3000'): LocalStripe {
  let p = providers.get(db);
  if (!p) {
    p = new LocalStripe((priceId) => priceInfo(db, priceId), () => catalogPrices(db), `${publicUrl.replace(/\/+$/, '')}/api/payments/local`);
    providers.set(db, p);
  }
  return p;
}

export interface PaymentsDeps {
  db: Db;
  stripe: PaymentsProvider;
  publisher: Publisher;
  webhookSecret: string;
  /** PUBLIC_URL (return addresses of the provider's hosted pages). */
  publicUrl?: string;
  /** Posts a signed event to our own webhook endpoint (the local provider's delivery). */
  deliver(payload: string, signature: string): Promise<void>;
  /** Hands the account's webhook deliveries (subscription.changed) to the worker, after their commit. */
  queueWebhooks?(ids: number[]): Promise<void>;
}

export interface PayAccount { id: number; rfc: string; email: string; rolId: number }

const PROVIDER_DOWN = 'El proveedor de pagos no responde en este momento. No se realizó ningún cargo; inténtalo de nuevo en unos minutos.';

/** Provider errors → Spanish answers naming the field; nothing of ours was written before the call. */
function translate(err: unknown): never {
  if (!(err instanceof StripeError)) throw err;
  if (err.type === 'api_connection_error' || err.statusCode >= 500) throw new AppError(503, PROVIDER_DOWN);
  if (err.code === 'card_declined') throw fieldError('paymentMethod', 'La tarjeta fue rechazada por el banco. Usa otra tarjeta.');
  if (err.code === 'incorrect_cvc') throw fieldError('paymentMethod', 'La tarjeta no pasó la verificación del CVC. Usa otra tarjeta.');
  if (err.code === 'payment_method_unexpected_state') throw fieldError('paymentMethod', 'La tarjeta pertenece a otro cliente.');
  if (/PaymentMethod/.test(err.message)) throw fieldError('paymentMethod', 'La tarjeta no existe o no está registrada en tu cuenta.');
  if (/price/.test(err.message)) throw fieldError('priceId', 'El plan seleccionado no existe.');
  throw new AppError(422, 'El proveedor de pagos rechazó la operación.');
}

async function provider<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    translate(err);
  }
}

export class PaymentsService {
  constructor(private readonly deps: PaymentsDeps) {}

  private get db() { return this.deps.db; }
  private get stripe() { return this.deps.stripe; }
  /** Never fails the payment: a missed hand-over is sent by the webhook worker's every-minute pass. */
  private async queueWebhooks(ids: number[]): Promise<void> {
    if (ids.length && this.deps.queueWebhooks) await this.deps.queueWebhooks(ids).catch((err) => console.error('[payments] webhooks', err));
  }

  /** PUBLIC_URL: where the provider's hosted pages send the customer back. */
  private get publicUrl() { return (this.deps.publicUrl ?? 'http://localhost:3000').replace(/\/+$/, ''); }

  /**
   * GET /api/payments/setup-intent/:id, the cash-voucher variant (spec §7.14): `id` is a stamp package. A real
   * OXXO payment (Stripe's `oxxo` method; the local provider simulates it) whose voucher the customer pays in a
   * store within 3 days; the provider's payment_intent.succeeded webhook then credits the stamps, once.
   */
  async voucher(account: PayAccount, id: string) {
    if (!(id in STAMP_PACKAGES)) {
      throw fieldError('id', `El pago en efectivo (OXXO) es para paquetes de timbres: elige ${Object.keys(STAMP_PACKAGES).join(', ')}`);
    }
    const paquete = id as StampPackage;
    const customer = await this.ensureCustomer(account);
    const [user] = await this.db.select({ fullName: users.fullName }).from(users).where(eq(users.id, account.id));
    try {
      const pi = await provider(() => this.stripe.createOxxoPayment({
        customer, amount: toCents(STAMP_PACKAGES[paquete]), description: `Paquete de ${paquete} timbres (OXXO)`,
        metadata: { userId: String(account.id), paquete, method: 'oxxo' }, name: user?.fullName?.trim() || account.rfc, email: account.email,
      }));
      const details = pi.next_action?.oxxo_display_details;
      if (!details) throw new AppError(502, 'El proveedor de pagos no emitió la ficha de pago en OXXO; no se realizó ningún cargo.');
      return {
        id: pi.id, clientSecret: (pi as { client_secret?: string }).client_secret ?? '', customerId: customer, provider: this.stripe.kind, publishableKey: this.stripe.publishableKey,
        voucher: {
          paymentIntentId: pi.id, paquete, amount: STAMP_PACKAGES[paquete], number: details.number, url: details.hosted_voucher_url,
          expiresAt: new Date(details.expires_after * 1000).toISOString(),
        },
      };
    } finally {
      await this.flush();
    }
  }

  /** GET /api/payments/monthly-link: a Checkout session of the monthly price of the (first) paid plan. */
  async monthlyLink(account: PayAccount) {
    const [plan] = (await this.db.select().from(plans).orderBy(plans.id)).filter((p) => !p.isFree && p.monthlyPriceId);
    if (!plan?.monthlyPriceId) throw notFound('No hay un plan con pago mensual');
    const customer = await this.ensureCustomer(account);
    const session = await provider(() => this.stripe.createCheckoutSession({
      customer, price: plan.monthlyPriceId!, successUrl: `${this.publicUrl}/plans?pago=ok`, cancelUrl: `${this.publicUrl}/plans`,
    }));
    return { url: session.url, message: `Paga tu mensualidad de ${plan.name} ($${plan.monthlyCost} MXN) en la página segura del proveedor de pagos` };
  }

  /** GET /api/payments/provider-link: the customer's billing portal at the provider (cards, invoices, cancellation). */
  async providerLink(account: PayAccount) {
    const customer = await this.ensureCustomer(account);
    const session = await provider(() => this.stripe.createPortalSession({ customer, returnUrl: `${this.publicUrl}/payment-cards` }));
    return { url: session.url, message: 'Administra tus tarjetas y facturas en el portal del proveedor de pagos' };
  }

  /** GET /api/payments/plans: the provider's recurring prices (Stripe's price list, or the local provider's). */
  async providerPlans() {
    const prices = await provider(() => this.stripe.listPrices());
    return {
      data: prices.map((p) => ({
        priceId: p.id, product: p.product, amount: fromCents(p.unit_amount), currency: p.currency.toUpperCase(), interval: p.interval,
        recurrency: p.interval === 'month' ? 1 as const : 2 as const,
      })),
    };
  }

  /** Test clock (NODE_ENV=test, local provider): the OXXO voucher is paid in a store; the webhook credits the stamps. */
  async payVoucher(account: PayAccount, paymentIntentId: string) {
    if (!(this.stripe instanceof LocalStripe)) throw new AppError(409, 'Solo el proveedor de pruebas simula el pago en tienda');
    const customer = await this.customerId(account.id);
    const page = this.stripe.page(paymentIntentId);
    if (!customer || !page || page.kind !== 'voucher' || page.customer !== customer) throw notFound('La ficha de pago no existe');
    const local = this.stripe;
    try {
      await provider(() => local.payOxxo(paymentIntentId));
    } finally {
      await this.flush();
    }
    const [row] = await this.db.select({ balance: stampBalances.balance }).from(stampBalances).where(eq(stampBalances.userId, account.id));
    return { balance: row?.balance ?? 0, paymentId: paymentIntentId, message: 'Se recibió el pago en OXXO' };
  }

  /** Delivers what the provider emitted to our webhook, signed like Stripe (the local provider's push). */
  async flush(): Promise<void> {
    for (const event of this.stripe.takeEvents()) {
      const payload = JSON.stringify(event);
      await this.deps.deliver(payload, signPayload(payload, this.deps.webhookSecret));
    }
  }

  async customerId(userId: number): Promise<string | null> {
    const [row] = await this.db.select().from(payCustomers).where(eq(payCustomers.userId, userId));
    return row?.customerId ?? null;
  }

  private async ensureCustomer(account: PayAccount): Promise<string> {
    const existing = await this.customerId(account.id);
    if (existing) return existing;
    const c = await provider(() => this.stripe.createCustomer(account.email, { userId: String(account.id), rfc: account.rfc }));
    await this.db.insert(payCustomers).values({ userId: account.id, customerId: c.id }).onConflictDoNothing();
    return (await this.customerId(account.id))!;
  }

  private shapeCard(pm: StripePaymentMethod): Card {
    const brand = pm.card.brand;
    return {
      id: pm.id, brand, last4: pm.card.last4, expMonth: pm.card.exp_month, expYear: pm.card.exp_year,
      name: pm.billing_details.name ?? `${brand.toUpperCase()} •••• ${pm.card.last4}`,
      verified: pm.card.checks.cvc_check === 'pass' || pm.card.checks.cvc_check === 'unchecked',
    };
  }

  async cards(account: PayAccount): Promise<Card[]> {
    const customer = await this.customerId(account.id);
    if (!customer) return [];
    return (await provider(() => this.stripe.listPaymentMethods(customer))).map((pm) => this.shapeCard(pm));
  }

  async setupIntent(account: PayAccount) {
    const customer = await this.ensureCustomer(account);
    const si = await provider(() => this.stripe.createSetupIntent(customer));
    return { id: si.id, clientSecret: si.client_secret, customerId: customer, provider: this.stripe.kind, publishableKey: this.stripe.publishableKey };
  }

  /** A card the browser tokenized: a Stripe test id is cloned into the customer's own card; the result must pass the CVC check. */
  async attachCard(account: PayAccount, paymentMethod: string, name?: string): Promise<Card[]> {
    const customer = await this.ensureCustomer(account);
    const pm = await provider(() => this.stripe.attachPaymentMethod(paymentMethod, customer, name));
    if (pm.card.checks.cvc_check === 'fail') {
      await provider(() => this.stripe.detachPaymentMethod(pm.id));
      throw fieldError('paymentMethod', 'La tarjeta no pasó la verificación del CVC. Revisa el código o usa otra tarjeta.');
    }
    return this.cards(account);
  }

  /** A card id the account may charge: one of its own verified cards (a test id is attached first). */
  private async usableCard(account: PayAccount, customer: string, paymentMethod: string): Promise<string> {
    if (paymentMethod.startsWith('pm_card_')) {
      const pm = await provider(() => this.stripe.attachPaymentMethod(paymentMethod, customer));
      if (pm.card.checks.cvc_check === 'fail') {
        await provider(() => this.stripe.detachPaymentMethod(pm.id));
        throw fieldError('paymentMethod', 'La tarjeta no pasó la verificación del CVC. Revisa el código o usa otra tarjeta.');
      }
      return pm.id;
    }
    const own = (await this.cards(account)).find((c) => c.id === paymentMethod);
    if (!own) throw fieldError('paymentMethod', 'La tarjeta no existe o no está registrada en tu cuenta.');
    if (!own.verified) throw fieldError('paymentMethod', 'La tarjeta no pasó la verificación del CVC. Usa otra tarjeta.');
    return own.id;
  }

  async deleteCard(account: PayAccount, pmId: string): Promise<Card[]> {
    const own = (await this.cards(account)).find((c) => c.id === pmId);
    if (!own) throw fieldError('pmId', 'La tarjeta no existe o no está registrada en tu cuenta.', 404);
    await provider(() => this.stripe.detachPaymentMethod(pmId));
    return this.cards(account);
  }

  async subscriptionRow(userId: number) {
    const [row] = await this.db.select().from(paySubscriptions).where(eq(paySubscriptions.userId, userId));
    return row;
  }

  async customer(account: PayAccount): Promise<Customer> {
    const id = await this.customerId(account.id);
    const sub = await this.subscriptionRow(account.id);
    const cards = id ? await this.cards(account) : [];
    return {
      id,
      subscription: sub && sub.status !== 'canceled' ? {
        id: sub.subscriptionId, status: sub.status, priceId: sub.priceId,
        currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null, cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      } : null,
      // Spec §5: a list with no passing card counts as empty.
      payMethods: cards.filter((c) => c.verified),
    };
  }

  async subscribe(account: PayAccount, body: { priceId: string; paymentMethod: string; cancelAtPeriodEnd: boolean }) {
    const price = await priceInfo(this.db, body.priceId);
    if (!price) throw fieldError('priceId', 'El plan seleccionado no existe.');
    const current = await this.subscriptionRow(account.id);
    if (current && current.status !== 'canceled' && current.status !== 'incomplete') throw new AppError(409, 'Ya tienes una suscripción activa.');
    const customer = await this.ensureCustomer(account);
    const pm = await this.usableCard(account, customer, body.paymentMethod);
    try {
      const sub = await provider(() => this.stripe.createSubscription({ customer, price: body.priceId, default_payment_method: pm, cancel_at_period_end: body.cancelAtPeriodEnd }));
      await this.queueWebhooks(await this.db.transaction((tx) => applySubscription(tx, account.id, sub)));
    } finally {
      await this.flush();
    }
    return { message: 'Tu suscripción Premium está activa', customer: await this.customer(account) };
  }

  async cancel(account: PayAccount, atPeriodEnd: boolean) {
    const current = await this.subscriptionRow(account.id);
    if (!current || current.status === 'canceled') throw notFound('No tienes una suscripción activa');
    try {
      const sub = atPeriodEnd
        ? await provider(() => this.stripe.updateSubscription(current.subscriptionId, { cancel_at_period_end: true }))
        : await provider(() => this.stripe.cancelSubscription(current.subscriptionId));
      await this.queueWebhooks(await this.db.transaction((tx) => applySubscription(tx, account.id, sub)));
    } finally {
      await this.flush();
    }
    return {
      message: atPeriodEnd ? 'Tu suscripción se cancelará al final del periodo pagado' : 'Tu suscripción fue cancelada',
      customer: await this.customer(account),
    };
  }

  async retry(account: PayAccount, paymentMethod?: string) {
    const current = await this.subscriptionRow(account.id);
    if (!current || current.status === 'canceled') throw notFound('No tienes una suscripción activa');
    if (current.status === 'active') throw new AppError(409, 'Tu suscripción no tiene pagos pendientes.');
    const customer = await this.ensureCustomer(account);
    const pm = paymentMethod ? await this.usableCard(account, customer, paymentMethod) : undefined;
    try {
      const sub = await provider(() => this.stripe.retrieveSubscription(current.subscriptionId));
      if (!sub.latest_invoice) throw new AppError(409, 'Tu suscripción no tiene pagos pendientes.');
      await provider(() => this.stripe.payInvoice(sub.latest_invoice!, pm));
      const after = await provider(() => this.stripe.retrieveSubscription(current.subscriptionId));
      await this.queueWebhooks(await this.db.transaction((tx) => applySubscription(tx, account.id, after)));
    } finally {
      await this.flush();
    }
    return { message: 'El pago se realizó correctamente', customer: await this.customer(account) };
  }

  /** Test clock (NODE_ENV=test): the period ends now and the provider renews, charging `paymentMethod` or the default card. */
  async renew(account: PayAccount, paymentMethod?: string) {
    const current = await this.subscriptionRow(account.id);
    if (!current || current.status === 'canceled') throw notFound('No tienes una suscripción activa');
    const customer = await this.ensureCustomer(account);
    const pm = paymentMethod ? await this.usableCard(account, customer, paymentMethod) : undefined;
    try {
      await provider(() => this.stripe.advancePeriod(current.subscriptionId, pm));
    } finally {
      await this.flush();
    }
    return { message: 'Renovación procesada', customer: await this.customer(account) };
  }

  /** POST /api/timbres (the only purchase path): the balance rises when the payment intent succeeds (signed webhook), once. */
  async buyStamps(account: PayAccount, paquete: StampPackage, paymentMethod: string) {
    const customer = await this.ensureCustomer(account);
    const pm = await this.usableCard(account, customer, paymentMethod);
    try {
      const pi = await provider(() => this.stripe.createPaymentIntent({
        customer, amount: toCents(STAMP_PACKAGES[paquete]), payment_method: pm,
        description: `Paquete de ${paquete} timbres`, metadata: { userId: String(account.id), paquete },
      }));
      if (pi.status !== 'succeeded') {
        await this.flush();
        throw fieldError('paymentMethod', 'La tarjeta fue rechazada por el banco; tu saldo de timbres no cambió.');
      }
      await this.flush();
      // The balance is whatever the webhook has credited: at once with the local provider (it delivers before
      // answering), moments later with Stripe (its own delivery). Never credited here.
      const [row] = await this.db.select({ balance: stampBalances.balance }).from(stampBalances).where(eq(stampBalances.userId, account.id));
      const message = this.stripe.kind === 'local'
        ? `Se agregaron ${paquete} timbres a tu saldo`
        : `Pago aprobado: los ${paquete} timbres se agregan a tu saldo en cuanto el proveedor de pagos lo confirme`;
      return { balance: row?.balance ?? 0, paymentId: pi.id, message };
    } catch (err) {
      await this.flush();
      throw err;
    }
  }

  async payments(userId: number) {
    const rows = await this.db.select().from(payPayments).where(eq(payPayments.userId, userId)).orderBy(desc(payPayments.id)).limit(200);
    return {
      data: rows.map((r) => ({
        id: r.id, amount: r.amount, description: r.description, status: r.status, date: r.createdAt.toISOString(),
        paymentProof: r.status === PAYMENT_STATUS.paid ? `/api/payments/receipt/${r.id}` : null,
      })),
      lastFailed: rows[0]?.status === PAYMENT_STATUS.failed,
    };
  }

  async payment(userId: number, id: number) {
    const [row] = await this.db.select().from(payPayments).where(and(eq(payPayments.id, id), eq(payPayments.userId, userId)));
    if (!row) throw notFound('El pago no existe');
    return row;
  }

  /** Applies one verified event in one transaction; a replayed event id changes nothing. */
  async applyEvent(event: StripeEvent): Promise<{ duplicate: boolean }> {
    const result = await this.db.transaction(async (tx) => {
      const fresh = await tx.insert(payWebhookEvents).values({ eventId: event.id, type: event.type.slice(0, 64) }).onConflictDoNothing().returning({ id: payWebhookEvents.eventId });
      if (fresh.length === 0) return { duplicate: true, notice: null };
      const obj = event.data.object as { customer?: string };
      if (!obj?.customer) return { duplicate: false, notice: null };
      const [owner] = await tx.select({ userId: payCustomers.userId, rfc: users.rfc }).from(payCustomers)
        .innerJoin(users, eq(users.id, payCustomers.userId)).where(eq(payCustomers.customerId, obj.customer));
      if (!owner) return { duplicate: false, notice: null };
      const raised: number[] = [];
      const notice = await applyToAccount(tx, owner.userId, event, raised);
      return { duplicate: false, notice: notice ? { ...notice, rfc: owner.rfc } : null, raised };
    });
    if (result.raised) await this.queueWebhooks(result.raised);
    if (result.notice) {
      this.deps.publisher.publish(CHARGE_EVENT, {
        rfc: result.notice.rfc, title: result.notice.title, message: result.notice.message, code: result.notice.code,
        finished: true, last_update: new Date().toISOString(), data: { type: event.type },
      });
    }
    return { duplicate: result.duplicate };
  }
}
