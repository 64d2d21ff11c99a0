import { z } from 'zod';
import { idParam } from './input-rules';

/** Stripe API version every provider call is pinned to (spec §7.14). */
export const STRIPE_API_VERSION = '2020-08-27' as const;
/** Payment status 2 = failed (spec §4, §9); 1 = paid. */
export const PAYMENT_STATUS = { paid: 1, failed: 2 } as const;
/** Socket event of charge results (spec §7.16). */
export const CHARGE_EVENT = 'frontStEvent' as const;

/** Stripe's documented test payment methods the local provider understands. */
export const TEST_PAYMENT_METHODS = ['pm_card_visa', 'pm_card_mastercard', 'pm_card_chargeDeclined', 'pm_card_cvcCheckFail', 'pm_card_chargeCustomerFail'] as const;

const pmId = z.string({ error: 'El método de pago es obligatorio' }).trim().min(3, 'El método de pago es obligatorio').max(255, 'El método de pago no es válido')
  .regex(/^(pm|card|src)_[A-Za-z0-9_]+$/, 'El método de pago no es válido');

export const paymentSchema = z.object({
  id: z.number().int(),
  amount: z.string(),
  description: z.string(),
  status: z.number().int(),
  date: z.string(),
  /** Download address of the receipt (an authenticated API path). */
  paymentProof: z.string().nullable(),
});
export const paymentsListSchema = z.object({
  data: z.array(paymentSchema),
  /** The last payment failed (status 2): the web flags it on every screen. */
  lastFailed: z.boolean(),
});
export const paymentIdParamsSchema = z.object({ id: idParam('El pago no existe') });

export const cardSchema = z.object({
  id: z.string(),
  name: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  /** CVC check 'pass' or 'unchecked' (spec §5). */
  verified: z.boolean(),
});
export const cardsSchema = z.object({ data: z.array(cardSchema) });
export type Card = z.infer<typeof cardSchema>;

export const setupIntentSchema = z.object({
  id: z.string(),
  clientSecret: z.string(),
  customerId: z.string(),
  /** 'stripe' → Stripe Elements with publishableKey; 'local' → our test card form. */
  provider: z.enum(['local', 'stripe']),
  publishableKey: z.string().nullable(),
  /** The cash-voucher variant (/setup-intent/{paquete}): the OXXO voucher to pay in a store (issue 25 §4). */
  voucher: z.object({
    paymentIntentId: z.string(), paquete: z.string(), amount: z.string(), number: z.string(), url: z.string(), expiresAt: z.string(),
  }).optional(),
});
/** The provider's plans (GET /api/payments/plans): its recurring prices. */
export const providerPlansSchema = z.object({
  data: z.array(z.object({
    priceId: z.string(), product: z.string(), amount: z.string(), currency: z.string(), interval: z.enum(['month', 'year']), recurrency: z.union([z.literal(1), z.literal(2)]),
  })),
});
export const voucherPayParamsSchema = z.object({ id: z.string().trim().min(1).max(255).regex(/^pi_[A-Za-z0-9_]+$/, 'La ficha de pago no existe') });
export const setupIntentParamsSchema = z.object({ id: z.string().trim().min(1).max(255).regex(/^[A-Za-z0-9_]+$/, 'Identificador inválido') });

/** Adds a card the browser tokenized (Stripe Elements, or a test pm id from the local form). */
export const attachCardBodySchema = z.object({
  paymentMethod: pmId,
  name: z.string().trim().max(120, 'El nombre es demasiado largo').optional(),
});
export const deleteCardBodySchema = z.object({ pmId });

export const subscriptionSchema = z.object({
  id: z.string(),
  status: z.string(),
  priceId: z.string(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export const customerSchema = z.object({
  id: z.string().nullable(),
  subscription: subscriptionSchema.nullable(),
  payMethods: z.array(cardSchema),
});
export type Customer = z.infer<typeof customerSchema>;

export const createSubscriptionBodySchema = z.object({
  priceId: z.string({ error: 'El plan es obligatorio' }).trim().min(1, 'El plan es obligatorio').max(100, 'El plan no es válido'),
  paymentMethod: pmId,
  cancelAtPeriodEnd: z.boolean().default(false),
});
export const cancelSubscriptionQuerySchema = z.object({
  cancelWhenPeriodEnds: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
});
export const retryPaymentBodySchema = z.object({ paymentMethod: pmId.optional() });
export const renewBodySchema = z.object({ paymentMethod: pmId.optional() });

export const subscriptionResultSchema = z.object({ message: z.string(), customer: customerSchema });

export const planDescriptionsSchema = z.object({
  data: z.array(z.object({
    id: z.number().int(), name: z.string(), description: z.string(), is_free: z.boolean(),
    monthly: z.object({ value: z.literal(1), monthly_cost: z.string(), monthly_price_id: z.string().nullable() }),
    yearly: z.object({ value: z.literal(2), yearly_cost: z.string(), yearly_price_id: z.string().nullable() }),
    features: z.array(z.string()),
  })),
});
export const customerPlanSchema = z.object({
  planId: z.number().int(), rol: z.number().int(), priceId: z.string().nullable(), recurrency: z.union([z.literal(1), z.literal(2)]).nullable(),
  scheduledCancellationDetails: z.object({ activeSubscription: z.boolean(), cancellationDate: z.string().nullable(), planId: z.number().int() }),
});
export const payCatalogsSchema = z.object({
  recurrencies: z.array(z.object({ value: z.number().int(), name: z.string() })),
  statuses: z.array(z.object({ value: z.number().int(), name: z.string() })),
  testPaymentMethods: z.array(z.string()),
});
export const payLinkSchema = z.object({ url: z.string().nullable(), message: z.string() });
export const webhookAckSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
