import { boolean, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The provider's customer of each account (migration 0550). */
export const payCustomers = pgTable('pay_customers', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  customerId: varchar('customer_id', { length: 64 }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('pay_customers_customer_uq').on(t.customerId)]);

/** Mirror of the account's provider subscription, updated by the API call and by webhooks. */
export const paySubscriptions = pgTable('pay_subscriptions', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  subscriptionId: varchar('subscription_id', { length: 64 }).notNull(),
  status: varchar('status', { length: 32 }).notNull(),
  priceId: varchar('price_id', { length: 100 }).notNull(),
  currentPeriodEnd: ts('current_period_end'),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Payments history (spec §3 Payment): status 1 paid, 2 failed. */
export const payPayments = pgTable('pay_payments', {
  id: serial('id').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  providerRef: varchar('provider_ref', { length: 140 }).notNull(),
  kind: varchar('kind', { length: 16 }).$type<'subscription' | 'stamps'>().notNull(),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  description: text('description').notNull(),
  status: integer('status').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.id, t.userId] }), uniqueIndex('pay_payments_ref_uq').on(t.providerRef), index('pay_payments_user_idx').on(t.userId, t.id)]);

/** Webhook events already applied: a replay changes nothing. */
export const payWebhookEvents = pgTable('pay_webhook_events', {
  eventId: varchar('event_id', { length: 100 }).primaryKey(),
  type: varchar('type', { length: 64 }).notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
});

/** Stamp packages bought by card: credited once, when the payment intent succeeds. */
export const payStampOrders = pgTable('pay_stamp_orders', {
  paymentIntentId: varchar('payment_intent_id', { length: 100 }).notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  paquete: varchar('paquete', { length: 8 }).notNull(),
  credited: boolean('credited').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.paymentIntentId, t.userId] })]);
