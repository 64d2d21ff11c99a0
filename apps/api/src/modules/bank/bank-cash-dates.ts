import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Cash basis from the bank (issue 27 §6, decision 317): the one place that says when a CFDI was cobrado or pagado
 * according to the bank. The dashboard (documentSums, paymentSums) and the provisional declaration (statements)
 * take their dates from here, so the two never disagree.
 *
 * A month is **reconciled** when it has at least one bank movement and every movement of every bank account dated
 * in it is settled: matched to CFDI (`conciliado`), marked "sin CFDI" or explicitly ignored (`ignorado`). It is
 * computed from the movements, never stored, so undoing a match reopens the month at once.
 *
 * In a reconciled month a CFDI matched to a movement counts on the movement's date: a PUE invoice (or received
 * CFDI) on the day the deposit (withdrawal) was booked, a payment complement's row on the day of the deposit it was
 * matched to (whatever its FechaPago says). What a reconciled month takes leaves the month its own date pointed to
 * (never counted twice); everything else keeps its own date, so months not reconciled behave as before.
 */

/** The reconciled months of an account, as first days (`mes` date). */
export const reconciledMonthsSql = (userId: number): SQL => sql`(
  SELECT date_trunc('month', rm.fecha)::date AS mes FROM bank_movements rm
  WHERE rm.user_id = ${userId} GROUP BY 1 HAVING bool_and(rm.estado <> 'pendiente'))`;

/** Each CFDI part of an accepted match dated in a reconciled month: movement, day, CFDI, direction, amount. */
const bankAllocations = (userId: number): SQL => sql`(
  SELECT m.id AS movimiento, m.fecha, m.complemento_uuid, a->>'uuid' AS uuid, a->>'direction' AS direction, a->>'importe' AS importe
  FROM bank_movements m CROSS JOIN LATERAL jsonb_array_elements(m.conciliacion) a
  WHERE m.user_id = ${userId} AND m.estado = 'conciliado'
    AND date_trunc('month', m.fecha)::date IN (SELECT mes FROM ${reconciledMonthsSql(userId)} r))`;

/** The bank day of a PUE CFDI (its earliest accepted movement in a reconciled month): uuid, direction, fecha. */
const documentDates = (userId: number): SQL => sql`(
  SELECT DISTINCT ON (ba.uuid, ba.direction) ba.uuid, ba.direction, ba.fecha
  FROM ${bankAllocations(userId)} ba ORDER BY ba.uuid, ba.direction, ba.fecha)`;

/**
 * The bank day of a payment row (cfdi_payments): the movement matched to its document — the one whose complement
 * it is first, then one that paid the same amount, then the nearest in time (one movement per payment row).
 */
const paymentDates = (userId: number): SQL => sql`(
  SELECT DISTINCT ON (p.id) p.id, ba.fecha
  FROM cfdi_payments p JOIN ${bankAllocations(userId)} ba ON ba.uuid = p.doc_uuid AND ba.direction = p.direction
  WHERE p.user_id = ${userId}
  ORDER BY p.id, (ba.complemento_uuid IS NOT DISTINCT FROM p.pago_uuid) DESC, (ba.importe = round(p.imp_pagado, 2)::text) DESC,
    abs(ba.fecha - p.fecha_pago::date), ba.movimiento)`;

const col = (alias: string, name: string) => sql.raw(`"${alias}"."${name}"`);

/**
 * Whether any CFDI of the account can take a bank day: only a movement with an accepted match (`conciliado`) gives
 * one. Without such a movement every cash date is the document's own, and the queries leave the bank joins out —
 * PGlite spent more time planning those nested joins than running the whole query (decision 325). Ask once per
 * request and pass the answer to documentCashDate / paymentCashDate.
 */
export async function usesBankDates(db: Db, userId: number): Promise<boolean> {
  const { rows } = await db.execute(sql`SELECT EXISTS (SELECT 1 FROM bank_movements WHERE user_id = ${userId} AND estado = 'conciliado') AS bank`);
  return Boolean((rows as { bank: unknown }[])[0]?.bank);
}

/** The cash date of an account without bank days: the document's own date (`bank` false below). */
const ownDates = (fecha: SQL, start: string, end: string) => ({
  join: sql``,
  date: fecha,
  inRange: sql`${fecha} >= ${start}::timestamp AND ${fecha} < ${end}::timestamp`,
});

/**
 * For a query over `cfdis` aliased `alias` (PUE documents): the join that brings each one's bank day, its cash date
 * (the bank day in a reconciled month, else its own fecha) and the filter "cash date in [start, end)" — which also
 * lets the index on fecha serve the rows whose own date is in range.
 */
export function documentCashDate(userId: number, alias: string, start: string, end: string, bank = true) {
  const fecha = col(alias, 'fecha');
  if (!bank) return ownDates(fecha, start, end);
  const date = sql`coalesce(bank_doc.fecha::timestamp, ${fecha})`;
  return {
    join: sql`LEFT JOIN ${documentDates(userId)} bank_doc ON bank_doc.uuid = ${col(alias, 'uuid')} AND bank_doc.direction = ${col(alias, 'direction')}`,
    date,
    inRange: sql`((${fecha} >= ${start}::timestamp AND ${fecha} < ${end}::timestamp) OR bank_doc.fecha IS NOT NULL)
      AND ${date} >= ${start}::timestamp AND ${date} < ${end}::timestamp`,
  };
}

/** The same for a query over `cfdi_payments` aliased `alias`: cash date = the bank day in a reconciled month, else FechaPago. */
export function paymentCashDate(userId: number, alias: string, start: string, end: string, bank = true) {
  const fecha = col(alias, 'fecha_pago');
  if (!bank) return ownDates(fecha, start, end);
  const date = sql`coalesce(bank_pay.fecha::timestamp, ${fecha})`;
  return {
    join: sql`LEFT JOIN ${paymentDates(userId)} bank_pay ON bank_pay.id = ${col(alias, 'id')}`,
    date,
    inRange: sql`((${fecha} >= ${start}::timestamp AND ${fecha} < ${end}::timestamp) OR bank_pay.fecha IS NOT NULL)
      AND ${date} >= ${start}::timestamp AND ${date} < ${end}::timestamp`,
  };
}
