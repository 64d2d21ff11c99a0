import { boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { PortalConcept } from '@facturo/contract';
import { users } from '../../db/schema';

/** Tables of migration 0870_portal.sql (written by hand; decision 310). */

/** The directory of portals: one row per account, the slug unique across accounts (a reference table). */
export const portalSettings = pgTable('portal_settings', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }).primaryKey(),
  slug: varchar('slug', { length: 60 }).notNull(),
  enabled: boolean('enabled').notNull().default(false),
  expireMonthEnd: boolean('expire_month_end').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('portal_settings_slug_uq').on(t.slug)]);

/** A sale its customer may invoice once (or the month's global invoice picks up). */
export const portalTickets = pgTable('portal_tickets', {
  id: serial('id').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  folio: varchar('folio', { length: 40 }).notNull(),
  fecha: date('fecha', { mode: 'string' }).notNull(),
  total: numeric('total', { precision: 24, scale: 6 }).notNull(),
  formaPago: varchar('forma_pago', { length: 2 }),
  conceptos: jsonb('conceptos').$type<PortalConcept[]>().notNull(),
  /** The stamping request holding the ticket while the PAC answers. */
  claimKey: varchar('claim_key', { length: 120 }),
  claimedAt: timestamp('claimed_at', { withTimezone: true }),
  uuid: varchar('uuid', { length: 36 }),
  global: boolean('global').notNull().default(false),
  invoicedAt: timestamp('invoiced_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.id, t.userId] }),
  uniqueIndex('portal_tickets_folio_uq').on(t.userId, t.folio),
  index('portal_tickets_claim_idx').on(t.userId, t.claimKey),
  index('portal_tickets_fecha_idx').on(t.userId, t.fecha),
]);

export type PortalTicketRow = typeof portalTickets.$inferSelect;
