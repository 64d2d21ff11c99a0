import { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { STATUS_FILTERS, type CfdiListQuery, type InvoiceRow, type Page, type QueryKey } from '@facturo/contract';
import { Decimal } from '@facturo/cfdi/money';
import type { Db } from '../../db/client';
import { containsPattern } from '../clients/search-text';
import type { CfdiDirection } from '../cfdis/cfdis.schema';
import { hasRelated, openBalances, owned, periodBounds, setPredicates, type Period } from './cfdi-sets';

/**
 * The month's list of one direction (incomes, outcomes), its filters and its CSV. Generic: the caller gives
 * the direction and, for outcomes, an extra predicate (deductible). Rows are §3 Invoice.
 */

export interface ListOptions {
  /** More conditions over `cfdis c` (outcomes: deductible). */
  extraWhere?: SQL;
}

const QUERY_COLUMNS: Record<Exclude<QueryKey, 'nombre' | 'rfc'>, string> = {
  uuid: 'uuid', serie: 'serie', folio: 'folio', moneda: 'moneda', metodoPago: 'metodo_pago', formaPago: 'forma_pago', tipo: 'tipo',
};

/**
 * Which documents a list shows. A status filter lists exactly its card's set; cuentaspor lists the open
 * balances at the end of the month (relatedocs 1/0 splits them); otherwise every ingreso issued in the month,
 * in any state, counted or not (so a cancelled or excluded one can still be found).
 */
export function listWhere(userId: number, direction: CfdiDirection, period: Period, q: Partial<CfdiListQuery>, opts: ListOptions = {}): SQL {
  const parts: SQL[] = [owned(userId, direction)];
  const filter = q['status[filter]'];
  if (filter) parts.push(setPredicates(period)[STATUS_FILTERS[filter]]);
  else if (q.cuentaspor) {
    parts.push(openBalances(periodBounds(period).end));
    if (q.relatedocs === '1') parts.push(hasRelated);
    if (q.relatedocs === '0') parts.push(sql`NOT ${hasRelated}`);
  } else {
    const b = periodBounds(period);
    parts.push(sql`c.tipo = 'I' AND c.fecha >= ${b.start}::timestamp AND c.fecha < ${b.end}::timestamp`);
  }
  if (q.searchQuery) parts.push(sql`c.search_text LIKE ${containsPattern(q.searchQuery)}`);
  const key = q['query[key]'];
  const value = q['query[value]'];
  if (key && value) {
    if (key === 'nombre') parts.push(sql`c.search_text LIKE ${containsPattern(value)}`);
    else if (key === 'rfc') parts.push(direction === 'emitido' ? sql`c.rfc_receptor = ${value.toUpperCase()}` : sql`c.rfc_emisor = ${value.toUpperCase()}`);
    else if (key === 'uuid') parts.push(sql`c.uuid = ${value.toUpperCase()}`);
    else parts.push(sql`${sql.identifier(QUERY_COLUMNS[key])} = ${value}`);
  }
  if (opts.extraWhere) parts.push(opts.extraWhere);
  return sql.join(parts.map((p) => sql`(${p})`), sql` AND `);
}

/** The §3 row of each document: counterparty, dates, amounts, states and, for a payment complement, what it paid. */
export function rowSelect(direction: CfdiDirection, opts: { light?: boolean; blacklist?: boolean } = {}): SQL {
  const [rfc, nombre] = direction === 'emitido' ? ['rfc_receptor', 'nombre_receptor'] : ['rfc_emisor', 'nombre_emisor'];
  // withBlacklist (features 71/72): the counterparty is on SAT's 69-B list as presunto or definitivo (issue 15 §4).
  const blacklisted = opts.blacklist
    ? sql`, EXISTS (SELECT 1 FROM efos_list e WHERE e.rfc = c.${sql.raw(rfc)} AND e.situacion IN ('Presunto', 'Definitivo')) AS blacklisted`
    : sql``;
  return sql`c.id, c.uuid, c.serie, c.folio, c.${sql.raw(rfc)} AS rfc, coalesce(c.${sql.raw(nombre)}, '') AS client,
    to_char(c.fecha, 'YYYY-MM-DD"T"HH24:MI:SS') AS f_emi, to_char(c.fecha_pago, 'YYYY-MM-DD') AS f_pago,
    c.total::text AS total, c.subtotal::text AS subtotal, c.saldo::text AS saldo, c.moneda, c.tipo_cambio::text AS tc, c.estado, c.cancel_estatus,
    c.tipo, c.metodo_pago, c.forma_pago, c.not_count, c.test, c.pago_manual, c.iva_trasladado::text AS iva, c.isr_retenido::text AS isr_ret,
    c.iva_retenido::text AS iva_ret, c.descuento::text AS descuento, ${opts.light ? LIGHT : FULL}${direction === 'recibido' ? DEDUCIBLE : sql``}${blacklisted}`;
}

/** Received documents carry their deductibility (outcomes list and CSV). */
const DEDUCIBLE = sql`, c.deducible, c.deducible_motivo, c.deducible_manual, c.iva_uso`;

/** The CSV has no related/complement columns: skipping their five per-row subqueries makes the export cheap. */
const LIGHT = sql`false AS has_related, 0 AS documentos, NULL AS madre_uuid, NULL AS parcialidad, NULL AS saldo_ant, NULL AS pagado,
    NULL AS insoluto, NULL AS tc_p, NULL AS metodo_pago_dr`;

const FULL = sql`${hasRelated} OR EXISTS (
      SELECT 1 FROM cfdi_payments p2 WHERE p2.user_id = c.user_id AND p2.pago_uuid = c.uuid) OR EXISTS (
      SELECT 1 FROM cfdi_relations r2 WHERE r2.user_id = c.user_id AND r2.uuid = c.uuid) AS has_related,
    pp.n AS documentos, pp.doc AS madre_uuid, pp.parcialidad, pp.saldo_ant, pp.pagado, pp.insoluto, pp.tc_p,
    (SELECT m.metodo_pago FROM cfdis m WHERE m.user_id = c.user_id AND m.uuid = pp.doc) AS metodo_pago_dr`;

/** The complement fields: filled when the payment pays exactly one document (the common case). */
export const paymentJoin = sql`LEFT JOIN LATERAL (
    SELECT count(*)::int AS n,
      CASE WHEN count(*) = 1 THEN min(p.doc_uuid) END AS doc,
      CASE WHEN count(*) = 1 THEN min(p.num_parcialidad) END AS parcialidad,
      CASE WHEN count(*) = 1 THEN min(p.imp_saldo_ant)::text END AS saldo_ant,
      CASE WHEN count(*) = 1 THEN min(p.imp_pagado)::text END AS pagado,
      CASE WHEN count(*) = 1 THEN min(p.imp_saldo_insoluto)::text END AS insoluto,
      CASE WHEN count(*) = 1 THEN min(p.tipo_cambio_p)::text END AS tc_p
    FROM cfdi_payments p WHERE c.tipo = 'P' AND p.user_id = c.user_id AND p.pago_uuid = c.uuid) pp ON true`;

/** Amounts as the API shows them: at least 2 decimals, no trailing zeros beyond (1160.000000 → 1160.00). */
export function amountText(v: string | null | undefined): string {
  const d = new Decimal(v ?? '0');
  return d.decimalPlaces() <= 2 ? d.toFixed(2) : d.toFixed();
}
const opt = (v: unknown): string | null => (v === null || v === undefined ? null : amountText(String(v)));

export function toInvoiceRow(r: Record<string, unknown>): InvoiceRow {
  const estado = r.estado as InvoiceRow['estado'];
  const open = r.tipo === 'I' && estado !== 'cancelada' && r.f_pago === null && new Decimal(String(r.saldo)).gt(0);
  return {
    id: Number(r.id),
    uuid: String(r.uuid),
    serie: (r.serie as string | null) ?? null,
    folio: (r.folio as string | null) ?? null,
    rfc: String(r.rfc),
    client: String(r.client),
    f_emi: String(r.f_emi),
    f_pago: (r.f_pago as string | null) ?? null,
    total: amountText(r.total as string),
    subtotal: amountText(r.subtotal as string),
    saldo: amountText(r.saldo as string),
    moneda: String(r.moneda),
    tc: new Decimal(String(r.tc)).toFixed(),
    estado,
    estatusCancelacion: (r.cancel_estatus as string | null | undefined) ?? null,
    tipoDeComprobante: String(r.tipo),
    metodoPago: (r.metodo_pago as string | null) ?? null,
    formaPago: (r.forma_pago as string | null) ?? null,
    status: open ? 1 : 2,
    notCount: Boolean(r.not_count),
    ...(r.test ? { prueba: true } : {}),
    pagoManual: Boolean(r.pago_manual),
    blacklisted: Boolean(r.blacklisted),
    hasRelated: Boolean(r.has_related),
    madre_uuid: (r.madre_uuid as string | null) ?? null,
    num_parcialidad: r.parcialidad === null || r.parcialidad === undefined ? null : Number(r.parcialidad),
    imp_saldo_ant: opt(r.saldo_ant),
    imp_pagado: opt(r.pagado),
    imp_saldo_insoluto: opt(r.insoluto),
    metodo_pago_dr: (r.metodo_pago_dr as string | null) ?? null,
    tipo_cambio: r.tc_p === null || r.tc_p === undefined ? null : new Decimal(String(r.tc_p)).toFixed(),
    documentos: Number(r.documentos ?? 0),
    ...('deducible' in r
      ? { deducible: (r.deducible as boolean | null) ?? null, deducibleMotivo: (r.deducible_motivo as string | null) ?? null, deducibleManual: Boolean(r.deducible_manual),
        ivaUso: (r.iva_uso as 'gravadas' | 'exentas' | null) ?? null }
      : {}),
  };
}

/** The page query and its count, exported so the bench times the bare SQL of the same statements. */
export function listSql(direction: CfdiDirection, where: SQL, page: number, perPage: number, opts: { blacklist?: boolean } = {}): { rows: SQL; count: SQL } {
  return {
    rows: sql`SELECT ${rowSelect(direction, opts)} FROM (
        SELECT * FROM cfdis c WHERE ${where} ORDER BY c.fecha DESC, c.id DESC LIMIT ${perPage} OFFSET ${(page - 1) * perPage}
      ) c ${paymentJoin} ORDER BY c.fecha DESC, c.id DESC`,
    count: sql`SELECT count(*)::int AS n FROM cfdis c WHERE ${where}`,
  };
}

export async function listCfdis(
  db: Db, userId: number, direction: CfdiDirection, period: Period, q: CfdiListQuery, opts: ListOptions = {},
): Promise<Page<InvoiceRow>> {
  const { rows, count } = listSql(direction, listWhere(userId, direction, period, q, opts), q.page, q.perPage, { blacklist: Boolean(q.withBlacklist) });
  const [page, total] = await Promise.all([db.execute(rows), db.execute(count)]);
  return {
    data: (page.rows as Record<string, unknown>[]).map(toInvoiceRow),
    total: Number((total.rows[0] as { n: number }).n),
    current_page: q.page,
    per_page: q.perPage,
  };
}

/** CSV headers (Spanish) and the row fields in the same order. */
const CSV_COLUMNS: [string, (r: InvoiceRow & { iva: string; isrRet: string; ivaRet: string; descuento: string }) => string][] = [
  ['UUID', (r) => r.uuid],
  ['Serie', (r) => r.serie ?? ''],
  ['Folio', (r) => r.folio ?? ''],
  ['RFC', (r) => r.rfc],
  ['Nombre', (r) => r.client],
  ['Fecha de emisión', (r) => r.f_emi.replace('T', ' ')],
  ['Fecha de pago', (r) => r.f_pago ?? ''],
  ['Tipo', (r) => r.tipoDeComprobante],
  ['Método de pago', (r) => r.metodoPago ?? ''],
  ['Forma de pago', (r) => r.formaPago ?? ''],
  ['Moneda', (r) => r.moneda],
  ['Tipo de cambio', (r) => r.tc],
  ['Subtotal', (r) => r.subtotal],
  ['Descuento', (r) => r.descuento],
  ['IVA trasladado', (r) => r.iva],
  ['ISR retenido', (r) => r.isrRet],
  ['IVA retenido', (r) => r.ivaRet],
  ['Total', (r) => r.total],
  ['Total MXN', (r) => new Decimal(r.total).times(r.tc).toDecimalPlaces(2).toFixed(2)],
  ['Saldo', (r) => r.saldo],
  ['Estado', (r) => ESTADOS[r.estado]],
  ['No contabilizar', (r) => (r.notCount ? 'Sí' : 'No')],
];
const ESTADOS: Record<InvoiceRow['estado'], string> = { vigente: 'Vigente', en_proceso: 'Cancelación en proceso', cancelada: 'Cancelada', rechazada: 'Cancelación rechazada' };

/** RFC 4180 quoting; a cell starting with = + - @ gets a leading apostrophe so spreadsheets never run it as a formula. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const BATCH = 1000;

/**
 * Every row of the filter as CSV (UTF-8 with BOM so Excel reads the accents), produced in keyset batches of
 * 1,000 so a large month streams in constant memory instead of one big result.
 */
export function cfdiCsv(db: Db, userId: number, direction: CfdiDirection, period: Period, q: CfdiListQuery, opts: ListOptions = {}): Readable {
  const where = listWhere(userId, direction, period, q, opts);
  async function* lines(): AsyncGenerator<string> {
    yield `\uFEFF${CSV_COLUMNS.map(([h]) => csvCell(h)).join(',')}\r\n`;
    let after: { fecha: string; id: number } | undefined;
    for (;;) {
      const keyset = after ? sql` AND (c.fecha, c.id) < (${after.fecha}::timestamp, ${after.id})` : sql``;
      const { rows } = await db.execute(sql`SELECT ${rowSelect(direction, { light: true })}, to_char(c.fecha, 'YYYY-MM-DD HH24:MI:SS.US') AS k
        FROM cfdis c WHERE ${where}${keyset} ORDER BY c.fecha DESC, c.id DESC LIMIT ${BATCH}`);
      const batch = rows as Record<string, unknown>[];
      let chunk = '';
      for (const r of batch) {
        const row = { ...toInvoiceRow(r), iva: amountText(r.iva as string), isrRet: amountText(r.isr_ret as string), ivaRet: amountText(r.iva_ret as string), descuento: amountText(r.descuento as string) };
        chunk += `${CSV_COLUMNS.map(([, get]) => csvCell(get(row))).join(',')}\r\n`;
      }
      if (chunk) yield chunk;
      if (batch.length < BATCH) return;
      const last = batch[batch.length - 1]!;
      after = { fecha: String(last.k), id: Number(last.id) };
    }
  }
  return Readable.from(lines());
}
