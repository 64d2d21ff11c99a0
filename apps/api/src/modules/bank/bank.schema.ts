import { bigserial, boolean, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid, varchar, date } from 'drizzle-orm/pg-core';
import type { ColumnMapping, MovementState, ReminderKind } from '@facturo/contract';
import { users } from '../../db/schema';

/** Tables of migration 0820_bank.sql (issue 27). */
export const bankAccounts = pgTable('bank_accounts', {
  id: serial('id').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  banco: varchar('banco', { length: 3 }).notNull(),
  clabe: varchar('clabe', { length: 18 }).notNull(),
  moneda: varchar('moneda', { length: 3 }).notNull().default('MXN'),
  alias: varchar('alias', { length: 80 }),
  mapeo: jsonb('mapeo').$type<ColumnMapping | null>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.id, t.userId] }), uniqueIndex('bank_accounts_clabe_uq').on(t.userId, t.clabe)]);

/** One allocation of a movement to a CFDI: the part of the movement (importe, movement currency) it pays. */
export interface StoredAllocation {
  uuid: string;
  importe: string;
  confianza: number;
  metodoPago?: string | null;
  direction?: 'emitido' | 'recibido';
  moneda?: string;
  serie?: string | null;
  folio?: string | null;
  nombre?: string | null;
  rfc?: string;
  /** PUE / received CFDI marked paid by this match: the fecha_pago it had before (restored on undo). */
  fechaPagoAnterior?: string | null;
}

export const bankMovements = pgTable('bank_movements', {
  id: bigserial('id', { mode: 'number' }).notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  accountId: integer('account_id').notNull(),
  importId: uuid('import_id'),
  fecha: date('fecha', { mode: 'string' }).notNull(),
  importe: numeric('importe', { precision: 18, scale: 2 }).notNull(),
  descripcion: text('descripcion').notNull(),
  referencia: text('referencia'),
  contraparte: text('contraparte'),
  saldo: numeric('saldo', { precision: 18, scale: 2 }),
  bankId: varchar('bank_id', { length: 120 }),
  cuentaEstado: varchar('cuenta_estado', { length: 60 }),
  fingerprint: varchar('fingerprint', { length: 48 }).notNull(),
  estado: varchar('estado', { length: 10 }).$type<MovementState>().notNull().default('pendiente'),
  propuesta: jsonb('propuesta').$type<StoredAllocation[]>().notNull().default([]),
  conciliacion: jsonb('conciliacion').$type<StoredAllocation[]>().notNull().default([]),
  formaPago: varchar('forma_pago', { length: 2 }).notNull().default('03'),
  complementoUuid: varchar('complemento_uuid', { length: 36 }),
  complementoError: text('complemento_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.id, t.userId] }),
  uniqueIndex('bank_movements_fingerprint_uq').on(t.userId, t.accountId, t.fingerprint),
  index('bank_movements_list_idx').on(t.userId, t.accountId, t.fecha),
]);

/** Tables of migration 0821_receivables.sql (issue 27 §5, decision 296). */
export const receivableSettings = pgTable('receivable_settings', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  rfc: varchar('rfc', { length: 13 }).notNull(),
  diasCredito: integer('dias_credito').notNull().default(30),
  recordatorios: boolean('recordatorios').notNull().default(false),
  diasDespues: integer('dias_despues').notNull().default(1),
  intervalo: integer('intervalo').notNull().default(7),
  email: varchar('email', { length: 190 }),
  recordarAntes: boolean('recordar_antes').notNull().default(false),
  diasAntes: integer('dias_antes').notNull().default(3),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.rfc] })]);

/** Migration 0885: the account's own notice of supplier CFDI coming due (issue 27 §5 payables, decision 317). */
export const payableReminderSettings = pgTable('payable_reminder_settings', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  activo: boolean('activo').notNull().default(false),
  diasAntes: integer('dias_antes').notNull().default(5),
  diasCredito: integer('dias_credito').notNull().default(30),
  email: varchar('email', { length: 190 }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const receivableReminders = pgTable('receivable_reminders', {
  id: bigserial('id', { mode: 'number' }).notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  rfc: varchar('rfc', { length: 13 }).notNull(),
  tipo: varchar('tipo', { length: 14 }).$type<ReminderKind>().notNull(),
  email: varchar('email', { length: 190 }).notNull(),
  facturas: integer('facturas').notNull(),
  saldo: numeric('saldo', { precision: 18, scale: 2 }).notNull(),
  ventana: varchar('ventana', { length: 24 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.id, t.userId] }),
  uniqueIndex('receivable_reminders_ventana_uq').on(t.userId, t.rfc, t.ventana),
  index('receivable_reminders_list_idx').on(t.userId, t.createdAt),
]);
