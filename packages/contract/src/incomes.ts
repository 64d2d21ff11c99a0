import { z } from 'zod';
import { pageOf, PAGE_SIZES } from './pagination';
import { idParam } from './input-rules';

/**
 * Spec §3 (Invoice), §4 (payment filters, list status) and §7.5: the incomes lists, stats, CSV, related
 * documents and accounts receivable. The same shapes serve outcomes (received documents). Every amount is a
 * decimal string; stat totals are in MXN (total × TipoCambio) with 2 decimals. Definitions of each figure and
 * filter: docs/incomes-statistics.md.
 */

const monthText = z.coerce.number({ message: 'El mes debe ser un número de 1 a 12' }).int().min(1, 'El mes debe ser un número de 1 a 12').max(12, 'El mes debe ser un número de 1 a 12');
const yearText = z.coerce.number({ message: 'El año no es válido' }).int().min(2000, 'El año no es válido').max(2100, 'El año no es válido');

export const periodParamsSchema = z.object({ month: monthText, year: yearText });
export type PeriodParams = z.infer<typeof periodParamsSchema>;
export const yearParamsSchema = z.object({ year: yearText });

/** One stat card: how many documents and their amount in MXN. */
export const statFigureSchema = z.object({ count: z.number().int(), total: z.string() });
export type StatFigure = z.infer<typeof statFigureSchema>;

export const STAT_KEYS = ['ingresos', 'pagados', 'pagadosotros', 'pagadosdeotros', 'nopagados', 'cancelados', 'complementos', 'madres', 'cuentaspor'] as const;
export type StatKey = (typeof STAT_KEYS)[number];

export const monthStatsSchema = z.object(Object.fromEntries(STAT_KEYS.map((k) => [k, statFigureSchema])) as Record<StatKey, typeof statFigureSchema>);
export type MonthStats = z.infer<typeof monthStatsSchema>;

export const yearStatsSchema = z.object({
  calculos: z.array(monthStatsSchema.extend({ mes: z.number().int() })),
});
export type YearStats = z.infer<typeof yearStatsSchema>;

/**
 * §4 invoice payment filters (status[filter]) and the stat key each one lists; status[type] says which
 * family: 'pago' (payment state) or 'query' (Complemento, Madre).
 */
export const STATUS_FILTERS = {
  Pagada: 'pagados',
  'Pagada en otro': 'pagadosotros',
  'Pagada de otro': 'pagadosdeotros',
  'No Pagada': 'nopagados',
  Cancelada: 'cancelados',
  Complemento: 'complementos',
  Madre: 'madres',
} as const satisfies Record<string, StatKey>;
export type StatusFilter = keyof typeof STATUS_FILTERS;

/** Fields query[key] may name; uuid, serie, folio, rfc, moneda, metodoPago, formaPago match exactly, nombre contains. */
export const QUERY_KEYS = ['uuid', 'serie', 'folio', 'rfc', 'nombre', 'moneda', 'metodoPago', 'formaPago', 'tipo'] as const;
export type QueryKey = (typeof QUERY_KEYS)[number];

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');

export const cfdiListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce
    .number()
    .int()
    .default(10)
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: 'perPage debe ser 10, 20 o 50' }),
  searchQuery: z.string().trim().max(200).optional(),
  withBlacklist: flag,
  'query[key]': z.enum(QUERY_KEYS, { message: 'query[key] no es un campo de búsqueda válido' }).optional(),
  'query[value]': z.string().trim().max(200).optional(),
  'status[type]': z.enum(['pago', 'query'], { message: "status[type] debe ser 'pago' o 'query'" }).optional(),
  'status[filter]': z.enum(Object.keys(STATUS_FILTERS) as [StatusFilter, ...StatusFilter[]], { message: 'status[filter] no es un filtro válido' }).optional(),
  /** With cuentaspor: '1' only open invoices with related documents (payments, notes), '0' only those without. */
  relatedocs: z.enum(['0', '1', '']).optional(),
  cuentaspor: flag,
  csv: flag,
});
export type CfdiListQuery = z.infer<typeof cfdiListQuerySchema>;

/** §3 Invoice as the lists show it (issued: client = receptor; received: the emisor). */
export const invoiceRowSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  serie: z.string().nullable(),
  folio: z.string().nullable(),
  rfc: z.string(),
  client: z.string(),
  f_emi: z.string(),
  f_pago: z.string().nullable(),
  total: z.string(),
  subtotal: z.string(),
  saldo: z.string(),
  moneda: z.string(),
  tc: z.string(),
  estado: z.enum(['vigente', 'en_proceso', 'cancelada', 'rechazada']),
  /** SAT's EstatusCancelacion as last known ('Plazo vencido': cancelled without the receptor's answer). */
  estatusCancelacion: z.string().nullable().optional(),
  tipoDeComprobante: z.string(),
  metodoPago: z.string().nullable(),
  formaPago: z.string().nullable(),
  /** §4 list status: 1 pending (open balance), 2 paid. */
  status: z.union([z.literal(1), z.literal(2)]),
  notCount: z.boolean(),
  /** Stamped with a test API key through the sandbox PAC (decision 307): shown "Prueba", never counted. */
  prueba: z.boolean().optional(),
  pagoManual: z.boolean(),
  /** The 69-B list check arrives with its issue; always false until then. */
  blacklisted: z.boolean(),
  /** Payment complements or related CFDI exist (what related/:uuid lists). */
  hasRelated: z.boolean(),
  // Complement fields (tipo P paying one document; null otherwise).
  madre_uuid: z.string().nullable(),
  num_parcialidad: z.number().int().nullable(),
  imp_saldo_ant: z.string().nullable(),
  imp_pagado: z.string().nullable(),
  imp_saldo_insoluto: z.string().nullable(),
  metodo_pago_dr: z.string().nullable(),
  tipo_cambio: z.string().nullable(),
  documentos: z.number().int(),
  /** Received documents only (outcomes): the deductibility decided at import or overridden by the user, and why. */
  deducible: z.boolean().nullable().optional(),
  deducibleMotivo: z.string().nullable().optional(),
  deducibleManual: z.boolean().optional(),
  /** Received only (issue 24 §7): used only in taxed ('gravadas') or only in exempt ('exentas') activities; null: both (prorated). */
  ivaUso: z.enum(['gravadas', 'exentas']).nullable().optional(),
});
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;

export const invoicePageSchema = pageOf(invoiceRowSchema);

export const relatedQuerySchema = z.object({ mother: flag });
export const relatedUuidParamsSchema = z.object({ uuid: z.string().trim().regex(/^[0-9A-Fa-f-]{36}$/, 'El UUID no es válido').transform((u) => u.toUpperCase()) });

export const relatedRowSchema = invoiceRowSchema.extend({
  /** How it relates: 'pago' (payment complement) or the c_TipoRelacion code. */
  relacion: z.string(),
});
export const relatedResponseSchema = z.object({ data: z.array(relatedRowSchema) });

export const enablePaymentBodySchema = z.object({
  fpago: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'La fecha de pago debe tener el formato AAAA-MM-DD'),
  pIdPago: z.string().trim().regex(/^[0-9A-Fa-f-]{36}$/, 'El UUID no es válido').transform((u) => u.toUpperCase()),
  /** §4: 1 emitted, 2 received. */
  type: z.coerce.number().int().refine((t) => t === 1 || t === 2, { message: 'type debe ser 1 (emitida) o 2 (recibida)' }).default(1),
});
export const notCountBodySchema = z.object({
  uuid: z.string().trim().regex(/^[0-9A-Fa-f-]{36}$/, 'El UUID no es válido').transform((u) => u.toUpperCase()),
  /** false counts it again. */
  notCount: z.boolean().default(true),
});
export const incomesAlertSchema = z.object({ msj: z.string(), rspns: z.boolean() });

export const perReceiveQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce
    .number()
    .int()
    .default(10)
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: 'perPage debe ser 10, 20 o 50' }),
  /** '1' with related documents (partly paid or credited), '0' without; absent: both. */
  relatedocs: z.enum(['0', '1', '']).optional(),
  searchQuery: z.string().trim().max(200).optional(),
});
export const perReceiveResponseSchema = z.object({
  conRelacionados: statFigureSchema,
  sinRelacionados: statFigureSchema,
  page: invoicePageSchema,
});

/** §7.3 apps/invoice. */
export const appInvoicesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
  q: z.string().trim().max(200).optional(),
  status: z.enum(['vigente', 'cancelada', 'pendiente', 'pagada', '']).optional(),
});
export const appInvoiceIdParamsSchema = z.object({ id: idParam('Factura no encontrada') });
export const appInvoiceDetailSchema = invoiceRowSchema.extend({
  relations: z.array(z.object({ tipoRelacion: z.string(), uuid: z.string() })),
  payments: z.array(z.object({ pagoUuid: z.string(), fechaPago: z.string(), impPagado: z.string(), numParcialidad: z.number().int() })),
});
export const appClientsResponseSchema = z.object({
  clients: z.array(z.object({ id: z.number().int(), rfc: z.string(), r_social: z.string(), email: z.string().nullable() })),
});
