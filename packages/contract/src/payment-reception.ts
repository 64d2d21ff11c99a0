import { z } from 'zod';
import { PAGE_SIZES, pageOf } from './pagination';
import { QUERY_KEYS, invoiceRowSchema } from './incomes';

/**
 * Spec §3 (Mother invoices list params), §7.7 and issue 13 §4: payment reception — PPD invoices with an open
 * balance, their payments, and applying a payment (one invoice, form-encoded; several invoices of one
 * customer, JSON) that stamps a CFDI tipo P with Pagos 2.0.
 */
const uuidText = (field: string) =>
  z.string({ message: `${field} es obligatorio` }).trim().regex(/^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/, `${field} debe ser el UUID de la factura`).transform((u) => u.toUpperCase());
const amount = (field: string) => z.string({ message: `${field} es obligatorio` }).trim().regex(/^\d{1,18}(\.\d{1,6})?$/, `${field} debe ser un importe con hasta 6 decimales`);
const optionalText = (max: number, pattern?: RegExp, message?: string) => {
  const base = z.string().trim().max(max);
  return (pattern ? base.regex(pattern, message) : base).optional().or(z.literal('').transform(() => undefined));
};
const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])]).optional().transform((v) => v === true || v === 'true' || v === '1');

export const motherStatusParamsSchema = z.object({
  /** §4 list status: 1 pending (open balance), otherwise paid. */
  status: z.coerce.number({ message: 'El estado debe ser 1 (pendientes) o 2 (pagadas)' }).int(),
});

export const mothersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().default(10).refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: 'perPage debe ser 10, 20 o 50' }),
  search: z.string().trim().max(200).optional(),
  'query[key]': z.enum(QUERY_KEYS, { message: 'query[key] no es un campo de búsqueda válido' }).optional(),
  'query[value]': z.string().trim().max(200).optional(),
  /** Only customers with two or more open PPD invoices (candidates for one payment over several). */
  multiple_payments: flag,
});
export type MothersQuery = z.infer<typeof mothersQuerySchema>;
export const mothersPageSchema = pageOf(invoiceRowSchema);

export const invoiceIdParamsSchema = z.object({ invoiceId: uuidText('invoiceId') });
export const invoicePaymentsSchema = z.object({ data: z.array(invoiceRowSchema) });

const catalogItem = z.object({ clave: z.string(), descripcion: z.string() });
export const paymentCatalogsSchema = z.object({
  formasPago: z.array(catalogItem),
  monedas: z.array(catalogItem.extend({ decimales: z.number().int() })),
});

const dmy = (isoDay: string) => `${isoDay.slice(8, 10)}/${isoDay.slice(5, 7)}/${isoDay.slice(0, 4)}`;

/**
 * Issue 24: a payment cannot be dated before the invoice it pays (calendar days, Mexico City wall time as both are
 * written): money received before the invoice exists is an anticipo, which follows Anexo 20, Apéndice 6 — not a
 * payment complement that would move the IVA into an earlier (maybe closed) month. Same-day payments are accepted.
 * Spanish message for the fechaPago field, or null. API and payment form say the same words (decision 272).
 */
export function fechaPagoAntesDeFactura(fechaPago: string, fechaFactura: string, factura: string): string | null {
  const pago = fechaPago.slice(0, 10);
  const emitida = fechaFactura.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(pago) || !/^\d{4}-\d{2}-\d{2}$/.test(emitida) || pago >= emitida) return null;
  return `La fecha de pago (${dmy(pago)}) es anterior a la fecha de la factura ${factura} (${dmy(emitida)}): un pago recibido antes de emitir la factura es un anticipo. Sigue el procedimiento de anticipos del Anexo 20, Apéndice 6: factura el anticipo, relaciónalo (TipoRelacion 07) en la factura del total y emite la nota de crédito por el anticipo aplicado.`;
}

const paymentFields = {
  fechaPago: z.string({ message: 'fechaPago es obligatoria' }).trim().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, 'fechaPago debe tener el formato AAAA-MM-DDTHH:mm:ss'),
  formaDePagoP: z.string({ message: 'formaDePagoP es obligatoria' }).trim().regex(/^\d{2}$/, 'formaDePagoP debe ser una clave del catálogo c_FormaPago'),
  monedaP: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'monedaP debe ser una clave de moneda (MXN, USD…)').default('MXN'),
  tipoCambioP: optionalText(30, /^\d{1,12}(\.\d{1,6})?$/, 'tipoCambioP debe ser un número con hasta 6 decimales'),
  monto: amount('monto'),
  numOperacion: optionalText(100),
  rfcEmisorCtaOrd: optionalText(13, /^[A-Z&Ñ]{3,4}\d{6}[A-Z0-9]{3}$|^XEXX010101000$/i, 'rfcEmisorCtaOrd no es un RFC válido'),
  ctaOrdenante: optionalText(50, /^[A-Z0-9_]{10,50}$/i, 'ctaOrdenante debe tener de 10 a 50 letras o dígitos'),
  rfcEmisorCtaBen: optionalText(12, /^[A-Z&Ñ]{3}\d{6}[A-Z0-9]{3}$/i, 'rfcEmisorCtaBen debe ser el RFC de un banco (persona moral)'),
  ctaBeneficiario: optionalText(50, /^[A-Z0-9_]{10,50}$/i, 'ctaBeneficiario debe tener de 10 a 50 letras o dígitos'),
};

/** applyPay (application/x-www-form-urlencoded): one invoice. */
export const applyPayBodySchema = z.object({
  invoiceId: uuidText('invoiceId'),
  ...paymentFields,
  /** Units of the invoice currency per unit of MonedaP, when they differ. */
  equivalenciaDR: optionalText(30, /^\d{1,8}(\.\d{1,10})?$/, 'equivalenciaDR debe ser un número con hasta 10 decimales'),
});
export type ApplyPayBody = z.infer<typeof applyPayBodySchema>;

export const applyMultipleBodySchema = z.object({
  ...paymentFields,
  documentos: z
    .array(z.object({
      invoiceId: uuidText('invoiceId'),
      impPagado: amount('impPagado'),
      equivalenciaDR: optionalText(30, /^\d{1,8}(\.\d{1,10})?$/, 'equivalenciaDR debe ser un número con hasta 10 decimales'),
    }))
    .min(1, 'Elige al menos una factura')
    .max(100, 'A lo más 100 facturas por pago'),
});
export type ApplyMultipleBody = z.infer<typeof applyMultipleBodySchema>;

export const paymentStampedSchema = z.object({ uuid: z.string(), xmlUrl: z.string(), pdfUrl: z.string() });
export type PaymentStamped = z.infer<typeof paymentStampedSchema>;
