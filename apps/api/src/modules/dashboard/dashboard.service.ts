import { sql, type SQL } from 'drizzle-orm';
import { DASHBOARD_FEATURES, MONTH_NAMES, type DashboardFilter, type DashboardMonth, type DashboardYear } from '@facturo/contract';
import type { Db } from '../../db/client';
import { ADMIN_ROLE, type Account } from '../../http/context';
import { planFeatureIds } from '../plans/plans.repository';
import { maskByPlan } from './card-features';
import { monthTaxes } from '../statements/statements.service';
import { STATEMENT_YEARS } from '../statements/tables/isr-provisional';
import { computeMonthFigures, type CashDocument, type CashPayment, type OpenBalance } from './cash-basis';
import { documentCashDate, paymentCashDate, usesBankDates } from '../bank/bank-cash-dates';

/**
 * The dashboard's SQL: the month's documents, payment documents and open balances are summed in the database
 * (grouped by day, direction, tipo, deductibility and "has IVA", so the cash-basis arithmetic stays exact), and
 * cash-basis.ts turns those sums into the published figures. Numeric columns come back as strings.
 */

const pad = (n: number) => String(n).padStart(2, '0');
export const monthStart = (year: number, month: number) => `${year}-${pad(month)}-01 00:00:00`;
export const monthEnd = (year: number, month: number) => (month === 12 ? monthStart(year + 1, 1) : monthStart(year, month + 1));

type Row = Record<string, unknown>;

/**
 * How the sums are grouped: by day, by month, or by month before `daysFrom` and by day from it — the dashboard's
 * month (by day, for its chart) inside the year the declaration's figures need (by month), in one read.
 */
export type SumUnit = 'day' | 'month' | { daysFrom: string };
const truncate = (unit: SumUnit, date: SQL) =>
  typeof unit === 'string' ? sql`date_trunc(${unit}, ${date})` : sql`date_trunc(CASE WHEN ${date} >= ${unit.daysFrom}::timestamp THEN 'day' ELSE 'month' END, ${date})`;
const str = (v: unknown) => (v === null || v === undefined ? '0' : String(v));

/**
 * PUE invoices and credit notes (I/E) dated in [start, end) — by their bank day when a reconciled month's movement
 * paid them (bank-cash-dates.ts) — vigente and counted, summed per day in MXN. Each
 * document's amounts are converted (× TipoCambio) and rounded to cents first, as its own line in a statement's
 * list shows them, so a total equals the sum of the documents it lists (issue 24 §9).
 */
export async function documentSums(db: Db, userId: number, start: string, end: string, unit: SumUnit, bank = true): Promise<CashDocument[]> {
  const cash = documentCashDate(userId, 'c', start, end, bank);
  const { rows } = await db.execute(sql`
    SELECT c.direction, c.tipo, to_char(${truncate(unit, cash.date)}, 'YYYY-MM-DD') AS dia, c.deducible,
      sum(round((c.subtotal - c.descuento) * c.tipo_cambio, 2)) AS base, sum(round(c.iva_trasladado * c.tipo_cambio, 2)) AS iva,
      sum(round(c.isr_retenido * c.tipo_cambio, 2)) AS isr_ret, sum(round(c.iva_retenido * c.tipo_cambio, 2)) AS iva_ret
    FROM cfdis c ${cash.join}
    WHERE c.user_id = ${userId} AND ${cash.inRange}
      AND c.tipo IN ('I', 'E') AND coalesce(c.metodo_pago, 'PUE') = 'PUE' AND c.estado <> 'cancelada' AND NOT c.not_count
    GROUP BY 1, 2, 3, 4, (c.iva_trasladado = 0)`);
  return (rows as Row[]).map((r) => ({
    direction: r.direction as CashDocument['direction'],
    tipo: String(r.tipo),
    fecha: String(r.dia),
    subtotal: str(r.base),
    descuento: '0',
    tipoCambio: '1',
    ivaTrasladado: str(r.iva),
    isrRetenido: str(r.isr_ret),
    ivaRetenido: str(r.iva_ret),
    deducible: r.deducible as boolean | null,
  }));
}

/** Payment documents whose FechaPago (or bank day in a reconciled month: bank-cash-dates.ts) is in [start, end), of vigente, counted complements, with the MXN share the store keeps (each rounded to cents). */
export async function paymentSums(db: Db, userId: number, start: string, end: string, unit: SumUnit, bank = true): Promise<CashPayment[]> {
  const cash = paymentCashDate(userId, 'p', start, end, bank);
  const { rows } = await db.execute(sql`
    SELECT p.direction, to_char(${truncate(unit, cash.date)}, 'YYYY-MM-DD') AS dia, coalesce(i.tipo, 'I') AS doc_tipo, i.deducible,
      sum(round(p.base_mxn, 2)) AS base, sum(round(p.iva_mxn, 2)) AS iva, sum(round(p.isr_retenido_mxn, 2)) AS isr_ret, sum(round(p.iva_retenido_mxn, 2)) AS iva_ret
    FROM cfdi_payments p
    JOIN cfdis pc ON pc.user_id = p.user_id AND pc.uuid = p.pago_uuid AND pc.estado <> 'cancelada' AND NOT pc.not_count
    LEFT JOIN cfdis i ON i.user_id = p.user_id AND i.uuid = p.doc_uuid
    ${cash.join}
    WHERE p.user_id = ${userId} AND ${cash.inRange}
      AND (i.id IS NULL OR (i.estado <> 'cancelada' AND NOT i.not_count))
    GROUP BY 1, 2, 3, 4, (p.iva_mxn = 0)`);
  return (rows as Row[]).map((r) => ({
    direction: r.direction as CashPayment['direction'],
    fechaPago: String(r.dia),
    docTipo: String(r.doc_tipo),
    deducible: r.deducible as boolean | null,
    baseMxn: str(r.base),
    ivaMxn: str(r.iva),
    isrRetenidoMxn: str(r.isr_ret),
    ivaRetenidoMxn: str(r.iva_ret),
  }));
}

/** Open balances (× TipoCambio) of vigente PPD invoices issued before the end of the month. */
export async function openBalances(db: Db, userId: number, end: string): Promise<OpenBalance[]> {
  const { rows } = await db.execute(sql`
    SELECT direction, sum(saldo * tipo_cambio) AS saldo FROM cfdis
    WHERE user_id = ${userId} AND tipo = 'I' AND metodo_pago = 'PPD' AND estado <> 'cancelada' AND NOT not_count
      AND saldo > 0 AND fecha < ${end}::timestamp
    GROUP BY direction`);
  return (rows as Row[]).map((r) => ({ direction: r.direction as OpenBalance['direction'], saldo: str(r.saldo), tipoCambio: '1' }));
}

/**
 * ISR and IVA withheld from the account by digital platforms (LISR art. 113-A, LIVA art. 18-J): the month's received,
 * vigente Retenciones constancias of CveRetenc 26 or with the ServiciosPlataformasTecnologicas complement, by their
 * FechaExp (the month /retentions/received lists them in). Decision 250.
 */
export async function platformWithholdings(db: Db, userId: number, start: string, end: string): Promise<{ isr: string; iva: string }> {
  const { rows } = await db.execute(sql`
    SELECT coalesce(sum(isr_retenido), 0) AS isr, coalesce(sum(iva_retenido), 0) AS iva FROM retenciones
    WHERE user_id = ${userId} AND direction = 'recibida' AND estado = 1
      AND fecha_exp >= ${start}::timestamp AND fecha_exp < ${end}::timestamp
      AND (cve_retenc = '26' OR complementos @> '["ServiciosPlataformasTecnologicas"]'::jsonb)`);
  const r = (rows as Row[])[0] ?? {};
  return { isr: str(r.isr), iva: str(r.iva) };
}

/** Premium roles (spec §6: 1 admin, 11 premium) see the non-IVA expenses; others get it masked. */
const paidPlan = (account: Account) => account.rolId === 1 || account.rolId === 11;

/** Whether the account's plan has a feature; the admin role sees everything (as the route guard does). */
async function featureCheck(db: Db, account: Account): Promise<(featureId: number) => boolean> {
  if (account.rolId === ADMIN_ROLE) return () => true;
  const ids = await planFeatureIds(db, account.planId);
  return (id) => ids.has(id);
}

export async function monthFigures(db: Db, account: Account, month: number, year: number): Promise<DashboardMonth> {
  const start = monthStart(year, month);
  const end = monthEnd(year, month);
  const [has, bank] = await Promise.all([featureCheck(db, account), usesBankDates(db, account.id)]);
  // Issue 24 §8: the ISR and IVA cards are the declaration's figures (one computation, statements.service), not a
  // second estimate; only years without ISR tables keep the month's own estimate (estado 'sin_tablas'). The
  // declaration needs the year so far by month; the cards, the month by day: one read of each source serves both.
  const taxes = has(DASHBOARD_FEATURES.impuestos) && STATEMENT_YEARS.includes(year);
  const from = taxes ? monthStart(year, 1) : start;
  const unit: SumUnit = taxes ? { daysFrom: start } : 'day';
  const [yearDocuments, yearPayments, balances, platforms] = await Promise.all([
    documentSums(db, account.id, from, end, unit, bank),
    paymentSums(db, account.id, from, end, unit, bank),
    openBalances(db, account.id, end),
    platformWithholdings(db, account.id, start, end),
  ]);
  const inMonth = start.slice(0, 7);
  const documents = yearDocuments.filter((d) => d.fecha.startsWith(inMonth));
  const payments = yearPayments.filter((p) => p.fechaPago.startsWith(inMonth));
  const f = computeMonthFigures({ documents, payments, balances, platforms, regimen: account.regimen, rfc: account.rfc, year });
  const tax = taxes ? await monthTaxes(db, account, month, year, { bank, rows: { documents: yearDocuments, payments: yearPayments } }) : null;
  const withTaxes: DashboardMonth = tax
    ? { ...f, isrmes: tax.isr, ivames: tax.iva, impuestos: { estado: tax.estado, declaracionId: tax.declaracionId, isrCalculado: tax.isrCalculado } }
    : { ...f, impuestos: { estado: 'sin_tablas', declaracionId: null, isrCalculado: true } };
  return maskByPlan(withTaxes, has, paidPlan(account));
}

export async function paidByDate(db: Db, account: Account, month: number, year: number): Promise<{ data: DashboardMonth['diario'] }> {
  const start = monthStart(year, month);
  const end = monthEnd(year, month);
  const bank = await usesBankDates(db, account.id);
  const [documents, payments] = await Promise.all([documentSums(db, account.id, start, end, 'day', bank), paymentSums(db, account.id, start, end, 'day', bank)]);
  return { data: computeMonthFigures({ documents, payments, balances: [], regimen: account.regimen, rfc: account.rfc, year }).diario };
}

/** The year's overview: the same cash-basis figures month by month (one grouped query per source, not twelve). */
export async function yearOverview(db: Db, account: Account, year: number): Promise<DashboardYear> {
  const start = monthStart(year, 1);
  const end = monthStart(year + 1, 1);
  const bank = await usesBankDates(db, account.id);
  const [documents, payments] = await Promise.all([documentSums(db, account.id, start, end, 'month', bank), paymentSums(db, account.id, start, end, 'month', bank)]);
  const body = MONTH_NAMES.map((_, i) => {
    const key = `${year}-${pad(i + 1)}`;
    const f = computeMonthFigures({
      documents: documents.filter((d) => d.fecha.startsWith(key)),
      payments: payments.filter((p) => p.fechaPago.startsWith(key)),
      balances: [],
      regimen: account.regimen,
      rfc: account.rfc,
      year,
    });
    return { mes: i + 1, ingresos: f.ingresosmes, gastos: f.gastosmes, iva: f.ivames };
  });
  const all = computeMonthFigures({ documents, payments, balances: [], regimen: account.regimen, rfc: account.rfc, year });
  return { body, year: { ano: year, ingresos: all.ingresosmes, gastos: all.gastosmes, iva: all.ivames } };
}

/**
 * The filter's options: the twelve months, the years that have documents (always the selected one and the
 * current one), and the months of the selected year up to today (§4: capped at the months available).
 */
export async function filterOptions(db: Db, account: Account, year: number, now = new Date()): Promise<DashboardFilter> {
  const { rows } = await db.execute(sql`SELECT DISTINCT extract(year FROM fecha)::int AS y FROM cfdis WHERE user_id = ${account.id}`);
  const current = now.getFullYear();
  const anos = [...new Set([...(rows as Row[]).map((r) => Number(r.y)), current, year])].sort((a, b) => b - a);
  const meses = MONTH_NAMES.map((text, i) => ({ value: i + 1, text }));
  const available = year < current ? 12 : year === current ? now.getMonth() + 1 : 0;
  return { data: { meses, anos, mesess: meses.slice(0, available), ano: year } };
}
