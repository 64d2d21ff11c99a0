import { z } from 'zod';
import { idParam } from './input-rules';
import { PAGE_SIZES, pageOf } from './pagination';
import { invoiceRowSchema, periodParamsSchema } from './incomes';

/**
 * Pre-payroll and payroll (spec §3 "Pre-payroll", "Payroll response", §4 detail status, §7.11; issue 10).
 * A pre-payroll has one detail per employee with its lines and taxes; stamping turns each pending detail
 * into a CFDI tipo N with Nómina 1.2.
 */
export const PAYROLL_DETAIL_STATUS = { pending: 0, stamped: 1, disabled: 2, error: 3 } as const;
export type PayrollDetailStatus = (typeof PAYROLL_DETAIL_STATUS)[keyof typeof PAYROLL_DETAIL_STATUS];
/** §4: the exact texts; an unknown status maps to pending. */
export const PAYROLL_STATUS_TEXT: Record<number, string> = {
  0: 'Pendiente de timbrar', 1: 'Timbrado correctamente', 2: 'Timbrado no disponible', 3: 'Error al timbrar',
};
export const payrollStatusText = (s: number) => PAYROLL_STATUS_TEXT[s] ?? PAYROLL_STATUS_TEXT[0]!;

const ymd = (field: string) => z.string({ error: `Escribe ${field}` }).trim().min(1, `Escribe ${field}`)
  .regex(/^\d{4}-\d{2}-\d{2}$/, `${field[0]!.toUpperCase()}${field.slice(1)} debe tener el formato AAAA-MM-DD`);
const money = (field: string) => z.union([z.string(), z.number()]).transform((v) => String(v).trim())
  .refine((v) => /^\d{1,10}(\.\d{1,2})?$/.test(v), `${field} debe ser un importe positivo con hasta 2 decimales`);

/**
 * What a pre-payroll pays (issue 24 item 3): the ordinary salary, or an extraordinary payroll (TipoNomina E,
 * PeriodicidadPago 99) of aguinaldo (percepción 002) or PTU (003) with their exempt part (LISR 93 fr. XIV).
 */
export const PAYROLL_KINDS = ['ordinaria', 'aguinaldo', 'ptu'] as const;
export type PayrollKind = (typeof PAYROLL_KINDS)[number];
/** ISR method of an aguinaldo/PTU payroll, the employer's choice: LISR art. 96 or RLISR art. 174. */
export const PAYROLL_ISR_METHODS = ['96', '174'] as const;
export type PayrollIsrMethod = (typeof PAYROLL_ISR_METHODS)[number];

export const crearPrenominaBodySchema = z.object({
  tipoPago: z.enum(PAYROLL_KINDS, { error: 'El tipo de pago debe ser ordinaria, aguinaldo o ptu' }).default('ordinaria'),
  metodoIsr: z.enum(PAYROLL_ISR_METHODS, { error: 'El método del ISR debe ser 96 (LISR) o 174 (RLISR)' }).default('96'),
  tipoNomina: z.enum(['O', 'E'], { error: 'El tipo de nómina debe ser O (ordinaria) o E (extraordinaria)' }),
  fechaInicialPago: ymd('la fecha inicial de pago'),
  fechaFinalPago: ymd('la fecha final de pago'),
  fechaPago: ymd('la fecha de pago'),
  numDiasPagados: z.union([z.string(), z.number()]).transform((v) => String(v).trim())
    .refine((v) => /^\d{1,3}(\.\d{1,3})?$/.test(v) && Number(v) > 0, 'Los días pagados deben ser un número mayor que 0 con hasta 3 decimales'),
  periodicidad: z.string({ error: 'Elige la periodicidad de pago' }).trim().regex(/^(0[1-9]|10|99)$/, 'La periodicidad debe ser una clave de c_PeriodicidadPago (01 a 10 o 99)'),
  /** Employee ids; every active employee when absent. */
  empleados: z.array(z.number().int().positive()).max(5000).optional(),
}).superRefine((b, ctx) => {
  if (b.fechaInicialPago > b.fechaFinalPago) ctx.addIssue({ code: 'custom', path: ['fechaFinalPago'], message: 'La fecha final de pago no puede ser anterior a la inicial' });
  const extraordinaria = b.tipoPago !== 'ordinaria';
  if (extraordinaria && b.tipoNomina !== 'E') {
    ctx.addIssue({ code: 'custom', path: ['tipoNomina'], message: 'El aguinaldo y la PTU se pagan en nómina extraordinaria (tipo E)' });
  }
  // Nómina 1.2: an extraordinary payroll has PeriodicidadPago 99, an ordinary one never.
  if (extraordinaria && b.periodicidad !== '99') {
    ctx.addIssue({ code: 'custom', path: ['periodicidad'], message: 'El aguinaldo y la PTU llevan la periodicidad 99 (otra periodicidad)' });
  }
});
export type CrearPrenominaBody = z.infer<typeof crearPrenominaBodySchema>;

export const payrollPercepcionSchema = z.object({
  tipo: z.string(), clave: z.string(), concepto: z.string(), importe_gravado: z.string(), importe_exento: z.string(),
});
export const payrollDeduccionSchema = z.object({ tipo: z.string(), clave: z.string(), concepto: z.string(), importe: z.string() });
export const payrollOtroPagoSchema = payrollDeduccionSchema.extend({ subsidio_causado: z.string().nullable() });

export const prenominaDetalleSchema = z.object({
  id: z.number().int(),
  prenomina_id: z.number().int(),
  empleado: z.object({
    id: z.number().int().nullable(), rfc: z.string(), nombre: z.string(), curp: z.string(), nss: z.string().nullable(), no_empleado: z.string(),
  }),
  percepciones: z.array(payrollPercepcionSchema),
  deducciones: z.array(payrollDeduccionSchema),
  otros_pagos: z.array(payrollOtroPagoSchema),
  total_percepciones: z.string(),
  total_deducciones: z.string(),
  total_otros_pagos: z.string(),
  isr: z.string(),
  imss: z.string(),
  neto: z.string(),
  /**
   * The employer's quotas of the receipt (decision 323), not withheld: IMSS, RCV (retiro, cesantía y vejez) and
   * INFONAVIT; "0.00" for aguinaldo/PTU and contracts without IMSS; null only for an old receipt the engine could not compute.
   */
  imss_patronal: z.string().nullable(),
  rcv_patronal: z.string().nullable(),
  infonavit_patronal: z.string().nullable(),
  status: z.number().int(),
  status_text: z.string(),
  /** The stamped receipt's file name, its download path and UUID; null until stamped. */
  xml: z.string().nullable(),
  xmlUrl: z.string().nullable(),
  pdfUrl: z.string().nullable(),
  uuid: z.string().nullable(),
  error: z.string().nullable(),
  /** The cancelled receipt this one replaces (issue 24 item 14), and when the receipt was e-mailed. */
  uuid_cancelado: z.string().nullable(),
  emailed_at: z.string().nullable(),
});
export type PrenominaDetalle = z.infer<typeof prenominaDetalleSchema>;

const prenominaHeader = {
  id: z.number().int(),
  tipo_nomina: z.enum(['O', 'E']),
  fecha_inicial_pago: z.string(),
  fecha_final_pago: z.string(),
  fecha_pago: z.string(),
  num_dias_pagados: z.string(),
  periodicidad: z.string(),
  process_id: z.string().nullable(),
  tipo_pago: z.enum(PAYROLL_KINDS),
  metodo_isr: z.enum(PAYROLL_ISR_METHODS),
  /** Salario mínimo zone the figures used: the employer's CP in the Zona Libre de la Frontera Norte or not. */
  zona_salario: z.enum(['general', 'frontera']),
  created_at: z.string(),
};
export const prenominaListItemSchema = z.object({
  ...prenominaHeader,
  empleados: z.number().int(),
  timbrados: z.number().int(),
  errores: z.number().int(),
  total_neto: z.string(),
});
export const prenominaPageSchema = pageOf(prenominaListItemSchema);
export const prenominaSchema = z.object({ ...prenominaHeader, detalle_nomina: z.array(prenominaDetalleSchema) });
export type Prenomina = z.infer<typeof prenominaSchema>;

export const prenominaQuerySchema = z.object({
  /** Only pre-payrolls with stamped receipts: the "Lista de nóminas" of /payroll (spec §4 payroll type 1). */
  timbradas: z.union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])]).optional().transform((v) => v === true || v === 'true' || v === '1'),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().default(10).refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: 'perPage debe ser 10, 20 o 50' }),
});
export const prenominaIdParamsSchema = z.object({ id: idParam('La prenómina no existe') });

/** POST /api/prenomina: edit one pending detail's own lines; ISR, IMSS and subsidio are recomputed. */
export const editDetalleBodySchema = z.object({
  id: z.number({ error: 'Indica el registro a editar' }).int().positive('Indica el registro a editar'),
  percepciones: z.array(z.object({
    tipo: z.string().regex(/^\d{3}$/, 'El tipo de percepción debe ser una clave de 3 dígitos'),
    clave: z.string().trim().min(3, 'La clave debe tener de 3 a 15 caracteres').max(15, 'La clave debe tener de 3 a 15 caracteres'),
    concepto: z.string().trim().min(1, 'Escribe el concepto').max(100),
    importe_gravado: money('El importe gravado'),
    importe_exento: money('El importe exento'),
  })).min(1, 'Debe haber al menos una percepción'),
  deducciones: z.array(z.object({
    tipo: z.string().regex(/^\d{3}$/, 'El tipo de deducción debe ser una clave de 3 dígitos'),
    clave: z.string().trim().min(3).max(15), concepto: z.string().trim().min(1).max(100), importe: money('El importe'),
  })).default([]),
  otros_pagos: z.array(z.object({
    tipo: z.string().regex(/^\d{3}$/, 'El tipo de otro pago debe ser una clave de 3 dígitos'),
    clave: z.string().trim().min(3).max(15), concepto: z.string().trim().min(1).max(100), importe: money('El importe'),
  })).default([]),
});
export type EditDetalleBody = z.infer<typeof editDetalleBodySchema>;

export const payrollDetailIdBodySchema = z.object({ id: z.number({ error: 'Indica el registro' }).int().positive('Indica el registro') });
export const releasePrenominaBodySchema = z.object({ id: z.number({ error: 'Indica la prenómina' }).int().positive('Indica la prenómina') });
export const releaseResponseSchema = z.object({ processId: z.string() });
/**
 * What SAT or the PAC would refuse, per employee, found before anything is stamped (issue 24 item 14):
 * `GET /api/prenomina/:id/revision`, and the `errors` of a 422 from `POST /api/releasePrenomina` keyed
 * `detalle.<id>`.
 */
export const payrollProblemSchema = z.object({
  id: z.number().int(), no_empleado: z.string(), nombre: z.string(), errores: z.array(z.string()),
});
export const payrollReviewSchema = z.object({ problemas: z.array(payrollProblemSchema) });
export type PayrollProblem = z.infer<typeof payrollProblemSchema>;

/** POST /api/prenomina/enviar: e-mail the stamped receipts (PDF + XML) to each employee, or only one detail's. */
export const sendReceiptsBodySchema = z.object({
  id: z.number({ error: 'Indica la prenómina' }).int().positive('Indica la prenómina'),
  detalle: z.number().int().positive().optional(),
});
export const sendReceiptsResponseSchema = z.object({
  message: z.string(), enviados: z.number().int(),
  /** Employees without an e-mail address, and receipts whose mail failed (with the reason). */
  sin_correo: z.array(z.string()), errores: z.array(z.string()),
});

/**
 * POST /api/prenomina/cancelar: cancel one stamped receipt. Motivo 02 cancels it and leaves the detail
 * pending to be corrected and stamped again; motivo 01 first stamps the substitute (CfdiRelacionados
 * TipoRelacion 04 to the cancelled UUID) from the detail as it is now, then cancels citing it.
 */
export const cancelReceiptBodySchema = z.object({
  id: z.number({ error: 'Indica el registro' }).int().positive('Indica el registro'),
  motivo: z.enum(['01', '02'], { error: 'El motivo debe ser 01 (con sustituto) o 02 (con errores sin relación)' }),
});
export const cancelReceiptResponseSchema = z.object({
  message: z.string(), uuid: z.string(), estado: z.enum(['vigente', 'en_proceso', 'cancelada', 'rechazada']),
  uuid_sustitucion: z.string().nullable(), detalle: prenominaDetalleSchema,
});

export const detailToggleResponseSchema = z.object({ message: z.string(), status: z.number().int(), status_text: z.string() });

export const payrollListParamsSchema = periodParamsSchema.extend({
  type: z.enum(['1', '2'], { message: 'El tipo debe ser 1 (emitidas) o 2 (recibidas)' }).transform((t) => Number(t) as 1 | 2),
});
export const payrollListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().default(10).refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: 'perPage debe ser 10, 20 o 50' }),
  searchQuery: z.string().trim().max(200).optional(),
  csv: z.union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])]).optional().transform((v) => v === true || v === 'true' || v === '1'),
});
/** §3 Payroll response: the receipts of the month and their totals (MXN). */
export const payrollResponseSchema = z.object({
  facturas: pageOf(invoiceRowSchema.extend({ isr: z.string(), imss: z.string() })),
  calculos: z.object({ total: z.string(), isr: z.string(), imss: z.string() }),
});
export type PayrollResponse = z.infer<typeof payrollResponseSchema>;
