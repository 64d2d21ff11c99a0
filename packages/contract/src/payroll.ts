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

const ymd = (field: string) => z.string({ error: `Escribe ${field}` }).trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, `${field[0]!.toUpperCase()}${field.slice(1)} debe tener el formato AAAA-MM-DD`);
const money = (field: string) => z.union([z.string(), z.number()]).transform((v) => String(v).trim())
  .refine((v) => /^\d{1,10}(\.\d{1,2})?$/.test(v), `${field} debe ser un importe positivo con hasta 2 decimales`);

export const crearPrenominaBodySchema = z.object({
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
  status: z.number().int(),
  status_text: z.string(),
  /** The stamped receipt's file name, its download path and UUID; null until stamped. */
  xml: z.string().nullable(),
  xmlUrl: z.string().nullable(),
  pdfUrl: z.string().nullable(),
  uuid: z.string().nullable(),
  error: z.string().nullable(),
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
