import { integer, jsonb, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

/** Tables of migration 0100_clients_products.sql (written by hand; drizzle-kit is not run on them). */

export const clients = pgTable('clients', {
  id: serial('id').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  rfc: varchar('rfc', { length: 13 }).notNull(),
  rSocial: varchar('r_social', { length: 300 }).notNull(),
  emails: jsonb('emails').$type<string[]>().notNull().default([]),
  persona: varchar('persona', { length: 6 }).$type<'fisica' | 'moral'>().notNull(),
  regimen: varchar('regimen', { length: 3 }).notNull(),
  usoCfdi: varchar('uso_cfdi', { length: 4 }).notNull(),
  cp: varchar('cp', { length: 5 }),
  state: varchar('state', { length: 3 }),
  municipality: varchar('municipality', { length: 3 }),
  pais: varchar('pais', { length: 3 }),
  numRegIdTrib: varchar('num_reg_id_trib', { length: 40 }),
  searchText: text('search_text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.id, t.userId] })]);

/**
 * Documents issued to a customer. The invoicing module adds one row per document it issues; a
 * customer with rows here cannot be deleted.
 */
export const clientDocuments = pgTable('client_documents', {
  id: serial('id').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  clientId: integer('client_id').notNull().references(() => clients.id),
  uuid: varchar('uuid', { length: 36 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.id, t.userId] })]);

export type ClientRow = typeof clients.$inferSelect;
export type NewClientRow = typeof clients.$inferInsert;
