import { sql, type SQL } from 'drizzle-orm';
import { STAT_KEYS, type MonthStats, type StatKey } from '@facturo/contract';
import type { Db } from '../../db/client';
import type { CfdiDirection } from '../cfdis/cfdis.schema';
import { cardAmount, owned, periodBounds, setPredicates, type Period } from './cfdi-sets';

/**
 * The nine stat cards of a month (spec §3 month statistics) for one direction, in one round trip: three
 * index-backed scans (documents issued in the month, ingresos paid in the month, open balances) aggregated
 * with FILTER, so the cost follows the month's size, not the tenant's history.
 */

const figure = (key: StatKey, pred: SQL): SQL =>
  sql`count(*) FILTER (WHERE ${pred}) AS ${sql.identifier(`${key}_n`)},
      round(coalesce(sum(${cardAmount(key)}) FILTER (WHERE ${pred}), 0), 2)::text AS ${sql.identifier(`${key}_t`)}`;

/** The statement monthStats runs (exported so the bench times the bare SQL of the same query). */
export function monthStatsSql(userId: number, direction: CfdiDirection, period: Period): SQL {
  const sets = setPredicates(period);
  const b = periodBounds(period);
  const issuedKeys: StatKey[] = ['ingresos', 'pagados', 'pagadosotros', 'nopagados', 'cancelados', 'complementos', 'madres'];
  return sql`SELECT * FROM
    (SELECT ${sql.join(issuedKeys.map((k) => figure(k, sets[k])), sql`, `)}
       FROM cfdis c WHERE ${owned(userId, direction)} AND c.fecha >= ${b.start}::timestamp AND c.fecha < ${b.end}::timestamp) a,
    (SELECT ${figure('pagadosdeotros', sets.pagadosdeotros)}
       FROM cfdis c WHERE ${owned(userId, direction)} AND c.fecha_pago >= ${b.startDate}::date AND c.fecha_pago < ${b.endDate}::date) b,
    (SELECT ${figure('cuentaspor', sets.cuentaspor)}
       FROM cfdis c WHERE ${owned(userId, direction)} AND ${sets.cuentaspor}) o`;
}

export async function monthStats(db: Db, userId: number, direction: CfdiDirection, period: Period): Promise<MonthStats> {
  const { rows } = await db.execute(monthStatsSql(userId, direction, period));
  const r = rows[0] as Record<string, string | number>;
  return Object.fromEntries(STAT_KEYS.map((k) => [k, { count: Number(r[`${k}_n`] ?? 0), total: String(r[`${k}_t`] ?? '0.00') }])) as MonthStats;
}

/** {calculos}: the nine figures of each month of the year (January first). */
export async function yearStats(db: Db, userId: number, direction: CfdiDirection, year: number): Promise<{ calculos: (MonthStats & { mes: number })[] }> {
  const calculos: (MonthStats & { mes: number })[] = [];
  // Sequential on purpose: PGlite has one connection, and twelve small indexed queries are cheap.
  for (let mes = 1; mes <= 12; mes += 1) calculos.push({ mes, ...(await monthStats(db, userId, direction, { month: mes, year })) });
  return { calculos };
}
