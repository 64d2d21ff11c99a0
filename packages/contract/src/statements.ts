import { z } from 'zod';
import { idParam } from './input-rules';
import { pageOf } from './pagination';

/**
 * Statements and DIOT (spec §3 "Statement", "Statement settings", "DIOT"; §4 DIOT status and settings mode;
 * §7.13; issue 11). Money travels as strings with 2 decimals (DIOT amounts: whole pesos).
 */

const month = z.coerce.number({ error: 'El mes debe ser un número de 1 a 12' }).int('El mes debe ser un número de 1 a 12')
  .min(1, 'El mes debe ser un número de 1 a 12').max(12, 'El mes debe ser un número de 1 a 12');
const year = z.coerce.number({ error: 'El año debe ser un número de 2000 a 2100' }).int('El año debe ser un número de 2000 a 2100')
  .min(2000, 'El año debe ser un número de 2000 a 2100').max(2100, 'El año debe ser un número de 2000 a 2100');
const money = (field: string) => z.union([z.string(), z.number()]).transform((v) => String(v).trim())
  .refine((v) => /^\d{1,12}(\.\d{1,2})?$/.test(v), `${field} debe ser un importe positivo con hasta 2 decimales`);

export const statementPeriodBodySchema = z.object({ month, year });
/** Issue 24 §8: mark a statement filed with SAT (true) or not filed (false). */
export const statementFiledBodySchema = z.object({ presentada: z.boolean({ error: 'presentada debe ser verdadero o falso' }) });
export type StatementPeriodBody = z.infer<typeof statementPeriodBodySchema>;

/** §4 "DIOT status". */
export const DIOT_STATUS = { pending: 0, processing: 1, finished: 2 } as const;
export const DIOT_STATUS_TEXT: Record<number, string> = { 0: 'Pendiente de presentar', 1: 'En proceso', 2: 'Presentada' };

/** One line of a statement: a figure, how it was obtained (the article of the law) and the CFDIs behind it. */
export const statementLineSchema = z.object({
  clave: z.string(),
  concepto: z.string(),
  valor: z.string(),
  fundamento: z.string(),
  /** Which document group the line adds up ('ingresos' | 'deducciones' | 'retenciones'); null for derived lines. */
  fuente: z.string().nullable(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const statementDocumentSchema = z.object({
  uuid: z.string(),
  direction: z.enum(['emitido', 'recibido']),
  tipo: z.string(),
  rfc: z.string(),
  nombre: z.string().nullable(),
  fecha: z.string(),
  /** 'PUE' dated in the month or 'pago' (payment complement dated in the month). */
  origen: z.string(),
  base: z.string(),
  iva: z.string(),
  deducible: z.boolean().nullable(),
  fuente: z.string(),
});

export const statementSectionSchema = z.object({
  /** 'isr' | 'iva'. */
  impuesto: z.string(),
  titulo: z.string(),
  /** false: the régimen is not computed yet (`mensaje` says so). */
  calculado: z.boolean(),
  mensaje: z.string().nullable(),
  lineas: z.array(statementLineSchema),
  /** Amount to pay (0.00 when there is a saldo a favor). */
  a_pagar: z.string(),
  saldo_a_favor: z.string(),
});

/** §3 Statement: rfc, type, period, created_at (+ id, month, year and the two results for the list). */
export const statementSummarySchema = z.object({
  id: z.number().int(),
  rfc: z.string(),
  type: z.string(),
  period: z.string(),
  month: z.number().int(),
  year: z.number().int(),
  regimen: z.string().nullable(),
  isr_a_pagar: z.string(),
  iva_a_pagar: z.string(),
  iva_saldo_a_favor: z.string(),
  created_at: z.string(),
  /** Issue 24 §8: when the user marked it filed with SAT (null: not filed; the dashboard calls its figures "estimado"). */
  presentada_at: z.string().nullable(),
});
export const statementPageSchema = pageOf(statementSummarySchema);

export const statementSchema = statementSummarySchema.extend({
  vacio: z.boolean(),
  mensaje: z.string().nullable(),
  secciones: z.array(statementSectionSchema),
  documentos: z.array(statementDocumentSchema),
});
export type Statement = z.infer<typeof statementSchema>;
export type StatementSummary = z.infer<typeof statementSummarySchema>;

export const statementIdParamsSchema = z.object({ id: idParam('La declaración no existe') });
export const statementListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
  year: year.optional(),
});

/** Pagos provisionales de ISR the user made outside the app (they count as pagos previos). */
export const externalPaymentSchema = z.object({ year, month, isr: money('El pago de ISR') });

/** §3 Statement settings + the inputs the computation needs (coeficiente de utilidad, PTU, pagos previos de fuera). */
export const statementSettingsSchema = z.object({
  automatic_statements: z.union([z.literal(0), z.literal(1)]),
  show_make_dec_button: z.object({ show: z.boolean(), reason: z.string().nullable() }),
  show_diot: z.boolean(),
  show_iva: z.boolean(),
  show_isr: z.boolean(),
  coeficiente_utilidad: z.string(),
  ptu_pagada: z.string(),
  pagos_previos: z.array(z.object({ year: z.number().int(), month: z.number().int(), isr: z.string() })),
});
export type StatementSettings = z.infer<typeof statementSettingsSchema>;

export const statementSettingsBodySchema = z.object({
  automatic_statements: z.union([z.literal(0), z.literal(1), z.boolean()], { error: 'automatic_statements debe ser 0 o 1' })
    .transform((v) => (v === true || v === 1 ? 1 : 0)).optional(),
  show_diot: z.boolean({ error: 'show_diot debe ser verdadero o falso' }).optional(),
  show_iva: z.boolean({ error: 'show_iva debe ser verdadero o falso' }).optional(),
  show_isr: z.boolean({ error: 'show_isr debe ser verdadero o falso' }).optional(),
  coeficiente_utilidad: z.union([z.string(), z.number()]).transform((v) => String(v).trim())
    .refine((v) => /^0(\.\d{1,4})?$|^1(\.0{1,4})?$/.test(v), 'El coeficiente de utilidad debe ser un número de 0 a 1 con hasta 4 decimales').optional(),
  ptu_pagada: money('La PTU pagada').optional(),
  pagos_previos: z.array(externalPaymentSchema).max(120, 'Como máximo 120 pagos previos').optional(),
});
export type StatementSettingsBody = z.infer<typeof statementSettingsBodySchema>;

// ---------------------------------------------------------------- DIOT

export const DIOT_TIPO_TERCERO = { '04': 'Proveedor nacional', '05': 'Proveedor extranjero', '15': 'Proveedor global' } as const;
export const DIOT_TIPO_OPERACION = {
  '02': 'Enajenación de bienes', '03': 'Prestación de servicios profesionales', '06': 'Uso o goce temporal de bienes',
  '07': 'Importación de bienes o servicios', '08': 'Importación por transferencia virtual', '85': 'Otros', '87': 'Operaciones globales',
} as const;
/** Which tipo de operación each tipo de tercero admits (2025 catalog, docs/diot.md). */
export const DIOT_OPERACIONES_POR_TERCERO: Record<string, readonly string[]> = {
  '04': ['02', '03', '06', '08', '85'], '05': ['02', '03', '07'], '15': ['87'],
};

const tipoOperacion = z.enum(['02', '03', '06', '07', '08', '85', '87'], { error: 'El tipo de operación debe ser 02, 03, 06, 07, 08, 85 u 87' });

/** A foreign supplier's operations of the month, typed by the user (foreign suppliers issue no CFDI). */
export const diotForeignInputSchema = z.object({
  idFiscal: z.string({ error: 'Escribe el número de identificación fiscal del proveedor extranjero' }).trim()
    .min(1, 'Escribe el número de identificación fiscal del proveedor extranjero').max(40, 'El número de identificación fiscal admite hasta 40 caracteres'),
  nombre: z.string({ error: 'Escribe el nombre del proveedor extranjero' }).trim().min(1, 'Escribe el nombre del proveedor extranjero').max(300),
  pais: z.string({ error: 'Escribe el país de residencia fiscal (3 letras)' }).trim().toUpperCase()
    .regex(/^[A-Z]{3}$/, 'El país de residencia fiscal debe ser un código de 3 letras (ISO 3166, ZZZ = otro)'),
  jurisdiccion: z.string().trim().max(300).optional(),
  tipoOperacion: z.enum(['02', '03', '07'], { error: 'El tipo de operación de un proveedor extranjero debe ser 02, 03 o 07' }),
  importacion16: money('El valor de la importación al 16 %').default('0'),
  exento: money('El valor de la importación exenta').default('0'),
});

export const diotBodySchema = statementPeriodBodySchema.extend({
  /** Group small suppliers into one proveedor global row (15/87) within the 10 % / $50,000 facility. */
  agruparGlobal: z.boolean().default(false),
  /** Per-supplier tipo de operación (default 85 Otros). */
  operaciones: z.record(z.string(), tipoOperacion).default({}),
  extranjeros: z.array(diotForeignInputSchema).max(500).default([]),
});
export type DiotBody = z.infer<typeof diotBodySchema>;

/** §3 DIOT rows: rfc, stotal, stiva16, stiva0, stivaex (+ the rest of what a line of the file carries). */
export const diotRowSchema = z.object({
  rfc: z.string(),
  nombre: z.string(),
  tipoTercero: z.string(),
  tipoOperacion: z.string(),
  idFiscal: z.string(),
  pais: z.string(),
  /** Base paid in the month (all rates, after credit notes), 2 decimals. */
  stotal: z.string(),
  stiva16: z.string(),
  stiva8: z.string(),
  stiva0: z.string(),
  stivaex: z.string(),
  stnoobjeto: z.string(),
  devoluciones16: z.string(),
  devoluciones8: z.string(),
  iva16: z.string(),
  iva8: z.string(),
  ivaNoAcreditable: z.string(),
  ivaRetenido: z.string(),
  importacion16: z.string(),
  importacionExento: z.string(),
  cfdis: z.number().int(),
});
export type DiotRow = z.infer<typeof diotRowSchema>;

export const diotChangeSchema = z.object({
  rfc: z.string(),
  nombre: z.string(),
  cambio: z.enum(['agregado', 'eliminado', 'modificado']),
  campos: z.array(z.object({ campo: z.string(), antes: z.string(), despues: z.string() })),
});
export const diotDiffSchema = z.object({
  /** Folio compared against and whether it was filed (has an acuse) or only generated. */
  contraFolio: z.number().int(),
  contra: z.enum(['presentada', 'generada']),
  cambios: z.array(diotChangeSchema),
});

export const diotSchema = z.object({
  folio: z.number().int(),
  status: z.number().int(),
  mes: z.number().int(),
  anio: z.number().int(),
  emisor: z.string(),
  /** SHA-256 of the batch file. */
  cadena: z.string(),
  datos: z.object({ proveedores: z.number().int(), lineas: z.number().int(), total: z.string(), iva: z.string(), cfdis: z.number().int() }),
  info: z.array(z.string()),
  rows: z.array(diotRowSchema),
  link: z.string(),
  urlAnexo: z.string(),
  urlAcuse: z.string().nullable(),
  diff: diotDiffSchema.nullable(),
  created_at: z.string(),
});
export type Diot = z.infer<typeof diotSchema>;

export const diotHistoryItemSchema = z.object({
  status: z.number().int(),
  folio: z.number().int(),
  year: z.number().int(),
  month: z.number().int(),
  urlAnexo: z.string(),
  urlAcuse: z.string().nullable(),
  proveedores: z.number().int(),
  created_at: z.string(),
});
export const diotHistorySchema = z.object({ data: z.array(diotHistoryItemSchema) });
export const diotHistoryQuerySchema = z.object({ year: year.optional() });
export const diotFolioParamsSchema = z.object({ folio: idParam('La DIOT no existe') });
