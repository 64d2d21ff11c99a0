import { sql } from 'drizzle-orm';
import { Decimal, fixed, toDecimal } from '@facturo/cfdi/money';
import {
  MONTH_NAMES, type Page, type Statement, type StatementSettings, type StatementSettingsBody, type StatementSummary,
} from '@facturo/contract';
import type { Db } from '../../db/client';
import type { Account } from '../../http/context';
import { fieldError, notFound } from '../../http/errors';
import { computeMonthFigures, type CashDocument, type CashPayment } from '../dashboard/cash-basis';
import { documentSums, monthEnd, monthStart, paymentSums } from '../dashboard/dashboard.service';
import { documentCashDate, paymentCashDate, usesBankDates } from '../bank/bank-cash-dates';
import { computeStatement, prorationFactor, supportedRegimen, type MonthCash, type Section, type StatementResult } from './statement-calc';
import { STATEMENT_YEARS } from './tables/isr-provisional';
import { mexicoMonth } from '@facturo/cfdi/model';

/**
 * Statements (issue 11 §1, §2): the year's cash-basis figures come from the dashboard's queries and
 * arithmetic (dashboard/cash-basis.ts, docs/cash-basis.md); statement-calc.ts turns them into the ISR and IVA
 * of the month; the result is stored as computed.
 */

type Row = Record<string, unknown>;
const str = (v: unknown) => (v === null || v === undefined ? '0' : String(v));
const pad = (n: number) => String(n).padStart(2, '0');
export const periodText = (month: number, year: number) => `${MONTH_NAMES[month - 1]} ${year}`;

/** A month that has not started yet (Mexico City) cannot be declared. */
export function assertPeriod(month: number, year: number, now = new Date()): void {
  const mx = mexicoMonth(now);
  if (year * 12 + month > mx.year * 12 + mx.month) throw fieldError('month', `${periodText(month, year)} aún no empieza: elige un mes que ya haya transcurrido`);
}

/** Sign of a received document's IVA withheld in the cash flow (a credit note returns it). */
const sign = (tipo: string) => (tipo === 'E' ? -1 : 1);

/** Ingresos nominales (accrued, LISR art. 17) per month: issued I − E of every payment method. */
async function accruedByMonth(db: Db, userId: number, start: string, end: string): Promise<Map<number, string>> {
  const { rows } = await db.execute(sql`
    SELECT extract(month FROM fecha)::int AS m,
      sum(CASE WHEN tipo = 'E' THEN -1 ELSE 1 END * round((subtotal - descuento) * tipo_cambio, 2)) AS base
    FROM cfdis
    WHERE user_id = ${userId} AND direction = 'emitido' AND tipo IN ('I', 'E') AND estado <> 'cancelada' AND NOT not_count
      AND fecha >= ${start}::timestamp AND fecha < ${end}::timestamp
    GROUP BY 1`);
  return new Map((rows as Row[]).map((r) => [Number(r.m), str(r.base)]));
}

/**
 * Issue 24 §7: the month's proration inputs on the same cash basis as documentSums / paymentSums (PUE documents
 * dated in the month, payment rows by FechaPago, credit notes subtract, each document rounded to cents): the value
 * of the activities taxed at 16 / 8 / 0 % and of the exempt ones (issued), and the IVA of paid deductible expenses
 * the user marked as used only in taxed or only in exempt activities (received, cfdis.iva_uso).
 */
async function prorationInputs(db: Db, userId: number, start: string, end: string, bank = true) {
  const docCash = documentCashDate(userId, 'c', start, end, bank);
  const payCash = paymentCashDate(userId, 'p', start, end, bank);
  const { rows } = await db.execute(sql`
    SELECT coalesce(sum(gravados), 0) AS gravados, coalesce(sum(exentos), 0) AS exentos, coalesce(sum(iva_g), 0) AS iva_g, coalesce(sum(iva_e), 0) AS iva_e FROM (
      SELECT
        sum(CASE WHEN direction = 'emitido' THEN s * round((base_iva16 + base_iva8 + base_iva0) * tipo_cambio, 2) END) AS gravados,
        sum(CASE WHEN direction = 'emitido' THEN s * round(base_iva_exento * tipo_cambio, 2) END) AS exentos,
        sum(CASE WHEN direction = 'recibido' AND deducible IS TRUE AND iva_uso = 'gravadas' THEN s * round(iva_trasladado * tipo_cambio, 2) END) AS iva_g,
        sum(CASE WHEN direction = 'recibido' AND deducible IS TRUE AND iva_uso = 'exentas' THEN s * round(iva_trasladado * tipo_cambio, 2) END) AS iva_e
      FROM (SELECT c.*, CASE WHEN c.tipo = 'E' THEN -1 ELSE 1 END AS s FROM cfdis c ${docCash.join}
        WHERE c.user_id = ${userId} AND ${docCash.inRange}
          AND c.tipo IN ('I', 'E') AND coalesce(c.metodo_pago, 'PUE') = 'PUE' AND c.estado <> 'cancelada' AND NOT c.not_count) d
      UNION ALL
      SELECT
        sum(CASE WHEN p.direction = 'emitido' AND i.subtotal - i.descuento <> 0
          THEN s * round(p.base_mxn * (i.base_iva16 + i.base_iva8 + i.base_iva0) / (i.subtotal - i.descuento), 2) END),
        sum(CASE WHEN p.direction = 'emitido' AND i.subtotal - i.descuento <> 0 THEN s * round(p.base_mxn * i.base_iva_exento / (i.subtotal - i.descuento), 2) END),
        sum(CASE WHEN p.direction = 'recibido' AND i.deducible IS TRUE AND i.iva_uso = 'gravadas' THEN s * round(p.iva_mxn, 2) END),
        sum(CASE WHEN p.direction = 'recibido' AND i.deducible IS TRUE AND i.iva_uso = 'exentas' THEN s * round(p.iva_mxn, 2) END)
      FROM cfdi_payments p
      JOIN cfdis pc ON pc.user_id = p.user_id AND pc.uuid = p.pago_uuid AND pc.estado <> 'cancelada' AND NOT pc.not_count
      JOIN cfdis i ON i.user_id = p.user_id AND i.uuid = p.doc_uuid AND i.estado <> 'cancelada' AND NOT i.not_count
      CROSS JOIN LATERAL (SELECT CASE WHEN i.tipo = 'E' THEN -1 ELSE 1 END AS s) x
      ${payCash.join}
      WHERE p.user_id = ${userId} AND ${payCash.inRange}
    ) t`);
  const r = (rows as Row[])[0] ?? {};
  return { actosGravados: str(r.gravados), actosExentos: str(r.exentos), ivaGravadas: str(r.iva_g), ivaExentas: str(r.iva_e) };
}

/** The month's proporción of IVA acreditable (LIVA art. 5 fr. V d), as the statement computes it (the DIOT's fields 19/23, 28/36). */
export async function monthProrationFactor(db: Db, userId: number, year: number, month: number): Promise<Decimal> {
  const p = await prorationInputs(db, userId, monthStart(year, month), monthEnd(year, month));
  return prorationFactor(toDecimal(p.actosGravados), toDecimal(p.actosExentos));
}

/**
 * ISR withheld from the account on interest (LISR art. 54) per month: received, vigente Retenciones constancias of
 * CveRetenc 16 (Intereses) or with the Intereses complement, by FechaExp. The only retention a persona moral credits
 * in its provisional payment (art. 14 fr. III; issue 24 §6, decision 274).
 */
async function interestWithholdings(db: Db, userId: number, start: string, end: string): Promise<Map<number, string>> {
  const { rows } = await db.execute(sql`
    SELECT extract(month FROM fecha_exp)::int AS m, sum(round(isr_retenido, 2)) AS isr FROM retenciones
    WHERE user_id = ${userId} AND direction = 'recibida' AND estado = 1 AND fecha_exp >= ${start}::timestamp AND fecha_exp < ${end}::timestamp
      AND (cve_retenc = '16' OR complementos @> '["Intereses"]'::jsonb)
    GROUP BY 1`);
  return new Map((rows as Row[]).map((r) => [Number(r.m), str(r.isr)]));
}

/**
 * What a caller already knows of the year's cash: `bank`, whether the account has bank days (usesBankDates); `rows`,
 * the cash sums of January … the month (documentSums / paymentSums over that range, grouped by month or finer:
 * the sums are additive), which the dashboard read a moment before in the same request.
 */
export interface YearCashSource {
  bank?: boolean;
  rows?: { documents: CashDocument[]; payments: CashPayment[] };
}

/** Month-by-month cash figures of January … `month` of `year`, through the dashboard's cash basis. */
export async function yearCash(db: Db, account: Account, year: number, month: number, cash: YearCashSource = {}): Promise<MonthCash[]> {
  const start = monthStart(year, 1);
  const end = monthEnd(year, month);
  const bank = cash.bank ?? true;
  const [documents, payments, accrued, proration, intereses] = await Promise.all([
    cash.rows?.documents ?? documentSums(db, account.id, start, end, 'month', bank),
    cash.rows?.payments ?? paymentSums(db, account.id, start, end, 'month', bank),
    accruedByMonth(db, account.id, start, end),
    prorationInputs(db, account.id, monthStart(year, month), end, bank),
    account.rfc.length === 12 ? interestWithholdings(db, account.id, start, end) : Promise.resolve(new Map<number, string>()),
  ]);
  const out: MonthCash[] = [];
  for (let m = 1; m <= month; m++) {
    const key = `${year}-${pad(m)}`;
    const docs = documents.filter((x: CashDocument) => x.fecha.startsWith(key));
    const pays = payments.filter((x: CashPayment) => x.fechaPago.startsWith(key));
    const f = computeMonthFigures({ documents: docs, payments: pays, balances: [], regimen: account.regimen, rfc: account.rfc, year });
    const detail = (list: typeof f.ivamesDetalle, i: number) => list[i]?.valor ?? '0.00';
    const retProveedores = docs.filter((x) => x.direction === 'recibido').reduce((s, x) => s.plus(toDecimal(x.ivaRetenido).times(sign(x.tipo))), new Decimal(0))
      .plus(pays.filter((x) => x.direction === 'recibido').reduce((s, x) => s.plus(toDecimal(x.ivaRetenidoMxn).times(sign(x.docTipo))), new Decimal(0)));
    const acreditable = toDecimal(detail(f.ivamesDetalle, 1)).negated();
    // The statement's month splits its IVA acreditable by what each expense was used for (LIVA art. 5 fr. V).
    const current = m === month;
    const gravadas = current ? toDecimal(proration.ivaGravadas) : new Decimal(0);
    const exentas = current ? toDecimal(proration.ivaExentas) : new Decimal(0);
    out.push({
      month: m,
      ingresos: f.ingresosmes,
      ingresosDevengados: accrued.get(m) ?? '0',
      deducciones: detail(f.gastosmesDetalle, 3),
      isrRetenido: f.retisr,
      isrRetenidoIntereses: intereses.get(m) ?? '0',
      ivaTrasladado: detail(f.ivamesDetalle, 0),
      ivaAcreditable: acreditable.minus(gravadas).minus(exentas).toFixed(2),
      ivaAcreditableGravadas: gravadas.toFixed(2),
      ivaAcreditableExentas: exentas.toFixed(2),
      actosGravados: current ? proration.actosGravados : '0',
      actosExentos: current ? proration.actosExentos : '0',
      ivaRetenidoClientes: detail(f.ivamesDetalle, 2),
      ivaRetenidoProveedores: fixed(retProveedores, 2),
    });
  }
  return out;
}

/** The CFDIs behind the month's lines (cash basis; for personas morales also the accrued issued ones). */
async function monthDocuments(db: Db, userId: number, year: number, month: number, accrued: boolean, bank = true): Promise<Statement['documentos']> {
  const start = monthStart(year, month);
  const end = monthEnd(year, month);
  // PUE documents by their cash date (bank-cash-dates.ts); the accrued PPD ones a persona moral lists by their own date.
  const docCash = documentCashDate(userId, 'c', start, end, bank);
  const { rows: docs } = await db.execute(sql`
    SELECT c.uuid, c.direction, c.tipo, CASE WHEN c.direction = 'emitido' THEN c.rfc_receptor ELSE c.rfc_emisor END AS rfc,
      CASE WHEN c.direction = 'emitido' THEN c.nombre_receptor ELSE c.nombre_emisor END AS nombre, to_char(${docCash.date}, 'YYYY-MM-DD') AS fecha,
      coalesce(c.metodo_pago, 'PUE') AS metodo, (c.subtotal - c.descuento) * c.tipo_cambio AS base, c.iva_trasladado * c.tipo_cambio AS iva, c.deducible
    FROM cfdis c ${docCash.join}
    WHERE c.user_id = ${userId} AND c.tipo IN ('I', 'E') AND c.estado <> 'cancelada' AND NOT c.not_count
      AND ((coalesce(c.metodo_pago, 'PUE') = 'PUE' AND ${docCash.inRange})
        OR (${accrued} AND c.direction = 'emitido' AND coalesce(c.metodo_pago, 'PUE') <> 'PUE' AND c.fecha >= ${start}::timestamp AND c.fecha < ${end}::timestamp))
    ORDER BY 6, c.uuid`);
  const payCash = paymentCashDate(userId, 'p', start, end, bank);
  const { rows: pays } = await db.execute(sql`
    SELECT i.uuid, p.direction, i.tipo, CASE WHEN p.direction = 'emitido' THEN i.rfc_receptor ELSE i.rfc_emisor END AS rfc,
      CASE WHEN p.direction = 'emitido' THEN i.nombre_receptor ELSE i.nombre_emisor END AS nombre, to_char(${payCash.date}, 'YYYY-MM-DD') AS fecha,
      p.base_mxn AS base, p.iva_mxn AS iva, i.deducible
    FROM cfdi_payments p
    JOIN cfdis pc ON pc.user_id = p.user_id AND pc.uuid = p.pago_uuid AND pc.estado <> 'cancelada' AND NOT pc.not_count
    JOIN cfdis i ON i.user_id = p.user_id AND i.uuid = p.doc_uuid AND i.estado <> 'cancelada' AND NOT i.not_count
    ${payCash.join}
    WHERE p.user_id = ${userId} AND ${payCash.inRange}
    ORDER BY 6, i.uuid`);
  const money = (v: unknown) => fixed(toDecimal(str(v)).times(1), 2);
  const fuente = (direction: string, deducible: unknown, metodo: string) =>
    direction === 'emitido' ? (metodo === 'PUE' ? 'ingresos' : 'devengados') : deducible ? 'deducciones' : 'gastos no deducibles';
  return [
    ...(docs as Row[]).map((r) => ({
      uuid: String(r.uuid), direction: r.direction as 'emitido' | 'recibido', tipo: String(r.tipo), rfc: String(r.rfc), nombre: (r.nombre as string | null) ?? null,
      fecha: String(r.fecha), origen: String(r.metodo), base: money(r.base), iva: money(r.iva), deducible: (r.deducible as boolean | null) ?? null,
      fuente: fuente(String(r.direction), r.deducible, String(r.metodo)),
    })),
    ...(pays as Row[]).map((r) => ({
      uuid: String(r.uuid), direction: r.direction as 'emitido' | 'recibido', tipo: String(r.tipo), rfc: String(r.rfc), nombre: (r.nombre as string | null) ?? null,
      fecha: String(r.fecha), origen: 'pago', base: money(r.base), iva: money(r.iva), deducible: (r.deducible as boolean | null) ?? null,
      fuente: fuente(String(r.direction), r.deducible, 'PUE'),
    })),
  ];
}

// ---------------------------------------------------------------- settings

interface SettingsRow {
  automatic_statements: 0 | 1;
  show_diot: boolean;
  show_iva: boolean;
  show_isr: boolean;
  coeficiente_utilidad: string;
  ptu_pagada: string;
  pagos_previos: { year: number; month: number; isr: string }[];
}

async function settingsRow(db: Db, userId: number): Promise<SettingsRow> {
  const { rows } = await db.execute(sql`SELECT * FROM statement_settings WHERE user_id = ${userId}`);
  const r = (rows as Row[])[0];
  if (!r) return { automatic_statements: 0, show_diot: true, show_iva: true, show_isr: true, coeficiente_utilidad: '0.0000', ptu_pagada: '0.00', pagos_previos: [] };
  return {
    automatic_statements: Number(r.automatic_statements) === 1 ? 1 : 0, show_diot: Boolean(r.show_diot), show_iva: Boolean(r.show_iva), show_isr: Boolean(r.show_isr),
    coeficiente_utilidad: fixed(toDecimal(str(r.coeficiente_utilidad)), 4), ptu_pagada: fixed(toDecimal(str(r.ptu_pagada)), 2),
    pagos_previos: (typeof r.pagos_previos === 'string' ? JSON.parse(r.pagos_previos) : r.pagos_previos) as SettingsRow['pagos_previos'],
  };
}

export async function getSettings(db: Db, account: Account): Promise<StatementSettings> {
  const s = await settingsRow(db, account.id);
  const { regimen, reason } = supportedRegimen(account.rfc, account.regimen);
  return { ...s, show_make_dec_button: { show: regimen !== null, reason } };
}

export async function saveSettings(db: Db, account: Account, body: StatementSettingsBody): Promise<StatementSettings> {
  const s = { ...(await settingsRow(db, account.id)) };
  if (body.automatic_statements !== undefined) s.automatic_statements = body.automatic_statements;
  if (body.show_diot !== undefined) s.show_diot = body.show_diot;
  if (body.show_iva !== undefined) s.show_iva = body.show_iva;
  if (body.show_isr !== undefined) s.show_isr = body.show_isr;
  if (body.coeficiente_utilidad !== undefined) s.coeficiente_utilidad = body.coeficiente_utilidad;
  if (body.ptu_pagada !== undefined) s.ptu_pagada = body.ptu_pagada;
  if (body.pagos_previos !== undefined) {
    const seen = new Set<string>();
    for (const [i, p] of body.pagos_previos.entries()) {
      const key = `${p.year}-${p.month}`;
      if (seen.has(key)) throw fieldError(`pagos_previos.${i}.month`, `El pago previo de ${periodText(p.month, p.year)} está repetido`);
      seen.add(key);
    }
    s.pagos_previos = body.pagos_previos.map((p) => ({ year: p.year, month: p.month, isr: fixed(toDecimal(p.isr), 2) }));
  }
  await db.execute(sql`
    INSERT INTO statement_settings (user_id, automatic_statements, show_diot, show_iva, show_isr, coeficiente_utilidad, ptu_pagada, pagos_previos, updated_at)
    VALUES (${account.id}, ${s.automatic_statements}, ${s.show_diot}, ${s.show_iva}, ${s.show_isr}, ${s.coeficiente_utilidad}, ${s.ptu_pagada}, ${JSON.stringify(s.pagos_previos)}::jsonb, now())
    ON CONFLICT (user_id) DO UPDATE SET automatic_statements = excluded.automatic_statements, show_diot = excluded.show_diot, show_iva = excluded.show_iva,
      show_isr = excluded.show_isr, coeficiente_utilidad = excluded.coeficiente_utilidad, ptu_pagada = excluded.ptu_pagada,
      pagos_previos = excluded.pagos_previos, updated_at = now()`);
  return getSettings(db, account);
}

// ---------------------------------------------------------------- statements

const summary = (r: Row): StatementSummary => ({
  id: Number(r.id), rfc: String(r.rfc), type: String(r.type), period: periodText(Number(r.month), Number(r.year)), month: Number(r.month), year: Number(r.year),
  regimen: (r.regimen as string | null) ?? null, isr_a_pagar: fixed(toDecimal(str(r.isr_a_pagar)), 2), iva_a_pagar: fixed(toDecimal(str(r.iva_a_pagar)), 2),
  iva_saldo_a_favor: fixed(toDecimal(str(r.iva_saldo_a_favor)), 2), created_at: new Date(String(r.created_at)).toISOString(),
  presentada_at: r.presentada_at ? new Date(String(r.presentada_at)).toISOString() : null,
});

/**
 * What earlier statements carry into `month` (one read): pagos previos — the ISR of the year's earlier statements,
 * replaced month by month by what the user paid outside — and the previous month's IVA saldo a favor.
 */
async function carriedForward(db: Db, userId: number, year: number, month: number, external: SettingsRow['pagos_previos']): Promise<{ pagosPrevios: Decimal; saldoIva: string }> {
  const [py, pm] = month === 1 ? [year - 1, 12] : [year, month - 1];
  const { rows } = await db.execute(sql`
    SELECT year, month, isr_a_pagar, iva_saldo_a_favor FROM statements
    WHERE user_id = ${userId} AND ((year = ${year} AND month < ${month}) OR (year = ${py} AND month = ${pm}))`);
  const list = rows as Row[];
  const byMonth = new Map<number, Decimal>(list.filter((r) => Number(r.year) === year).map((r) => [Number(r.month), toDecimal(str(r.isr_a_pagar))]));
  for (const p of external) if (p.year === year && p.month < month) byMonth.set(p.month, toDecimal(p.isr));
  const previous = list.find((r) => Number(r.year) === py && Number(r.month) === pm);
  return { pagosPrevios: [...byMonth.values()].reduce((s, v) => s.plus(v), new Decimal(0)), saldoIva: str(previous?.iva_saldo_a_favor) };
}

/**
 * The month's ISR and IVA as the declaration computes them (issue 24 §8: the one computation the statement and the
 * dashboard share). Aggregated SQL only (no per-document listing), so the dashboard can call it on every request.
 */
export async function computeMonthStatement(db: Db, account: Account, month: number, year: number, cash: YearCashSource = {}): Promise<StatementResult> {
  const [settings, bank] = await Promise.all([settingsRow(db, account.id), cash.bank ?? usesBankDates(db, account.id)]);
  const [months, carried] = await Promise.all([
    yearCash(db, account, year, month, { ...cash, bank }),
    carriedForward(db, account.id, year, month, settings.pagos_previos),
  ]);
  return computeStatement({
    rfc: account.rfc, regimen: account.regimen, year, month, months, coeficienteUtilidad: settings.coeficiente_utilidad,
    ptuPagada: settings.ptu_pagada, pagosPrevios: fixed(carried.pagosPrevios, 2), saldoAFavorIva: carried.saldoIva,
  });
}

/** A line's value of a section ('0.00' when absent). */
export const lineValue = (secciones: Section[], impuesto: 'isr' | 'iva', clave: string): string =>
  secciones.find((x) => x.impuesto === impuesto)?.lineas.find((l) => l.clave === clave)?.valor ?? '0.00';

export async function startStatement(db: Db, account: Account, month: number, year: number, source: 'manual' | 'auto' = 'manual'): Promise<Statement> {
  assertPeriod(month, year);
  if (!STATEMENT_YEARS.includes(year)) throw fieldError('year', `Solo se calculan declaraciones de ${STATEMENT_YEARS.join(' y ')} (tablas de ISR cargadas)`);
  const { regimen } = supportedRegimen(account.rfc, account.regimen);
  const bank = await usesBankDates(db, account.id);
  const [result, documentos] = await Promise.all([
    computeMonthStatement(db, account, month, year, { bank }),
    monthDocuments(db, account.id, year, month, regimen === '601', bank),
  ]);
  const vacio = documentos.length === 0;
  const body = {
    vacio,
    mensaje: vacio ? `No hay CFDI cobrados, pagados ni emitidos en ${periodText(month, year)}: la declaración queda en ceros (declaración sin operaciones).` : null,
    secciones: result.secciones,
    documentos,
  };
  // Recomputing a month already filed would rewrite what was declared: a new computation is a new (complementaria) one.
  const { rows } = await db.execute(sql`
    INSERT INTO statements (user_id, rfc, type, regimen, year, month, isr_a_pagar, iva_a_pagar, iva_saldo_a_favor, body, source, created_at)
    VALUES (${account.id}, ${account.rfc}, ${result.type}, ${account.regimen}, ${year}, ${month}, ${result.isrAPagar}, ${result.ivaAPagar}, ${result.ivaSaldoAFavor},
      ${JSON.stringify(body)}::jsonb, ${source}, now())
    ON CONFLICT (user_id, year, month) DO UPDATE SET rfc = excluded.rfc, type = excluded.type, regimen = excluded.regimen, isr_a_pagar = excluded.isr_a_pagar,
      iva_a_pagar = excluded.iva_a_pagar, iva_saldo_a_favor = excluded.iva_saldo_a_favor, body = excluded.body, source = excluded.source, created_at = now(),
      presentada_at = NULL
    RETURNING *`);
  const row = (rows as Row[])[0]!;
  return { ...summary(row), ...body };
}

/** Issue 24 §8: the user says the statement was filed with SAT; the dashboard then shows its figures, not an estimate. */
export async function markFiled(db: Db, account: Account, id: number, presentada: boolean): Promise<Statement> {
  const { rows } = await db.execute(sql`
    UPDATE statements SET presentada_at = CASE WHEN ${presentada} THEN coalesce(presentada_at, now()) ELSE NULL END
    WHERE id = ${id} AND user_id = ${account.id} RETURNING id`);
  if (!(rows as Row[])[0]) throw notFound('La declaración no existe');
  return getStatement(db, account, id);
}

/**
 * The dashboard's ISR and IVA of a month (issue 24 §8, decision 274): the filed statement's figures when the month's
 * statement was marked filed; otherwise the declaration's computation run now ("estimado"). Years without ISR tables
 * fall back to null (the caller keeps its own month estimate and says so).
 */
export async function monthTaxes(db: Db, account: Account, month: number, year: number, cash: YearCashSource = {}): Promise<{
  isr: string; iva: string; estado: 'estimado' | 'presentada'; declaracionId: number | null; isrCalculado: boolean;
} | null> {
  if (!STATEMENT_YEARS.includes(year)) return null;
  // A filed statement's sections only: its body also lists every document of the month, which the dashboard does not show.
  const { rows } = await db.execute(sql`
    SELECT id, presentada_at, CASE WHEN presentada_at IS NOT NULL THEN body->'secciones' END AS secciones
    FROM statements WHERE user_id = ${account.id} AND year = ${year} AND month = ${month}`);
  const row = (rows as Row[])[0];
  const isrCalculado = supportedRegimen(account.rfc, account.regimen).regimen !== null;
  if (row?.presentada_at) {
    const secciones = (typeof row.secciones === 'string' ? JSON.parse(row.secciones) : row.secciones) as Section[];
    return { isr: lineValue(secciones, 'isr', 'isr_a_pagar'), iva: lineValue(secciones, 'iva', 'iva_a_cargo'), estado: 'presentada', declaracionId: Number(row.id), isrCalculado };
  }
  const result = await computeMonthStatement(db, account, month, year, cash);
  return {
    isr: result.isrAPagar, iva: lineValue(result.secciones, 'iva', 'iva_a_cargo'), estado: 'estimado',
    declaracionId: row ? Number(row.id) : null, isrCalculado,
  };
}

export async function listStatements(db: Db, account: Account, q: { page: number; perPage: number; year?: number }): Promise<Page<StatementSummary>> {
  const where = q.year ? sql`user_id = ${account.id} AND year = ${q.year}` : sql`user_id = ${account.id}`;
  const [{ rows }, { rows: count }] = await Promise.all([
    db.execute(sql`SELECT id, rfc, type, regimen, year, month, isr_a_pagar, iva_a_pagar, iva_saldo_a_favor, created_at, presentada_at FROM statements WHERE ${where}
      ORDER BY year DESC, month DESC LIMIT ${q.perPage} OFFSET ${(q.page - 1) * q.perPage}`),
    db.execute(sql`SELECT count(*)::int AS n FROM statements WHERE ${where}`),
  ]);
  return { data: (rows as Row[]).map(summary), total: Number((count as Row[])[0]?.n ?? 0), current_page: q.page, per_page: q.perPage };
}

export async function getStatement(db: Db, account: Account, id: number): Promise<Statement> {
  const { rows } = await db.execute(sql`SELECT * FROM statements WHERE id = ${id} AND user_id = ${account.id}`);
  const row = (rows as Row[])[0];
  if (!row) throw notFound('La declaración no existe');
  const body = (typeof row.body === 'string' ? JSON.parse(row.body) : row.body) as Pick<Statement, 'vacio' | 'mensaje' | 'secciones' | 'documentos'>;
  return { ...summary(row), ...body };
}
