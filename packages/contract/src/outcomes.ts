import { z } from 'zod';
import { cfdiListQuerySchema, enablePaymentBodySchema, monthStatsSchema, statFigureSchema } from './incomes';

/**
 * Spec §7.6 and issue 13 §2: outcomes (received documents) with the incomes shapes plus `deductible`
 * (1 deductible, 0 non-deductible), the per-document deductibility override and the supplier's cancellation.
 */
const uuidText = z.string().trim().regex(/^[0-9A-Fa-f-]{36}$/, 'El UUID no es válido').transform((u) => u.toUpperCase());

export const outcomesListQuerySchema = cfdiListQuerySchema.extend({
  deductible: z.enum(['0', '1', ''], { message: 'deductible debe ser 1 (deducibles) o 0 (no deducibles)' }).optional(),
});
export type OutcomesListQuery = z.infer<typeof outcomesListQuerySchema>;

export const deductibleBodySchema = z.object({
  uuid: uuidText,
  deducible: z.boolean({ message: 'deducible debe ser verdadero o falso' }),
  motivo: z.string().trim().max(300).optional(),
});
/**
 * Issue 24 §7 (LIVA art. 5 fr. V): what a received expense was used for. 'gravadas' only in taxed activities (all its
 * IVA is creditable), 'exentas' only in exempt ones (none is), null in both (the month's proportion applies).
 */
export const IVA_USOS = ['gravadas', 'exentas'] as const;
export const ivaUsoBodySchema = z.object({
  uuid: uuidText,
  ivaUso: z.enum(IVA_USOS, { message: 'ivaUso debe ser gravadas, exentas o null (ambas actividades)' }).nullable(),
});
export type IvaUsoBody = z.infer<typeof ivaUsoBodySchema>;
export const outcomeCancelBodySchema = z.object({ uuid: uuidText });
export const complementRequestBodySchema = z.object({ uuid: uuidText, email: z.string().trim().email('El correo no es válido').optional() });

/**
 * The outcomes month cards: the §3 month statistics (the incomes keys, over received documents) plus the
 * deductible / non-deductible split of the month's vigente, counted expenses (spec §2.7 "Outcomes list").
 */
export const OUTCOME_EXTRA_KEYS = ['deducibles', 'nodeducibles'] as const;
export type OutcomeExtraKey = (typeof OUTCOME_EXTRA_KEYS)[number];
export const outcomesMonthStatsSchema = monthStatsSchema.extend({ deducibles: statFigureSchema, nodeducibles: statFigureSchema });
export type OutcomesMonthStats = z.infer<typeof outcomesMonthStatsSchema>;

/**
 * "Marcar como pagado / no pagado" of a received CFDI: the incomes body ({fpago, pIdPago, type}); an empty
 * fpago marks it unpaid again (the balance reopens; a PPD one is recomputed from its payment complements).
 */
export const outcomesEnablePaymentBodySchema = enablePaymentBodySchema.extend({
  fpago: z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'La fecha de pago debe tener el formato AAAA-MM-DD')]),
});
