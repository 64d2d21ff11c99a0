import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { findNulField, NUL_MESSAGE, RECURRENCY, TEST_PAYMENT_METHODS } from '@facturo/contract';
import type { JobContext } from '../../jobs/context';
import { AppError, fieldError } from '../../http/errors';
import { serve } from '../../http/serve';
import { loadCatalog } from '../plans/plans.repository';
import { plansDataFor } from '../plans/plans.service';
import { localStripeFor, PaymentsService } from './payments.service';
import { SignatureError, verifySignature, verifyStripeSignature } from './signature';
import type { StripeEvent } from '../../providers/payments/local-stripe';
import { StripeProvider } from '../../providers/payments/stripe-provider';
import { ConfigError } from '../../config';

const services = new WeakMap<object, PaymentsService>();
/** The payments service of a database (other modules — the stamp purchase — reach it here). */
export const paymentsServiceOf = (db: object): PaymentsService | undefined => services.get(db);

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Spec §7.14: plans, cards, subscription, webhooks and payments history (local provider; Stripe API 2020-08-27 model). */
export const paymentsRoutes = (ctx: JobContext): FastifyPluginAsync => async (app) => {
  const { db, config } = ctx;
  // STRIPE_WEBHOOK_SECRET from the environment; without it the local provider signs with a per-process secret.
  if (config.stripeSecretKey && !config.stripeWebhookSecret) throw new ConfigError('STRIPE_WEBHOOK_SECRET es obligatorio cuando STRIPE_SECRET_KEY está definido');
  const webhookSecret = config.stripeWebhookSecret ?? `whsec_local_${randomBytes(24).toString('hex')}`;
  // Stripe's webhooks are checked by Stripe's library; the local provider's by our own signer's twin (same vectors).
  const verifyWebhook = config.stripeSecretKey ? verifyStripeSignature : verifySignature;
  const stripe = config.stripeSecretKey
    ? new StripeProvider({ secretKey: config.stripeSecretKey, ...(config.stripePublishableKey ? { publishableKey: config.stripePublishableKey } : {}) })
    : localStripeFor(db);
  const service = new PaymentsService({
    db, publisher: ctx.publisher, stripe, webhookSecret,
    deliver: async (payload, signature) => {
      const res = await app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
      if (res.statusCode !== 200) app.log.warn({ status: res.statusCode }, 'payments: webhook delivery refused');
    },
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
  // Neither provider has a hosted checkout or customer portal configured: the links say so instead of pointing nowhere.
  serve(app, 'payments.monthlyLink', () => ({ url: null, message: 'Paga tu mensualidad con una tarjeta en Métodos de pago' }));
  serve(app, 'payments.providerLink', () => ({ url: null, message: 'El portal de cliente del proveedor de pagos no está configurado' }));
  serve(app, 'payments.cards', async (req) => ({ data: await service.cards(who(req)) }));
  serve(app, 'payments.attachCard', async (req) => ({ data: await service.attachCard(who(req), req.body.paymentMethod, req.body.name) }));
  serve(app, 'payments.deleteCard', async (req) => ({ data: await service.deleteCard(who(req), req.body.pmId) }));
  serve(app, 'payments.setupIntent', (req) => service.setupIntent(who(req)));
  serve(app, 'payments.setupIntentVoucher', (req) => service.setupIntent(who(req)));
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

  // The webhook needs the raw body for the signature: its own scope parses JSON as a string.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
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
    });
  });
};
