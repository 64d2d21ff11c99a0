import { and, eq, or, sql } from 'drizzle-orm';
import { fromCents } from '@facturo/cfdi/money';
import { FREE_PLAN_ID, PAYMENT_STATUS, STAMP_PACKAGES } from '@facturo/contract';
import type { Db } from '../../db/client';
import { plans, users } from '../../db/schema';
import type { StripeEvent, StripeSubscription } from '../../providers/payments/local-stripe';
import { stampBalances, stampMovements } from '../cfdis/cfdis.schema';
import { emitEvents } from '../webhooks/webhooks.service';
import { payPayments, payStampOrders, paySubscriptions } from './payments.schema';

/** What the payment provider's verified events do to an account, inside the caller's transaction. */

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type DbOrTx = Db | Tx;

export interface Notice { title: string; message: string; code: number }

export async function applyToAccount(tx: Tx, userId: number, event: StripeEvent, raised: number[]): Promise<Notice | null> {
  switch (event.type) {
    case 'invoice.paid': {
      const inv = event.data.object as { id: string; amount_paid: number; description: string | null };
      await tx.insert(payPayments).values({
        userId, providerRef: `${inv.id}:paid`, kind: 'subscription', amount: fromCents(inv.amount_paid),
        description: inv.description ?? 'Suscripción Premium', status: PAYMENT_STATUS.paid,
      }).onConflictDoNothing();
      return { title: 'Pago recibido', message: `Recibimos tu pago de $${fromCents(inv.amount_paid)} MXN`, code: 200 };
    }
    case 'invoice.payment_failed': {
      const inv = event.data.object as { id: string; amount_due: number; attempt_count: number; description: string | null };
      await tx.insert(payPayments).values({
        userId, providerRef: `${inv.id}:failed:${inv.attempt_count}`, kind: 'subscription', amount: fromCents(inv.amount_due),
        description: inv.description ?? 'Suscripción Premium', status: PAYMENT_STATUS.failed,
      }).onConflictDoNothing();
      return { title: 'Pago rechazado', message: 'No pudimos cobrar tu suscripción. Actualiza tu método de pago.', code: 500 };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      raised.push(...await applySubscription(tx, userId, event.data.object as StripeSubscription));
      if (event.type === 'customer.subscription.deleted') return { title: 'Suscripción terminada', message: 'Tu suscripción terminó; tu cuenta volvió al plan gratuito.', code: 500 };
      return null;
    }
    case 'payment_intent.succeeded': {
      const pi = event.data.object as { id: string; amount: number; description: string; metadata: Record<string, string> };
      const paquete = pi.metadata.paquete;
      if (!paquete || !(paquete in STAMP_PACKAGES) || pi.metadata.userId !== String(userId)) return null;
      await tx.insert(payStampOrders).values({ paymentIntentId: pi.id, userId, paquete }).onConflictDoNothing();
      const credited = await tx.update(payStampOrders).set({ credited: true })
        .where(and(eq(payStampOrders.paymentIntentId, pi.id), eq(payStampOrders.credited, false))).returning({ id: payStampOrders.paymentIntentId });
      if (credited.length === 0) return null;
      const stamps = Number(paquete);
      await tx.insert(stampBalances).values({ userId, balance: stamps })
        .onConflictDoUpdate({ target: stampBalances.userId, set: { balance: sql`${stampBalances.balance} + ${stamps}` } });
      await tx.insert(stampMovements).values({ userId, delta: stamps, reason: 'compra', reference: pi.id });
      await tx.insert(payPayments).values({ userId, providerRef: `${pi.id}:paid`, kind: 'stamps', amount: fromCents(pi.amount), description: pi.description, status: PAYMENT_STATUS.paid }).onConflictDoNothing();
      return { title: 'Pago recibido', message: `Se agregaron ${stamps} timbres a tu saldo`, code: 200 };
    }
    case 'payment_intent.payment_failed': {
      const pi = event.data.object as { id: string; amount: number; description: string };
      await tx.insert(payPayments).values({ userId, providerRef: `${pi.id}:failed`, kind: 'stamps', amount: fromCents(pi.amount), description: pi.description, status: PAYMENT_STATUS.failed }).onConflictDoNothing();
      return { title: 'Pago rechazado', message: 'La tarjeta fue rechazada; tu saldo de timbres no cambió.', code: 500 };
    }
    default:
      return null;
  }
}

/**
 * The account follows its subscription: active → premium (role 11), past_due/unpaid → 402, canceled → free (role 10).
 * A change of state, price or cancel-at-period-end writes a `subscription.changed` webhook event in the same
 * transaction (decision 308); the delivery ids it returns go to the webhook worker after the commit.
 */
export async function applySubscription(tx: DbOrTx, userId: number, sub: StripeSubscription): Promise<number[]> {
  const priceId = sub.items.data[0]?.price.id ?? '';
  const values = {
    subscriptionId: sub.id, status: sub.status, priceId, currentPeriodEnd: new Date(sub.current_period_end * 1000),
    cancelAtPeriodEnd: sub.cancel_at_period_end, updatedAt: new Date(),
  };
  const [mirror] = await tx.select().from(paySubscriptions).where(eq(paySubscriptions.userId, userId));
  // An event of an older subscription (replaced after a cancellation) does not touch the current one.
  if (mirror && mirror.subscriptionId !== sub.id && mirror.status !== 'canceled' && sub.status === 'canceled') return [];
  const changed = !mirror || mirror.subscriptionId !== sub.id || mirror.status !== sub.status || mirror.priceId !== priceId || mirror.cancelAtPeriodEnd !== sub.cancel_at_period_end;
  await tx.insert(paySubscriptions).values({ userId, ...values }).onConflictDoUpdate({ target: paySubscriptions.userId, set: values });
  const [user] = await tx.select({ rolId: users.rolId }).from(users).where(eq(users.id, userId));
  if (!user) return [];
  const keepAdmin = user.rolId === 1;
  if (sub.status === 'active' || sub.status === 'trialing' as string) {
    const [plan] = await tx.select({ id: plans.id }).from(plans).where(or(eq(plans.monthlyPriceId, priceId), eq(plans.yearlyPriceId, priceId)));
    await tx.update(users).set({ unpaid: false, contrStripe: true, ...(keepAdmin ? {} : { rolId: 11, planId: plan?.id ?? 2 }) }).where(eq(users.id, userId));
  } else if (sub.status === 'past_due' || sub.status === 'unpaid' as string) {
    await tx.update(users).set({ unpaid: true }).where(eq(users.id, userId));
  } else if (sub.status === 'canceled') {
    await tx.update(users).set({ unpaid: false, ...(keepAdmin ? {} : { rolId: 10, planId: FREE_PLAN_ID }) }).where(eq(users.id, userId));
  }
  if (!changed) return [];
  const [after] = await tx.select({ planId: users.planId }).from(users).where(eq(users.id, userId));
  return emitEvents(tx as unknown as Db, userId, 'subscription.changed', [{
    suscripcion: sub.id, estado: sub.status, plan: after?.planId ?? null, priceId,
    cancelaAlFinDelPeriodo: sub.cancel_at_period_end, finDelPeriodo: values.currentPeriodEnd.toISOString(),
  }]);
}
