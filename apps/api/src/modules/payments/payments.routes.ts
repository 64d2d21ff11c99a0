import { randomBytes } from 'node:crypto';
import { fromCents } from '@facturo/cfdi/money';
import type { FastifyPluginAsync } from 'fastify';
import { findNulField, NUL_MESSAGE, RECURRENCY, TEST_PAYMENT_METHODS } from '@facturo/contract';
import type { JobContext } from '../../jobs/context';
import { AppError, fieldError, notFound } from '../../http/errors';
import { serve } from '../../http/serve';
import { loadCatalog } from '../plans/plans.repository';
import { plansDataFor } from '../plans/plans.service';
import { localStripeFor, PaymentsService } from './payments.service';
import { queueDeliveries } from '../webhooks/webhooks.raise';
import { SignatureError, verifySignature, verifyStripeSignature } from './signature';
import { LocalStripe, type LocalPage, type StripeEvent } from '../../providers/payments/local-stripe';
import { StripeProvider } from '../../providers/payments/stripe-provider';
import { ConfigError } from '../../config';

const services = new WeakMap<object, PaymentsService>();
/** The payments service of a database (other modules — the stamp purchase — reach it here). */
export const paymentsServiceOf = (db: object): PaymentsService | undefined => services.get(db);

/** STRIPE_API_URL → the official client's host/port/protocol (tests point it at a local Stripe-speaking server). */
function stripeEndpoint(url: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!url) return {};
  const u = new URL(url);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443, protocol };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The local provider's hosted pages, in Spanish and clearly marked as the test provider: nothing is charged. */
function localPageHtml(page: LocalPage, publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  const money = (cents?: number) => (cents === undefined ? '' : `$${fromCents(cents)} MXN`);
  const body = page.kind === 'voucher'
    ? `<h1>Ficha de pago en OXXO</h1><p><b>Concepto:</b> ${escapeHtml(page.description ?? '')}</p><p><b>Importe:</b> ${money(page.amount)}</p>
<p><b>Referencia:</b> <span style="font-size:1.4em;letter-spacing:2px">${escapeHtml(page.number ?? '—')}</span></p>
<p><b>Vence:</b> ${page.expiresAfter ? new Date(page.expiresAfter * 1000).toISOString().slice(0, 10) : '—'}</p>
<p><b>Estado:</b> ${page.status === 'succeeded' ? 'Pagada' : 'Pendiente de pago'}</p>`
    : page.kind === 'checkout'
      ? `<h1>Pago de la mensualidad</h1><p>Plan: ${escapeHtml(page.price ?? '')}</p><p>Paga con una de tus tarjetas en <a href="${escapeHtml(base)}/plans">Planes</a>.</p>`
      : `<h1>Portal de pagos</h1><p>Tus tarjetas están en <a href="${escapeHtml(base)}/payment-cards">Métodos de pago</a> y tus pagos en <a href="${escapeHtml(base)}/payments">Pagos</a>.</p>`;
  return `<!doctype html><html lang="es"><meta charset="utf-8"><title>Proveedor de pagos de pruebas</title>
<body style="font-family:sans-serif;max-width:560px;margin:2rem auto"><p style="background:#fff3bf;padding:8px">Proveedor de pagos de pruebas: no se cobra dinero real.</p>
${body}</body></html>`;
}

/** Spec §7.14: plans, cards, subscription, webhooks and payments history (local provider; Stripe API 2020-08-27 model). */
/** The webhook's own body limit (an event is a few kB; the app-wide 12 MB is for uploads): its 413 names it. */
export const WEBHOOK_BODY_BYTES = 256 * 1024;

export const paymentsRoutes = (ctx: JobContext): FastifyPluginAsync => async (app) => {
  const { db, config } = ctx;
  // STRIPE_WEBHOOK_SECRET from the environment; without it the local provider signs with a per-process secret.
  const useStripe = config.paymentsProvider === 'stripe' && !!config.stripeSecretKey;
  if (useStripe && !config.stripeWebhookSecret) throw new ConfigError('STRIPE_WEBHOOK_SECRET es obligatorio cuando STRIPE_SECRET_KEY está definido');
  const webhookSecret = config.stripeWebhookSecret ?? `whsec_local_${randomBytes(24).toString('hex')}`;
  // Stripe's webhooks are checked by Stripe's library; the local provider's by our own signer's twin (same vectors).
  const verifyWebhook = useStripe ? verifyStripeSignature : verifySignature;
  const stripe = useStripe
    ? new StripeProvider({ secretKey: config.stripeSecretKey!, ...(config.stripePublishableKey ? { publishableKey: config.stripePublishableKey } : {}), ...stripeEndpoint(config.stripeApiUrl) })
    : localStripeFor(db, config.publicUrl);
  const service = new PaymentsService({
    db, publisher: ctx.publisher, stripe, webhookSecret, publicUrl: config.publicUrl,
    deliver: async (payload, signature) => {
      const res = await app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
      if (res.statusCode !== 200) app.log.warn({ status: res.statusCode }, 'payments: webhook delivery refused');
    },
    queueWebhooks: (ids) => queueDeliveries(ctx.boss, ids),
  });
  services.set(db, service);

  const who = (req: { account: { id: number; rfc: string; email: string; rolId: number } }) => req.account;

  serve(app, 'payments.list', (req) => service.payments(req.account.id));
  serve(app, 'payments.receipt', async (req, reply) => {
    const p = await service.payment(req.account.id, req.params.id);
    if (p.status !== 1) throw new AppError(409, 'Un pago rechazado no tiene comprobante');
    const html = `<!doctype html><html lang="es"><meta charset="utf-8"><title>Comprobante de pago ${p.id}</title>
<body style="font-family:sans-serif;max-width:560px;margin:2rem auto"><h1>Comprobante de pago</h1>
<p><b>RFC:</b> ${escapeHtml(req.account.rfc)}</p><p><b>Folio:</b> ${p.id}</p><p><b>Referencia:</b> ${escapeHtml(p.providerRef.split(':')[0]!)}</p>
<p><b>Concepto:</b> ${escapeHtml(p.description)}</p><p><b>Importe:</b> $${escapeHtml(p.amount)} MXN</p><p><b>Fecha:</b> ${p.createdAt.toISOString().slice(0, 10)}</p>
<p><b>Estado:</b> Pagado</p></body></html>`;
    return reply.type('text/html; charset=utf-8').header('content-disposition', `attachment; filename="comprobante-${p.id}.html"`).send(html);
  });
  serve(app, 'payments.catalogs', () => ({
    recurrencies: [{ value: RECURRENCY.monthly, name: 'Mensual' }, { value: RECURRENCY.yearly, name: 'Anual' }],
    statuses: [{ value: 1, name: 'Pagado' }, { value: 2, name: 'Fallido' }],
    testPaymentMethods: [...TEST_PAYMENT_METHODS],
  }));
  // Issue 25 §4: a Stripe Checkout / billing-portal session with Stripe, the local provider's own page otherwise.
  serve(app, 'payments.monthlyLink', (req) => service.monthlyLink(who(req)));
  serve(app, 'payments.providerLink', (req) => service.providerLink(who(req)));
  serve(app, 'payments.providerPlans', () => service.providerPlans());
  if (stripe instanceof LocalStripe) {
    const local = stripe;
    serve(app, 'payments.localPage', async (req, reply) => {
      const page = local.page(req.params.id);
      if (!page) throw notFound('La página no existe');
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(localPageHtml(page, config.publicUrl));
    });
  }
  serve(app, 'payments.cards', async (req) => ({ data: await service.cards(who(req)) }));
  serve(app, 'payments.attachCard', async (req) => ({ data: await service.attachCard(who(req), req.body.paymentMethod, req.body.name) }));
  serve(app, 'payments.deleteCard', async (req) => ({ data: await service.deleteCard(who(req), req.body.pmId) }));
  serve(app, 'payments.setupIntent', (req) => service.setupIntent(who(req)));
  serve(app, 'payments.setupIntentVoucher', (req) => service.voucher(who(req), req.params.id));
  serve(app, 'payments.plans', async (req) => ({ data: await plansDataFor(db, req.account) }));
  serve(app, 'payments.planDescriptions', async () => {
    const c = await loadCatalog(db);
    return {
      data: c.planRows.map((plan) => ({
        id: plan.id, name: plan.name, description: plan.description, is_free: plan.isFree,
        monthly: { value: 1 as const, monthly_cost: plan.monthlyCost, monthly_price_id: plan.monthlyPriceId },
        yearly: { value: 2 as const, yearly_cost: plan.yearlyCost, yearly_price_id: plan.yearlyPriceId },
        features: c.productRows.filter((p) => c.planProductRows.some((r) => r.planId === plan.id && r.productId === p.id)).map((p) => p.name),
      })),
    };
  });
  serve(app, 'payments.customerPlan', async (req) => {
    const sub = await service.subscriptionRow(req.account.id);
    const live = sub && sub.status !== 'canceled' ? sub : undefined;
    const c = await loadCatalog(db);
    const plan = c.planRows.find((p) => p.id === req.account.planId);
    return {
      planId: req.account.planId, rol: req.account.rolId, priceId: live?.priceId ?? null,
      recurrency: live ? (plan?.yearlyPriceId === live.priceId ? 2 as const : 1 as const) : null,
      scheduledCancellationDetails: {
        activeSubscription: !!live, cancellationDate: live?.cancelAtPeriodEnd ? live.currentPeriodEnd?.toISOString() ?? null : null, planId: live?.cancelAtPeriodEnd ? 1 : req.account.planId,
      },
    };
  });
  serve(app, 'payments.customer', (req) => service.customer(who(req)));
  serve(app, 'payments.subscribe', (req) => service.subscribe(who(req), req.body));
  serve(app, 'payments.cancel', (req) => service.cancel(who(req), req.query.cancelWhenPeriodEnds));
  serve(app, 'payments.retry', (req) => service.retry(who(req), req.body.paymentMethod));
  if (config.env === 'test') serve(app, 'dev.paymentsRenew', (req) => service.renew(who(req), req.body.paymentMethod));
  if (config.env === 'test') serve(app, 'dev.paymentsOxxoPay', (req) => service.payVoucher(who(req), req.params.id));

  // The webhook needs the raw body for the signature: its own scope parses JSON as a string.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_BYTES }, (_req, body, done) => done(null, body));
    serve(scope, 'payments.webhook', async (req) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      let event: StripeEvent;
      try {
        event = JSON.parse(raw) as StripeEvent;
      } catch {
        throw new AppError(400, 'El evento no es JSON válido');
      }
      // The app-wide NUL rule, applied to the parsed raw body (the scope's parser keeps it a string).
      const nul = findNulField(event);
      if (nul !== undefined) throw fieldError(nul, NUL_MESSAGE);
      const header = req.headers['stripe-signature'];
      try {
        verifyWebhook(raw, Array.isArray(header) ? header[0] : header, webhookSecret);
      } catch (err) {
        if (err instanceof SignatureError) throw new AppError(400, err.message);
        throw err;
      }
      if (!event || typeof event.id !== 'string' || typeof event.type !== 'string' || !event.data) throw new AppError(400, 'El evento no tiene la forma de un evento de Stripe');
      const { duplicate } = await service.applyEvent(event);
      return { received: true as const, duplicate };
    }, { config: { bodyLimitBytes: WEBHOOK_BODY_BYTES } });
  });
};
