import {
  attachCardBodySchema, cancelSubscriptionQuerySchema, cardsSchema, createSubscriptionBodySchema, customerPlanSchema, customerSchema,
  deleteCardBodySchema, payCatalogsSchema, payLinkSchema, paymentIdParamsSchema, paymentsListSchema, planDescriptionsSchema, renewBodySchema,
  providerPlansSchema, retryPaymentBodySchema, setupIntentParamsSchema, setupIntentSchema, subscriptionResultSchema, voucherPayParamsSchema, webhookAckSchema,
} from '../payments';
import { buyStampsResponseSchema } from '../invoicing';
import { userPlanResponseSchema } from '../plans';
import { route } from '../route';

/** Reachable while a payment is pending (402 elsewhere): the way out of the payment-required state. */
const access = { allowUnpaid: true } as const;

/** Spec §7.14 payments and subscription (Stripe API 2020-08-27). */
export const paymentsRoutes = {
  'payments.list': route({ method: 'GET', path: '/api/payments', response: paymentsListSchema, access, summary: 'Historial de pagos; el último fallido (status 2) se marca' }),
  'payments.receipt': route({ method: 'GET', path: '/api/payments/receipt/:id', params: paymentIdParamsSchema, produces: 'text/html', access, summary: 'Comprobante de un pago' }),
  'payments.catalogs': route({ method: 'GET', path: '/api/payments/catalogs', response: payCatalogsSchema, access }),
  'payments.monthlyLink': route({ method: 'GET', path: '/api/payments/monthly-link', response: payLinkSchema, access, summary: 'Liga de pago mensual' }),
  'payments.providerLink': route({ method: 'GET', path: '/api/payments/provider-link', response: payLinkSchema, access, summary: 'Liga al portal del proveedor de pagos' }),
  'payments.cards': route({ method: 'GET', path: '/api/payments/cards', response: cardsSchema, access, summary: 'Tarjetas; verificada = CVC pass o unchecked' }),
  'payments.attachCard': route({ method: 'POST', path: '/api/payments/cards', body: attachCardBodySchema, status: 201, response: cardsSchema, access, summary: 'Agrega una tarjeta (id pm_ de Stripe Elements o de prueba)' }),
  'payments.deleteCard': route({ method: 'POST', path: '/api/payments/payment-method/delete', body: deleteCardBodySchema, response: cardsSchema, access }),
  'payments.setupIntent': route({ method: 'GET', path: '/api/payments/setup-intent', response: setupIntentSchema, access }),
  'payments.setupIntentVoucher': route({ method: 'GET', path: '/api/payments/setup-intent/:id', params: setupIntentParamsSchema, response: setupIntentSchema, access, summary: 'Pago en efectivo: ficha de OXXO del paquete de timbres {id}; el webhook acredita los timbres al pagarse' }),
  'payments.providerPlans': route({ method: 'GET', path: '/api/payments/plans', response: providerPlansSchema, access, summary: 'Planes (precios recurrentes) del proveedor de pagos' }),
  'payments.localPage': route({ method: 'GET', path: '/api/payments/local/:id', params: setupIntentParamsSchema, produces: 'text/html', access: { public: true }, summary: 'Páginas del proveedor de pruebas: ficha OXXO, pago mensual y portal (solo con el proveedor local)' }),
  'payments.plans': route({ method: 'GET', path: '/api/plans', response: userPlanResponseSchema, access: { allowUnpaid: true, allowIncomplete: true } }),
  'payments.planDescriptions': route({ method: 'GET', path: '/api/plans/descriptions', response: planDescriptionsSchema, access: { allowUnpaid: true, allowIncomplete: true } }),
  'payments.customerPlan': route({ method: 'GET', path: '/api/customer/plan', response: customerPlanSchema, access }),
  'payments.customer': route({ method: 'GET', path: '/api/customer', response: customerSchema, access }),
  'payments.subscribe': route({ method: 'POST', path: '/api/subscription', body: createSubscriptionBodySchema, status: 201, response: subscriptionResultSchema, access }),
  'payments.cancel': route({ method: 'DELETE', path: '/api/subscription', query: cancelSubscriptionQuerySchema, response: subscriptionResultSchema, access }),
  'payments.retry': route({ method: 'POST', path: '/api/subscription/retry', body: retryPaymentBodySchema, response: subscriptionResultSchema, access }),
  'payments.webhook': route({ method: 'POST', path: '/api/webhooks/stripe', response: webhookAckSchema, access: { public: true }, summary: 'Eventos firmados del proveedor (Stripe-Signature)' }),
  'dev.paymentsOxxoPay': route({ method: 'POST', path: '/api/dev/payments/oxxo/:id/pay', params: voucherPayParamsSchema, response: buyStampsResponseSchema, access, summary: 'Simula el pago en tienda de una ficha OXXO del proveedor local (solo pruebas)' }),
  'dev.paymentsRenew': route({ method: 'POST', path: '/api/dev/payments/renew', body: renewBodySchema, response: subscriptionResultSchema, access, summary: 'Renueva la suscripción ahora con el proveedor local (solo pruebas)' }),
};
