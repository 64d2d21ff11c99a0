import { z } from 'zod';
import { idParam } from './input-rules';

/**
 * Issue 29 §3: recurring invoices. A schedule is made from a stamped invoice ("Repetir cada…") and keeps its body;
 * each run stamps a new CFDI through the shared pipeline with an Idempotency-Key per schedule and period, so a
 * retried run never stamps twice. A failed run (no stamps, CSD expired) notifies and retries the next day.
 */
export const RECURRING_FREQUENCIES = ['mes', 'semana', 'dias'] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];
export const RECURRING_STATUSES = ['activa', 'pausada', 'terminada'] as const;

const dateText = (label: string) =>
  z.string({ error: `${label} debe tener el formato AAAA-MM-DD` }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, `${label} debe tener el formato AAAA-MM-DD`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, `${label} no existe en el calendario`);

const frequencyFields = {
  frecuencia: z.enum(RECURRING_FREQUENCIES, { error: 'Repetir cada mes, semana o cierto número de días' }),
  /** Every how many months / weeks / days (1 = every month). */
  cada: z.number({ error: 'Indica cada cuánto se repite' }).int('Indica un número entero').min(1, 'Debe repetirse al menos cada 1').max(365, 'Como máximo cada 365'),
};

export const recurringCreateSchema = z
  .object({
    /** The stamped invoice to repeat (its customer, concepts, forma and método de pago). */
    uuid: z.string({ error: 'Elige la factura a repetir' }).trim().toUpperCase().regex(/^[0-9A-F-]{36}$/, 'El UUID no tiene el formato de un folio fiscal'),
    ...frequencyFields,
    /** First run; by default one period after today. */
    inicio: dateText('La fecha de la primera factura').optional(),
    /** Last day a run may happen (inclusive). */
    fin: dateText('La fecha de fin').nullish().transform((v) => v ?? null),
    /** How many invoices in all (instead of, or besides, an end date). */
    veces: z.number().int('Indica un número entero').min(1, 'Al menos 1 factura').max(1000, 'Como máximo 1000 facturas').nullish().transform((v) => v ?? null),
    /** Adds "Periodo: …" to the first concept's description. */
    periodoEnDescripcion: z.boolean().default(false),
    /** E-mails each new invoice to the customer's addresses. */
    enviarCorreo: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.fin && v.inicio && v.fin < v.inicio) ctx.addIssue({ code: 'custom', path: ['fin'], message: 'La fecha de fin no puede ser anterior a la primera factura' });
  });
export type RecurringCreate = z.input<typeof recurringCreateSchema>;

export const recurringUpdateSchema = z.object({
  estado: z.enum(['activa', 'pausada'], { error: 'El estado debe ser activa o pausada' }).optional(),
  frecuencia: frequencyFields.frecuencia.optional(),
  cada: frequencyFields.cada.optional(),
  proxima: dateText('La próxima fecha').optional(),
  fin: dateText('La fecha de fin').nullable().optional(),
  veces: z.number().int().min(1, 'Al menos 1 factura').max(1000).nullable().optional(),
  periodoEnDescripcion: z.boolean().optional(),
  enviarCorreo: z.boolean().optional(),
});
export type RecurringUpdate = z.input<typeof recurringUpdateSchema>;

export const recurringSchema = z.object({
  id: z.number().int(),
  uuidOrigen: z.string(),
  cliente: z.string(),
  total: z.string(),
  frecuencia: z.enum(RECURRING_FREQUENCIES),
  cada: z.number().int(),
  /** Human text: "Cada mes", "Cada 2 semanas", "Cada 10 días". */
  descripcion: z.string(),
  proxima: z.string(),
  fin: z.string().nullable(),
  veces: z.number().int().nullable(),
  emitidas: z.number().int(),
  estado: z.enum(RECURRING_STATUSES),
  periodoEnDescripcion: z.boolean(),
  enviarCorreo: z.boolean(),
  /** Why the last run failed (retried the next day), or null. */
  ultimoError: z.string().nullable(),
  reintento: z.string().nullable(),
  ultimaUuid: z.string().nullable(),
  created_at: z.string(),
});
export type Recurring = z.infer<typeof recurringSchema>;
export const recurringListSchema = z.object({ data: z.array(recurringSchema) });
export const recurringIdParamsSchema = z.object({ id: idParam('La factura recurrente no existe') });

/** Text of a frequency as the list shows it. */
export function recurringText(frecuencia: RecurringFrequency, cada: number): string {
  if (frecuencia === 'mes') return cada === 1 ? 'Cada mes' : `Cada ${cada} meses`;
  if (frecuencia === 'semana') return cada === 1 ? 'Cada semana' : `Cada ${cada} semanas`;
  return cada === 1 ? 'Cada día' : `Cada ${cada} días`;
}
