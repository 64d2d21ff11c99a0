import { z } from 'zod';
import { cfdiListQuerySchema } from './incomes';

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
export const outcomeCancelBodySchema = z.object({ uuid: uuidText });
export const complementRequestBodySchema = z.object({ uuid: uuidText, email: z.string().trim().email('El correo no es válido').optional() });
