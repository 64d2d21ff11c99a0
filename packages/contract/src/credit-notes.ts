import { z } from 'zod';
import { PAGE_SIZES } from './pagination';
import { periodParamsSchema, statFigureSchema } from './incomes';

/**
 * Credit notes (notas de crédito: CFDI tipo E), spec §3 "Credit-note stats" and §4 "Credit-note stat cards".
 * The six cards, in order: 1 all, 2 paid in the period, 3 paid in another period, 4 paid from another period,
 * 5 not paid, 6 cancelled. A PUE credit note is settled when issued; a PPD one when a payment complement pays it.
 */
export const CREDIT_NOTE_KEYS = ['ingresos', 'pagados', 'pagadosotros', 'pagadosdeotros', 'nopagados', 'cancelados'] as const;
export type CreditNoteKey = (typeof CREDIT_NOTE_KEYS)[number];

/** Card number (§4) → the stat it shows. */
export const CREDIT_NOTE_CARDS: Record<1 | 2 | 3 | 4 | 5 | 6, CreditNoteKey> = {
  1: 'ingresos', 2: 'pagados', 3: 'pagadosotros', 4: 'pagadosdeotros', 5: 'nopagados', 6: 'cancelados',
};

const receivedKey = <K extends CreditNoteKey>(k: K) => `${k}R` as `${K}R`;

/** `GET /api/ncreditoMes/{month}/{year}`: the six figures of issued notes, and the R-suffixed ones of received notes. */
export const creditNoteStatsSchema = z.object({
  ...(Object.fromEntries(CREDIT_NOTE_KEYS.map((k) => [k, statFigureSchema])) as Record<CreditNoteKey, typeof statFigureSchema>),
  ...(Object.fromEntries(CREDIT_NOTE_KEYS.map((k) => [receivedKey(k), statFigureSchema])) as Record<`${CreditNoteKey}R`, typeof statFigureSchema>),
});
export type CreditNoteStats = z.infer<typeof creditNoteStatsSchema>;

export const creditNoteListParamsSchema = periodParamsSchema.extend({
  type: z.enum(['1', '2'], { message: 'El tipo debe ser 1 (emitidas) o 2 (recibidas)' }).transform((t) => Number(t) as 1 | 2),
});

export const creditNoteListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().default(10)
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: 'perPage debe ser 10, 20 o 50' }),
  searchQuery: z.string().trim().max(200).optional(),
  /** The §4 card whose set the list shows (1 all, the default). */
  status: z.coerce.number().int().min(1, 'La tarjeta debe ser del 1 al 6').max(6, 'La tarjeta debe ser del 1 al 6').default(1)
    .transform((n) => n as 1 | 2 | 3 | 4 | 5 | 6),
});
export type CreditNoteListQuery = z.infer<typeof creditNoteListQuerySchema>;
