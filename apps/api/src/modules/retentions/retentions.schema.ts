import { integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

/** Table of migration 0580_retenciones.sql (written by hand). */
export const retenciones = pgTable('retenciones', {
  id: serial('id').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  direction: varchar('direction', { length: 8 }).$type<RetentionDirection>().notNull(),
  uuid: varchar('uuid', { length: 36 }).notNull(),
  version: varchar('version', { length: 4 }).notNull(),
  fechaExp: timestamp('fecha_exp', { mode: 'string' }).notNull(),
  fechaTimbrado: timestamp('fecha_timbrado', { mode: 'string' }),
  rfcEmisor: varchar('rfc_emisor', { length: 13 }).notNull(),
  nombreEmisor: text('nombre_emisor'),
  nacionalidadReceptor: varchar('nacionalidad_receptor', { length: 10 }).notNull(),
  rfcReceptor: varchar('rfc_receptor', { length: 13 }),
  numRegIdTribReceptor: varchar('num_reg_id_trib_receptor', { length: 40 }),
  nombreReceptor: text('nombre_receptor').notNull(),
  cveRetenc: varchar('cve_retenc', { length: 2 }).notNull(),
  descRetenc: text('desc_retenc'),
  mesIni: smallint('mes_ini').notNull(),
  mesFin: smallint('mes_fin').notNull(),
  ejercicio: smallint('ejercicio').notNull(),
  montoTotOperacion: numeric('monto_tot_operacion', { precision: 24, scale: 6 }).notNull(),
  montoTotGrav: numeric('monto_tot_grav', { precision: 24, scale: 6 }).notNull(),
  montoTotExent: numeric('monto_tot_exent', { precision: 24, scale: 6 }).notNull(),
  montoTotRet: numeric('monto_tot_ret', { precision: 24, scale: 6 }).notNull(),
  isrRetenido: numeric('isr_retenido', { precision: 24, scale: 6 }).notNull().default('0'),
  ivaRetenido: numeric('iva_retenido', { precision: 24, scale: 6 }).notNull().default('0'),
  iepsRetenido: numeric('ieps_retenido', { precision: 24, scale: 6 }).notNull().default('0'),
  complementos: jsonb('complementos').$type<string[]>().notNull().default([]),
  estado: smallint('estado').notNull().default(1),
  source: varchar('source', { length: 8 }).$type<'app' | 'import'>().notNull(),
  xmlKey: text('xml_key').notNull(),
  /** The import (its background process id) that stored it; a retried import counts these as its own. */
  importId: uuid('import_id'),
  pdfKey: text('pdf_key'),
  cancelMotivo: varchar('cancel_motivo', { length: 2 }),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.id, t.userId] })]);
export type RetentionDirection = 'emitida' | 'recibida';
export type RetencionRow = typeof retenciones.$inferSelect;
