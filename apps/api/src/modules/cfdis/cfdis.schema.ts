import {
  bigserial, boolean, date, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid, varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';
import { clients } from '../clients/clients.schema';

/**
 * Tables of migration 0400_cfdis.sql (written by hand): the CFDI store every money path shares. Numeric
 * columns come back as strings (exact decimals) and go in as strings; never JS numbers.
 */

const money = (name: string) => numeric(name, { precision: 24, scale: 6 }).notNull().default('0');
const localTime = (name: string) => timestamp(name, { mode: 'string' });

export type CfdiDirection = 'emitido' | 'recibido';
export type CfdiEstado = 'vigente' | 'en_proceso' | 'cancelada' | 'rechazada';

export const cfdis = pgTable('cfdis', {
  id: bigserial('id', { mode: 'number' }).notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  uuid: varchar('uuid', { length: 36 }).notNull(),
  direction: varchar('direction', { length: 8 }).$type<CfdiDirection>().notNull(),
  source: varchar('source', { length: 8 }).$type<'app' | 'import' | 'sat'>().notNull().default('app'),
  version: varchar('version', { length: 3 }).notNull(),
  tipo: varchar('tipo', { length: 1 }).$type<'I' | 'E' | 'T' | 'P' | 'N'>().notNull(),
  serie: varchar('serie', { length: 25 }),
  folio: varchar('folio', { length: 40 }),
  /** Mexico City wall-clock time as in the XML ('YYYY-MM-DD HH:mm:ss' from the driver). */
  fecha: localTime('fecha').notNull(),
  fechaTimbrado: localTime('fecha_timbrado'),
  rfcEmisor: varchar('rfc_emisor', { length: 13 }).notNull(),
  nombreEmisor: varchar('nombre_emisor', { length: 300 }),
  regimenEmisor: varchar('regimen_emisor', { length: 3 }),
  rfcReceptor: varchar('rfc_receptor', { length: 13 }).notNull(),
  nombreReceptor: varchar('nombre_receptor', { length: 300 }),
  regimenReceptor: varchar('regimen_receptor', { length: 3 }),
  usoCfdi: varchar('uso_cfdi', { length: 4 }),
  clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
  moneda: varchar('moneda', { length: 3 }).notNull().default('MXN'),
  tipoCambio: numeric('tipo_cambio', { precision: 19, scale: 6 }).notNull().default('1'),
  subtotal: money('subtotal'),
  descuento: money('descuento'),
  total: money('total'),
  ivaTrasladado: money('iva_trasladado'),
  iepsTrasladado: money('ieps_trasladado'),
  isrRetenido: money('isr_retenido'),
  nominaImss: money('nomina_imss'),
  ivaRetenido: money('iva_retenido'),
  iepsRetenido: money('ieps_retenido'),
  baseIva16: money('base_iva16'),
  baseIva8: money('base_iva8'),
  baseIva0: money('base_iva0'),
  baseIvaExento: money('base_iva_exento'),
  metodoPago: varchar('metodo_pago', { length: 3 }),
  formaPago: varchar('forma_pago', { length: 2 }),
  exportacion: varchar('exportacion', { length: 2 }),
  lugarExpedicion: varchar('lugar_expedicion', { length: 5 }),
  estado: varchar('estado', { length: 12 }).$type<CfdiEstado>().notNull().default('vigente'),
  cancelMotivo: varchar('cancel_motivo', { length: 2 }),
  cancelUuidSustitucion: varchar('cancel_uuid_sustitucion', { length: 36 }),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  /** SAT's EstatusCancelacion as last known (0730): 'Plazo vencido' tells a cancellation nobody answered. */
  cancelEstatus: varchar('cancel_estatus', { length: 30 }),
  /** Last time SAT's status service was asked about it (0620). */
  satCheckedAt: timestamp('sat_checked_at', { withTimezone: true }),
  fechaPago: date('fecha_pago', { mode: 'string' }),
  saldo: money('saldo'),
  /** Migration 0420: paid by hand ("Habilitar pago"); balance recomputation leaves such a row alone. */
  pagoManual: boolean('pago_manual').notNull().default(false),
  notCount: boolean('not_count').notNull().default(false),
  /** Migration 0875 (decision 307): stamped with a test API key through the sandbox PAC; never counted (not_count too). */
  test: boolean('test').notNull().default(false),
  deducible: boolean('deducible'),
  deducibleMotivo: text('deducible_motivo'),
  deducibleManual: boolean('deducible_manual').notNull().default(false),
  /** Migration 0720 (issue 24 §7, decision 274): received expense used only in taxed ('gravadas') or only in exempt ('exentas') activities; null: both. */
  ivaUso: varchar('iva_uso', { length: 8 }).$type<'gravadas' | 'exentas'>(),
  observaciones: text('observaciones'),
  /** Distinct c_ClaveProdServ of the concepts, space-separated (migration 0710; the DIOT's tipo de operación). */
  clavesProdServ: text('claves_prod_serv'),
  xmlKey: text('xml_key').notNull(),
  /** The import (its background process id) that stored it; a retried import counts these as its own. */
  importId: uuid('import_id'),
  xmlSha256: varchar('xml_sha256', { length: 64 }).notNull(),
  pdfKey: text('pdf_key'),
  searchText: text('search_text').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.id, t.userId] })]);

/**
 * Migration 0730 (decision 276): the tenant's cancellation request of each issued CFDI or retenciones constancia,
 * its state around the PAC call ('cancelando' → 'solicitada' | 'fallida') and the PAC's acuse.
 */
export const cfdiCancellations = pgTable('cfdi_cancellations', {
  id: bigserial('id', { mode: 'number' }).notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  uuid: varchar('uuid', { length: 36 }).notNull(),
  documento: varchar('documento', { length: 12 }).$type<'cfdi' | 'retenciones'>().notNull(),
  motivo: varchar('motivo', { length: 2 }).notNull(),
  uuidSustitucion: varchar('uuid_sustitucion', { length: 36 }),
  status: varchar('status', { length: 12 }).$type<'cancelando' | 'solicitada' | 'fallida'>().notNull().default('cancelando'),
  estatusUuid: varchar('estatus_uuid', { length: 8 }),
  estatusCancelacion: varchar('estatus_cancelacion', { length: 30 }),
  acuse: text('acuse'),
  error: text('error'),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
}, (t) => [primaryKey({ columns: [t.id, t.userId] })]);

export const cfdiRelations = pgTable('cfdi_relations', {
  id: bigserial('id', { mode: 'number' }).notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  uuid: varchar('uuid', { length: 36 }).notNull(),
  tipoRelacion: varchar('tipo_relacion', { length: 2 }).notNull(),
  relatedUuid: varchar('related_uuid', { length: 36 }).notNull(),
}, (t) => [primaryKey({ columns: [t.id, t.userId] })]);

export const cfdiPayments = pgTable('cfdi_payments', {
  id: bigserial('id', { mode: 'number' }).notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  pagoUuid: varchar('pago_uuid', { length: 36 }).notNull(),
  docUuid: varchar('doc_uuid', { length: 36 }).notNull(),
  direction: varchar('direction', { length: 8 }).$type<CfdiDirection>().notNull(),
  fechaPago: localTime('fecha_pago').notNull(),
  formaPago: varchar('forma_pago', { length: 2 }),
  monedaP: varchar('moneda_p', { length: 3 }).notNull(),
  tipoCambioP: numeric('tipo_cambio_p', { precision: 19, scale: 6 }).notNull().default('1'),
  monedaDr: varchar('moneda_dr', { length: 3 }).notNull(),
  equivalenciaDr: numeric('equivalencia_dr', { precision: 19, scale: 10 }).notNull().default('1'),
  numParcialidad: integer('num_parcialidad').notNull(),
  impSaldoAnt: numeric('imp_saldo_ant', { precision: 24, scale: 6 }).notNull(),
  impPagado: numeric('imp_pagado', { precision: 24, scale: 6 }).notNull(),
  impSaldoInsoluto: numeric('imp_saldo_insoluto', { precision: 24, scale: 6 }).notNull(),
  baseMxn: money('base_mxn'),
  ivaMxn: money('iva_mxn'),
  isrRetenidoMxn: money('isr_retenido_mxn'),
  ivaRetenidoMxn: money('iva_retenido_mxn'),
}, (t) => [primaryKey({ columns: [t.id, t.userId] })]);

export const folioSeries = pgTable('folio_series', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  serie: varchar('serie', { length: 25 }).notNull(),
  nextFolio: integer('next_folio').notNull().default(1),
}, (t) => [primaryKey({ columns: [t.userId, t.serie] })]);

export const stampBalances = pgTable('stamp_balances', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  balance: integer('balance').notNull().default(0),
});

export const stampMovements = pgTable('stamp_movements', {
  id: bigserial('id', { mode: 'number' }).notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  delta: integer('delta').notNull(),
  reason: varchar('reason', { length: 20 }).notNull(),
  reference: varchar('reference', { length: 100 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.id, t.userId] })]);

export const idempotencyKeys = pgTable('idempotency_keys', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  key: varchar('key', { length: 200 }).notNull(),
  scope: varchar('scope', { length: 40 }).notNull(),
  requestHash: varchar('request_hash', { length: 64 }).notNull(),
  statusCode: integer('status_code'),
  response: jsonb('response'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.key] })]);

/**
 * One stamp in flight or done (migration 0760, decision 282): the sealed document as sent to the PAC, its
 * folio and status — 'timbrando' while the PAC is asked (outside any transaction), 'timbrado' with the UUID,
 * or 'no_timbrado' with the PAC's reason (the folio was taken and never stamped; its stamp was returned).
 */
export const stampAttempts = pgTable('stamp_attempts', {
  id: bigserial('id', { mode: 'number' }).notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** 'cfdi' (invoices, payments, credit notes, payroll) or 'retencion'. */
  kind: varchar('kind', { length: 12 }).notNull(),
  serie: varchar('serie', { length: 25 }),
  folio: varchar('folio', { length: 40 }),
  status: varchar('status', { length: 12 }).notNull().default('timbrando'),
  idempotencyKey: varchar('idempotency_key', { length: 200 }),
  pacKey: varchar('pac_key', { length: 300 }),
  sealedXml: text('sealed_xml').notNull(),
  clientId: integer('client_id'),
  observaciones: text('observaciones'),
  /** Stamp-ledger reason ('timbrado', 'nomina', 'retencion', …). */
  reason: varchar('reason', { length: 20 }).notNull(),
  /** A payment complement's ImpPagado per paid invoice UUID while it is 'timbrando' (counted against the saldo). */
  reserves: jsonb('reserves').$type<Record<string, string>>(),
  /** Migration 0875: a test API key's document — sandbox PAC, no stamp taken or returned. */
  test: boolean('test').notNull().default(false),
  uuid: varchar('uuid', { length: 36 }),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [primaryKey({ columns: [t.id, t.userId] })]);
