import { sql, type SQL } from 'drizzle-orm';
import type { StatKey } from '@facturo/contract';
import type { CfdiDirection } from '../cfdis/cfdis.schema';

/**
 * The document sets behind every stat card and list filter, as SQL predicates over `cfdis c`, generic over the
 * direction (incomes: emitido; outcomes: recibido). One definition serves the card's {count, total}, the list
 * filtered by that card and its CSV, so a card and its list can never disagree. Definitions in words:
 * docs/incomes-statistics.md.
 */

export interface Period {
  month: number;
  year: number;
}

/** The month as [start, end) bounds: timestamps for fecha (local wall-clock time) and dates for fecha_pago. */
export function periodBounds({ month, year }: Period) {
  const next = month === 12 ? { y: year + 1, m: 1 } : { y: year, m: month + 1 };
  const d = (y: number, m: number) => `${y}-${String(m).padStart(2, '0')}-01`;
  return { startDate: d(year, month), endDate: d(next.y, next.m), start: `${d(year, month)} 00:00:00`, end: `${d(next.y, next.m)} 00:00:00` };
}

/** The tenant's documents of one direction: the first two columns of every cfdis index. */
export const owned = (userId: number, direction: CfdiDirection): SQL => sql`c.user_id = ${userId} AND c.direction = ${direction}`;

export function setPredicates(p: Period): Record<StatKey, SQL> {
  const b = periodBounds(p);
  const issued = sql`c.fecha >= ${b.start}::timestamp AND c.fecha < ${b.end}::timestamp`;
  const paidIn = sql`c.fecha_pago >= ${b.startDate}::date AND c.fecha_pago < ${b.endDate}::date`;
  const counted = sql`NOT c.not_count`;
  const ingresos = sql`c.tipo = 'I' AND ${issued} AND c.estado <> 'cancelada' AND ${counted}`;
  return {
    ingresos,
    pagados: sql`${ingresos} AND ${paidIn}`,
    pagadosotros: sql`${ingresos} AND c.fecha_pago IS NOT NULL AND NOT (${paidIn})`,
    pagadosdeotros: sql`c.tipo = 'I' AND ${paidIn} AND NOT (${issued}) AND c.estado <> 'cancelada' AND ${counted}`,
    nopagados: sql`${ingresos} AND c.fecha_pago IS NULL`,
    cancelados: sql`c.tipo = 'I' AND ${issued} AND c.estado = 'cancelada' AND ${counted}`,
    complementos: sql`c.tipo = 'P' AND ${issued} AND c.estado <> 'cancelada' AND ${counted}`,
    madres: sql`${ingresos} AND c.metodo_pago = 'PPD'`,
    cuentaspor: openBalances(b.end),
  };
}

/** Accounts receivable/payable as of the end of a period: vigente ingresos issued before it with an open saldo. */
export function openBalances(before?: string): SQL {
  return sql`c.tipo = 'I' AND c.saldo > 0 AND c.estado <> 'cancelada' AND NOT c.not_count${before ? sql` AND c.fecha < ${before}::timestamp` : sql``}`;
}

/** An open invoice "with related documents": some payment complement or CFDI relation points at it. */
export const hasRelated = sql`(EXISTS (SELECT 1 FROM cfdi_payments p WHERE p.user_id = c.user_id AND p.doc_uuid = c.uuid)
  OR EXISTS (SELECT 1 FROM cfdi_relations r WHERE r.user_id = c.user_id AND r.related_uuid = c.uuid))`;

/** The amount a card adds up, in MXN: the open saldo for receivables, the total otherwise. */
export const cardAmount = (key: StatKey): SQL => (key === 'cuentaspor' ? sql`c.saldo * c.tipo_cambio` : sql`c.total * c.tipo_cambio`);
