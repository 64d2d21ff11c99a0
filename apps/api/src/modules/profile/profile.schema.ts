import { date, integer, jsonb, pgTable, primaryKey, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

/** Tables of migration 0300_profile.sql (written by hand; drizzle-kit is not run on them). */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Profile data the users table does not hold: contact, street address, picture file. */
export const profileDetails = pgTable('profile_details', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  phone: varchar('phone', { length: 15 }),
  calle: varchar('calle', { length: 150 }),
  numExterior: varchar('num_exterior', { length: 30 }),
  numInterior: varchar('num_interior', { length: 30 }),
  colonia: varchar('colonia', { length: 150 }),
  /** IMSS registro patronal (migration 0410), for nomina12:Emisor/@RegistroPatronal. */
  registroPatronal: varchar('registro_patronal', { length: 11 }),
  avatarFile: varchar('avatar_file', { length: 100 }),
  avatarType: varchar('avatar_type', { length: 20 }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Uploaded Constancias de Situación Fiscal (history) and what was read from each. */
export const taxStatusCertificates = pgTable('tax_status_certificates', {
  id: serial('id').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  rfc: varchar('rfc', { length: 13 }).notNull(),
  nombre: varchar('nombre', { length: 300 }).notNull(),
  cp: varchar('cp', { length: 5 }),
  regimenes: jsonb('regimenes').$type<string[]>().notNull().default([]),
  idCif: varchar('id_cif', { length: 20 }),
  fileName: varchar('file_name', { length: 100 }).notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.id, t.userId] })]);

export type ItemSource = 'manual' | 'csf';

export const fiscalObligations = pgTable('fiscal_obligations', {
  id: serial('id').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  descripcion: varchar('descripcion', { length: 500 }).notNull(),
  vencimiento: varchar('vencimiento', { length: 300 }).notNull(),
  initDate: date('init_date', { mode: 'string' }),
  endDate: date('end_date', { mode: 'string' }),
  source: varchar('source', { length: 6 }).$type<ItemSource>().notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.id, t.userId] })]);

export const economicActivities = pgTable('economic_activities', {
  id: serial('id').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 500 }).notNull(),
  percentage: integer('percentage').notNull(),
  initDate: date('init_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }),
  source: varchar('source', { length: 6 }).$type<ItemSource>().notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.id, t.userId] })]);

export type TaxCertificateRow = typeof taxStatusCertificates.$inferSelect;
export type ObligationRow = typeof fiscalObligations.$inferSelect;
export type ActivityRow = typeof economicActivities.$inferSelect;
