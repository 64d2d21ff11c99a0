import { sql, type SQL } from 'drizzle-orm';
import { CREDIT_NOTE_CARDS, CREDIT_NOTE_KEYS, type CreditNoteListQuery, type CreditNoteStats, type InvoiceRow, type Page } from '@facturo/contract';
import type { Db } from '../../db/client';
import type { CfdiDirection } from '../cfdis/cfdis.schema';
import { containsPattern } from '../clients/search-text';
import { owned, type Period } from '../incomes/cfdi-sets';
import { listSql, toInvoiceRow } from '../incomes/cfdi-list';
import { creditNoteSets } from './credit-note-sets';

/** The six figures of one direction in one statement: {count, total in MXN} per card. */
async function figures(db: Db, userId: number, direction: CfdiDirection, period: Period) {
  const sets = creditNoteSets(period);
  const cols = CREDIT_NOTE_KEYS.map((k) => sql`count(*) FILTER (WHERE ${sets[k]}) AS ${sql.identifier(`${k}_n`)},
    round(coalesce(sum(c.total * c.tipo_cambio) FILTER (WHERE ${sets[k]}), 0), 2)::text AS ${sql.identifier(`${k}_t`)}`);
  // Only tipo E rows of the tenant and direction: the (user_id, direction, …) index narrows the scan.
  const { rows } = await db.execute(sql`SELECT ${sql.join(cols, sql`, `)} FROM cfdis c WHERE ${owned(userId, direction)} AND c.tipo = 'E'`);
  const r = rows[0] as Record<string, string | number>;
  return Object.fromEntries(CREDIT_NOTE_KEYS.map((k) => [k, { count: Number(r[`${k}_n`] ?? 0), total: String(r[`${k}_t`] ?? '0.00') }]));
}

/** `ncreditoMes`: issued notes under the plain keys, received ones under the R-suffixed keys. */
export async function creditNoteStats(db: Db, userId: number, period: Period): Promise<CreditNoteStats> {
  const [issued, received] = await Promise.all([figures(db, userId, 'emitido', period), figures(db, userId, 'recibido', period)]);
  return {
    ...issued,
    ...Object.fromEntries(Object.entries(received).map(([k, v]) => [`${k}R`, v])),
  } as CreditNoteStats;
}

/** `getNotasCredito`: the notes of the card's set (1 all by default), searched by name, RFC, UUID or folio. */
export async function listCreditNotes(
  db: Db, userId: number, period: Period, type: 1 | 2, q: CreditNoteListQuery,
): Promise<Page<InvoiceRow>> {
  const direction: CfdiDirection = type === 1 ? 'emitido' : 'recibido';
  const parts: SQL[] = [owned(userId, direction), creditNoteSets(period)[CREDIT_NOTE_CARDS[q.status]]];
  // Card 1 lists every note issued in the month, cancelled ones included (so they can still be found).
  if (q.status === 1) parts[1] = sql`c.tipo = 'E' AND (${parts[1]} OR ${creditNoteSets(period).cancelados})`;
  if (q.searchQuery) parts.push(sql`c.search_text LIKE ${containsPattern(q.searchQuery)}`);
  const { rows, count } = listSql(direction, sql.join(parts, sql` AND `), q.page, q.perPage);
  const [page, total] = await Promise.all([db.execute(rows), db.execute(count)]);
  return {
    data: (page.rows as Record<string, unknown>[]).map(toInvoiceRow),
    total: Number((total.rows[0] as { n: number }).n),
    current_page: q.page,
    per_page: q.perPage,
  };
}
