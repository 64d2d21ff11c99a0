import { boolean, date, integer, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

/** Tables of migration 0200_employees.sql (written by hand; drizzle-kit is not run on them). */

export const employees = pgTable('employees', {
  id: serial('id').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  rfc: varchar('rfc', { length: 13 }).notNull(),
  noEmpleado: varchar('no_empleado', { length: 15 }).notNull(),
  nombre: varchar('nombre', { length: 100 }).notNull(),
  apellidoPaterno: varchar('apellido_paterno', { length: 100 }).notNull(),
  apellidoMaterno: varchar('apellido_materno', { length: 100 }),
  curp: varchar('curp', { length: 18 }).notNull(),
  nss: varchar('nss', { length: 11 }),
  puesto: varchar('puesto', { length: 100 }),
  departamento: varchar('departamento', { length: 100 }),
  fechaInicio: date('fecha_inicio', { mode: 'string' }).notNull(),
  tipoContrato: varchar('tipo_contrato', { length: 2 }).notNull(),
  tipoJornada: varchar('tipo_jornada', { length: 2 }),
  tipoRegimen: varchar('tipo_regimen', { length: 2 }).notNull(),
  periodo: varchar('periodo', { length: 2 }).notNull(),
  riesgoPuesto: varchar('riesgo_puesto', { length: 2 }),
  banco: varchar('banco', { length: 3 }),
  cuentaBancaria: varchar('cuenta_bancaria', { length: 18 }),
  salarioDiario: numeric('salario_diario', { precision: 14, scale: 2 }).notNull(),
  salarioBase: numeric('salario_base', { precision: 14, scale: 2 }).notNull(),
  entidad: varchar('entidad', { length: 3 }).notNull(),
  sindicalizado: boolean('sindicalizado').notNull().default(false),
  cp: varchar('cp', { length: 5 }).notNull(),
  /** Migration 0700: where the employee's payroll receipts are e-mailed. */
  email: varchar('email', { length: 254 }),
  estatus: smallint('estatus').notNull().default(1),
  fechaBaja: date('fecha_baja', { mode: 'string' }),
  searchText: text('search_text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.id, t.userId] })]);

export type ConceptKind = 'percepcion' | 'deduccion' | 'otro_pago';

export const employeeConcepts = pgTable('employee_concepts', {
  id: serial('id').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  employeeId: integer('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
  kind: varchar('kind', { length: 10 }).$type<ConceptKind>().notNull(),
  tipo: varchar('tipo', { length: 3 }).notNull(),
  clave: varchar('clave', { length: 15 }).notNull(),
  concepto: varchar('concepto', { length: 100 }).notNull(),
  importeGravado: numeric('importe_gravado', { precision: 14, scale: 2 }),
  importeExento: numeric('importe_exento', { precision: 14, scale: 2 }),
  importe: numeric('importe', { precision: 14, scale: 2 }),
  subsidioCausado: numeric('subsidio_causado', { precision: 14, scale: 2 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.id, t.userId] })]);

export type EmployeeRow = typeof employees.$inferSelect;
export type NewEmployeeRow = typeof employees.$inferInsert;
export type ConceptRow = typeof employeeConcepts.$inferSelect;
export type NewConceptRow = typeof employeeConcepts.$inferInsert;
