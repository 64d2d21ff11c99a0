import { sql, type SQL } from 'drizzle-orm';
import type { CreditNoteKey } from '@facturo/contract';
import { periodBounds, type Period } from '../incomes/cfdi-sets';

/**
 * The six sets of credit notes (CFDI tipo E) behind the §4 cards, as predicates over `cfdis c`. One definition
 * serves each card's figure and the list filtered by it, so they never disagree. A PUE note is settled the day
 * it is issued (the discount, return or bonus is applied on the invoice it relates to); a PPD note when a payment
 * complement settles it (its fecha_pago). Cancelled notes count only in their own card.
 */
export const settledOn = sql`coalesce(c.fecha_pago, CASE WHEN coalesce(c.metodo_pago, 'PUE') <> 'PPD' THEN c.fecha::date END)`;

export function creditNoteSets(p: Period): Record<CreditNoteKey, SQL> {
  const b = periodBounds(p);
  const issued = sql`c.fecha >= ${b.start}::timestamp AND c.fecha < ${b.end}::timestamp`;
  const settledIn = sql`${settledOn} >= ${b.startDate}::date AND ${settledOn} < ${b.endDate}::date`;
  const note = sql`c.tipo = 'E' AND NOT c.not_count`;
  const vigentes = sql`${note} AND ${issued} AND c.estado <> 'cancelada'`;
  return {
    ingresos: vigentes,
    pagados: sql`${vigentes} AND ${settledIn}`,
    pagadosotros: sql`${vigentes} AND ${settledOn} IS NOT NULL AND NOT (${settledIn})`,
    pagadosdeotros: sql`${note} AND c.estado <> 'cancelada' AND ${settledIn} AND NOT (${issued})`,
    nopagados: sql`${vigentes} AND ${settledOn} IS NULL`,
    cancelados: sql`${note} AND ${issued} AND c.estado = 'cancelada'`,
  };
}
