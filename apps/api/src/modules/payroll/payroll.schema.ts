import { date, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';
import { employees } from '../employees/employees.schema';

/** Tables of migration 0530_payroll.sql (written by hand). */

export interface EmpleadoSnapshot {
  id: number | null;
  rfc: string;
  nombre: string;
  curp: string;
  nss: string | null;
  no_empleado: string;
  fecha_inicio: string;
  tipo_contrato: string;
  tipo_jornada: string | null;
  tipo_regimen: string;
  sindicalizado: boolean;
  departamento: string | null;
  puesto: string | null;
  riesgo_puesto: string | null;
  banco: string | null;
  cuenta_bancaria: string | null;
  salario_diario: string;
  salario_base: string;
  entidad: string;
  cp: string;
  /** Migration 0700; absent in snapshots taken before it. */
  email?: string | null;
}
export interface PercepcionLine { tipo: string; clave: string; concepto: string; importe_gravado: string; importe_exento: string }
export interface DeduccionLine { tipo: string; clave: string; concepto: string; importe: string }
export interface OtroPagoLine extends DeduccionLine { subsidio_causado: string | null }

export const prenominas = pgTable('prenominas', {
  id: serial('id').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  tipoNomina: varchar('tipo_nomina', { length: 1 }).$type<'O' | 'E'>().notNull(),
  fechaInicialPago: date('fecha_inicial_pago', { mode: 'string' }).notNull(),
  fechaFinalPago: date('fecha_final_pago', { mode: 'string' }).notNull(),
  fechaPago: date('fecha_pago', { mode: 'string' }).notNull(),
  numDiasPagados: numeric('num_dias_pagados', { precision: 8, scale: 3 }).notNull(),
  periodicidad: varchar('periodicidad', { length: 2 }).notNull(),
  processId: varchar('process_id', { length: 64 }),
  /** Migration 0700: what the run pays, the ISR method of aguinaldo/PTU and the salario mínimo zone. */
  tipoPago: varchar('tipo_pago', { length: 10 }).$type<'ordinaria' | 'aguinaldo' | 'ptu'>().notNull().default('ordinaria'),
  metodoIsr: varchar('metodo_isr', { length: 3 }).$type<'96' | '174'>().notNull().default('96'),
  zonaSalario: varchar('zona_salario', { length: 8 }).$type<'general' | 'frontera'>().notNull().default('general'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.id, t.userId] })]);

export const prenominaDetalles = pgTable('prenomina_detalles', {
  id: serial('id').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  prenominaId: integer('prenomina_id').notNull().references(() => prenominas.id, { onDelete: 'cascade' }),
  employeeId: integer('employee_id').references(() => employees.id, { onDelete: 'set null' }),
  empleado: jsonb('empleado').$type<EmpleadoSnapshot>().notNull(),
  percepciones: jsonb('percepciones').$type<PercepcionLine[]>().notNull(),
  deducciones: jsonb('deducciones').$type<DeduccionLine[]>().notNull(),
  otrosPagos: jsonb('otros_pagos').$type<OtroPagoLine[]>().notNull(),
  totalPercepciones: numeric('total_percepciones', { precision: 14, scale: 2 }).notNull(),
  totalDeducciones: numeric('total_deducciones', { precision: 14, scale: 2 }).notNull(),
  totalOtrosPagos: numeric('total_otros_pagos', { precision: 14, scale: 2 }).notNull(),
  isr: numeric('isr', { precision: 14, scale: 2 }).notNull(),
  imss: numeric('imss', { precision: 14, scale: 2 }).notNull(),
  /**
   * Migration 0895 (decision 323): the employer's quotas, not withheld from the worker, booked by the payroll
   * póliza. IMSS (monthly), RCV (retiro, cesantía y vejez) and INFONAVIT; null only on rows written before 0895
   * until fillEmployerQuotas computes them.
   */
  imssPatronal: numeric('imss_patronal', { precision: 14, scale: 2 }),
  rcvPatronal: numeric('rcv_patronal', { precision: 14, scale: 2 }),
  infonavitPatronal: numeric('infonavit_patronal', { precision: 14, scale: 2 }),
  neto: numeric('neto', { precision: 14, scale: 2 }).notNull(),
  status: smallint('status').notNull().default(0),
  uuid: varchar('uuid', { length: 36 }),
  error: text('error'),
  stampedAt: timestamp('stamped_at', { withTimezone: true }),
  /** Migration 0700: the receipt this one replaces (cancelled), and when it was e-mailed to the employee. */
  uuidCancelado: varchar('uuid_cancelado', { length: 36 }),
  emailedAt: timestamp('emailed_at', { withTimezone: true }),
}, (t) => [primaryKey({ columns: [t.id, t.userId] })]);

export type PrenominaRow = typeof prenominas.$inferSelect;
export type DetalleRow = typeof prenominaDetalles.$inferSelect;
export type NewDetalleRow = typeof prenominaDetalles.$inferInsert;
