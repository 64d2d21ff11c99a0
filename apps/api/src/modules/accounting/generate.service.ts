import { sql } from 'drizzle-orm';
import { Decimal, toDecimal } from '@facturo/cfdi/money';
import {
  polizaDeDocumento, polizaDeMovimiento, polizaDePago, polizaDeReversa, PolizaDescuadradaError,
  type DocumentoContable, type MovimientoBancario, type PagoContable, type Poliza as EnginePoliza, type Reglas, type ResolverCuenta,
} from '@facturo/cfdi/contabilidad';
import type { Db } from '../../db/client';
import { fillEmployerQuotas } from '../payroll/employer-quotas';
import { asEngineRules, ensureBancos, ensureChart, ensureTerceros, getReglas } from './chart.service';
import { assertOpen, monthRange } from './periods.service';
import { insertPolizas, TIPO_LETRA, type PolizaNueva } from './polizas.repository';

type Runner = Pick<Db, 'execute'>;

/**
 * Writes a month's entries from the CFDI store (decision 300): every issued/received invoice and credit
 * note and every payroll receipt dated in the month (accrual), every payment (complement, or the PUE
 * document itself) dated in it, and the reversal of every document cancelled in it. Regenerating a
 * month replaces its automatic pólizas in one transaction (manual ones stay), so running it twice gives
 * the same books; a closed month is refused.
 */

interface DocRow {
  uuid: string; tipo: 'I' | 'E' | 'N' | 'P'; direction: 'emitido' | 'recibido'; fecha: string; rfc_emisor: string; rfc_receptor: string;
  nombre_emisor: string | null; nombre_receptor: string | null; moneda: string; tipo_cambio: string; subtotal: string; descuento: string;
  total: string; iva_trasladado: string; ieps_trasladado: string; isr_retenido: string; iva_retenido: string; metodo_pago: string | null;
  deducible: boolean | null; claves_prod_serv: string | null; nomina_imss: string; serie: string | null; folio: string | null;
  cancelado: string | null;
  nomina: { subsidio: string; imss: string | null; rcv: string | null; infonavit: string | null } | null;
}

interface PagoRow {
  pago_uuid: string; doc_uuid: string; direction: 'emitido' | 'recibido'; fecha: string; num_parcialidad: number; base_mxn: string; iva_mxn: string;
  isr_retenido_mxn: string; iva_retenido_mxn: string; monto_pago: string; doc_total: string | null; rfc: string; nombre: string | null;
}

const DOC_COLS = sql`uuid, tipo, direction, to_char(fecha, 'YYYY-MM-DD') AS fecha, rfc_emisor, rfc_receptor, nombre_emisor, nombre_receptor,
  moneda, tipo_cambio::text AS tipo_cambio, subtotal::text AS subtotal, descuento::text AS descuento, total::text AS total,
  iva_trasladado::text AS iva_trasladado, ieps_trasladado::text AS ieps_trasladado, isr_retenido::text AS isr_retenido,
  iva_retenido::text AS iva_retenido, metodo_pago, deducible, claves_prod_serv, nomina_imss::text AS nomina_imss, serie, folio,
  to_char(cancelled_at AT TIME ZONE 'America/Mexico_City', 'YYYY-MM-DD') AS cancelado,
  -- A payroll receipt stamped here, from its detail: the subsidio al empleo paid (OtroPago 002; the CFDI store keeps
  -- no OtrosPagos breakdown, so an imported receipt counts it inside sueldos) and the employer's quotas, which no
  -- CFDI carries (decision 323). A cancelled receipt's detail keeps its UUID as uuid_cancelado (the detail is
  -- pending again or holds the substitute's UUID), so its reversal, and its month regenerated later, book the same lines.
  CASE WHEN tipo = 'N' THEN (SELECT jsonb_build_object(
      'subsidio', (SELECT coalesce(sum((o->>'importe')::numeric), 0) FROM jsonb_array_elements(d.otros_pagos) o WHERE o->>'tipo' = '002')::text,
      'imss', d.imss_patronal::text, 'rcv', d.rcv_patronal::text, 'infonavit', d.infonavit_patronal::text)
    FROM prenomina_detalles d WHERE d.user_id = cfdis.user_id AND (upper(d.uuid) = cfdis.uuid OR upper(d.uuid_cancelado) = cfdis.uuid)
    ORDER BY upper(d.uuid) = cfdis.uuid DESC NULLS LAST LIMIT 1) END AS nomina`;

// A document marked cancelled with no cancellation date (imported already cancelled) never entered the books.
const COUNTS = sql`NOT (estado = 'cancelada' AND cancelled_at IS NULL) AND not_count = false`;

function toDocumento(r: DocRow): DocumentoContable {
  const emitido = r.direction === 'emitido';
  return {
    uuid: r.uuid, tipo: r.tipo as 'I' | 'E' | 'N', direction: r.direction, fecha: r.fecha,
    rfcContraparte: emitido ? r.rfc_receptor : r.rfc_emisor, nombreContraparte: emitido ? r.nombre_receptor : r.nombre_emisor,
    moneda: r.moneda, tipoCambio: r.tipo_cambio, subtotal: r.subtotal, descuento: r.descuento, total: r.total,
    ivaTrasladado: r.iva_trasladado, iepsTrasladado: r.ieps_trasladado, isrRetenido: r.isr_retenido, ivaRetenido: r.iva_retenido,
    metodoPago: r.metodo_pago, deducible: r.deducible, clavesProdServ: r.claves_prod_serv, nominaImss: r.nomina_imss, subsidio: r.nomina?.subsidio ?? '0',
    imssPatronal: r.nomina?.imss ?? '0', sarPatronal: r.nomina?.rcv ?? '0', infonavitPatronal: r.nomina?.infonavit ?? '0',
    serieFolio: [r.serie, r.folio].filter(Boolean).join('-') || null,
  };
}

/** A PUE invoice is paid when issued: its payment entry comes from the document itself (MXN). */
function pagoPue(d: DocumentoContable): PagoContable {
  const tc = toDecimal(d.tipoCambio || '1');
  const m = (v: string) => toDecimal(v || '0').times(tc).toDecimalPlaces(2).toFixed(2);
  const base = toDecimal(d.subtotal).minus(toDecimal(d.descuento)).plus(toDecimal(d.iepsTrasladado)).times(tc).toDecimalPlaces(2).toFixed(2);
  return {
    pagoUuid: d.uuid, docUuid: d.uuid, direction: d.direction, fecha: d.fecha, rfcContraparte: d.rfcContraparte, nombreContraparte: d.nombreContraparte,
    docTotal: d.total, montoPago: d.total, baseMxn: base, ivaMxn: m(d.ivaTrasladado), isrRetenidoMxn: m(d.isrRetenido), ivaRetenidoMxn: m(d.ivaRetenido),
  };
}

const isPue = (d: DocumentoContable) => d.tipo === 'I' && d.metodoPago !== 'PPD';

function toPago(r: PagoRow): PagoContable {
  return {
    pagoUuid: r.pago_uuid, docUuid: r.doc_uuid, direction: r.direction, fecha: r.fecha, rfcContraparte: r.rfc, nombreContraparte: r.nombre,
    docTotal: r.doc_total ?? r.monto_pago, montoPago: r.monto_pago, baseMxn: r.base_mxn, ivaMxn: r.iva_mxn, isrRetenidoMxn: r.isr_retenido_mxn, ivaRetenidoMxn: r.iva_retenido_mxn,
  };
}

const PAGO_SELECT = sql`SELECT p.pago_uuid, p.doc_uuid, p.direction, to_char(p.fecha_pago, 'YYYY-MM-DD') AS fecha, p.num_parcialidad,
    p.base_mxn::text AS base_mxn, p.iva_mxn::text AS iva_mxn, p.isr_retenido_mxn::text AS isr_retenido_mxn, p.iva_retenido_mxn::text AS iva_retenido_mxn,
    pc.total::text AS monto_pago, d.total::text AS doc_total,
    CASE WHEN p.direction = 'emitido' THEN pc.rfc_receptor ELSE pc.rfc_emisor END AS rfc,
    CASE WHEN p.direction = 'emitido' THEN pc.nombre_receptor ELSE pc.nombre_emisor END AS nombre
  FROM cfdi_payments p
  JOIN cfdis pc ON pc.user_id = p.user_id AND pc.uuid = p.pago_uuid
  LEFT JOIN cfdis d ON d.user_id = p.user_id AND d.uuid = p.doc_uuid`;

/** Serializes the account's accounting writes until the transaction ends (PostgreSQL advisory lock). */
async function lockAccount(tx: Runner, userId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('facturo-contabilidad'), ${userId})`);
}

export interface GenerateResult { polizas: number; omitidas: string[] }

/** What the month's sources are, read outside any transaction. */
async function loadSources(db: Runner, userId: number, anio: number, mes: number) {
  const { start, end } = monthRange(anio, mes);
  const docs = await db.execute(sql`SELECT ${DOC_COLS} FROM cfdis WHERE user_id = ${userId} AND tipo IN ('I', 'E', 'N')
    AND NOT (tipo = 'N' AND direction = 'recibido') AND ${COUNTS} AND fecha >= ${start}::timestamp AND fecha < ${end}::timestamp ORDER BY fecha, id`);
  const pagos = await db.execute(sql`${PAGO_SELECT} WHERE p.user_id = ${userId} AND NOT (pc.estado = 'cancelada' AND pc.cancelled_at IS NULL)
    AND p.fecha_pago >= ${start}::timestamp AND p.fecha_pago < ${end}::timestamp ORDER BY p.fecha_pago, p.id`);
  const cancelled = await db.execute(sql`SELECT ${DOC_COLS} FROM cfdis WHERE user_id = ${userId} AND tipo IN ('I', 'E', 'N', 'P')
    AND NOT (tipo = 'N' AND direction = 'recibido') AND not_count = false AND cancelled_at IS NOT NULL
    AND (cancelled_at AT TIME ZONE 'America/Mexico_City') >= ${start}::timestamp AND (cancelled_at AT TIME ZONE 'America/Mexico_City') < ${end}::timestamp`);
  const cancelledRows = cancelled.rows as unknown as DocRow[];
  const pagosCancelados = cancelledRows.some((r) => r.tipo === 'P')
    ? await db.execute(sql`${PAGO_SELECT} WHERE p.user_id = ${userId} AND p.pago_uuid IN (${sql.join(cancelledRows.filter((r) => r.tipo === 'P').map((r) => sql`${r.uuid}`), sql`, `)})`)
    : { rows: [] };
  // Bank movements (issue 27, decision 301). A reconciled movement writes no entry of its own: the CFDI's
  // payment (the PUE document, or the REP row) already moves bancos/clientes, so the movement only names which
  // bank subaccount. Only movements marked "sin CFDI" write an entry; pending ones wait for the reconciliation.
  const cuentasBanco = await db.execute(sql`SELECT clabe, banco, alias FROM bank_accounts WHERE user_id = ${userId} ORDER BY id`);
  const conciliados = await db.execute(sql`SELECT a.clabe, m.complemento_uuid, upper(e->>'uuid') AS uuid
    FROM bank_movements m JOIN bank_accounts a ON a.user_id = m.user_id AND a.id = m.account_id, jsonb_array_elements(m.conciliacion) e
    WHERE m.user_id = ${userId} AND m.estado = 'conciliado' ORDER BY m.fecha, m.id`);
  const sinCfdi = await db.execute(sql`SELECT m.id::text AS id, to_char(m.fecha, 'YYYY-MM-DD') AS fecha, m.importe::text AS importe, m.descripcion, m.referencia, a.clabe
    FROM bank_movements m JOIN bank_accounts a ON a.user_id = m.user_id AND a.id = m.account_id
    WHERE m.user_id = ${userId} AND m.estado = 'sin_cfdi' AND m.fecha >= ${start}::date AND m.fecha < ${end}::date ORDER BY m.fecha, m.id`);
  return {
    bancos: (cuentasBanco.rows as { clabe: string; banco: string; alias: string | null }[])
      .map((r) => ({ clabe: r.clabe, descripcion: `${r.alias?.trim() || `Banco ${r.banco}`} CLABE ${r.clabe}` })),
    conciliados: conciliados.rows as { clabe: string; complemento_uuid: string | null; uuid: string }[],
    sinCfdi: sinCfdi.rows as { id: string; fecha: string; importe: string; descripcion: string; referencia: string | null; clabe: string }[],
    docs: (docs.rows as unknown as DocRow[]).map(toDocumento),
    pagos: (pagos.rows as unknown as PagoRow[]).map((r) => ({ key: `pago:${r.pago_uuid}:${r.doc_uuid}:${r.num_parcialidad}`, pago: toPago(r) })),
    cancelados: cancelledRows,
    pagosCancelados: (pagosCancelados.rows as unknown as PagoRow[]).map((r) => ({ key: `pago:${r.pago_uuid}:${r.doc_uuid}:${r.num_parcialidad}`, pago: toPago(r) })),
  };
}

type Sources = Awaited<ReturnType<typeof loadSources>>;

/** The counterparties (RFC → name) of each kind the month's entries will name. */
function terceros(s: Sources) {
  const clientes = new Map<string, string | null>();
  const proveedores = new Map<string, string | null>();
  const add = (direction: string, rfc: string, nombre: string | null | undefined) => (direction === 'emitido' ? clientes : proveedores).set(rfc, nombre ?? null);
  for (const d of s.docs) if (d.tipo !== 'N') add(d.direction, d.rfcContraparte, d.nombreContraparte);
  for (const { pago } of [...s.pagos, ...s.pagosCancelados]) add(pago.direction, pago.rfcContraparte, pago.nombreContraparte);
  for (const r of s.cancelados) if (r.tipo !== 'N' && r.tipo !== 'P') add(r.direction, r.direction === 'emitido' ? r.rfc_receptor : r.rfc_emisor, null);
  return { clientes, proveedores };
}

/** Builds every entry of the month (pure once sources and subaccounts are known); a document that cannot balance is skipped and named. */
export function buildMonth(s: Sources, reglas: Reglas, cuenta: ResolverCuenta, bancoPorClabe: Map<string, string> = new Map()): { items: { key: string; poliza: EnginePoliza }[]; omitidas: string[] } {
  const items: { key: string; poliza: EnginePoliza }[] = [];
  const omitidas: string[] = [];
  const attempt = (key: string, f: () => EnginePoliza) => {
    try {
      items.push({ key, poliza: f() });
    } catch (err) {
      if (!(err instanceof PolizaDescuadradaError) && !(err instanceof Error && /decimal/.test(err.message))) throw err;
      omitidas.push(`${key}: ${err.message}`);
    }
  };
  // Which bank subaccount paid a document or a payment complement: the complement's UUID first (a PPD invoice
  // paid from two banks), then the paid document's.
  const porPago = new Map<string, string>();
  const porDoc = new Map<string, string>();
  for (const r of s.conciliados) {
    const cta = bancoPorClabe.get(r.clabe);
    if (!cta) continue;
    if (r.complemento_uuid) porPago.set(r.complemento_uuid.toUpperCase(), cta);
    if (r.uuid) porDoc.set(r.uuid, cta);
  }
  const conBanco = (p: PagoContable): PagoContable => {
    const cta = porPago.get(p.pagoUuid.toUpperCase()) ?? porDoc.get(p.docUuid.toUpperCase());
    return cta ? { ...p, cuentaBanco: cta } : p;
  };
  for (const d of s.docs) {
    attempt(`doc:${d.uuid}`, () => polizaDeDocumento(d, reglas, cuenta));
    if (isPue(d)) attempt(`pue:${d.uuid}`, () => polizaDePago(conBanco(pagoPue(d)), reglas, cuenta));
  }
  for (const { key, pago } of s.pagos) attempt(key, () => polizaDePago(conBanco(pago), reglas, cuenta));
  for (const m of s.sinCfdi) {
    const mov: MovimientoBancario = { id: m.id, fecha: m.fecha, importe: m.importe, descripcion: m.descripcion, referencia: m.referencia,
      cuentaBanco: bancoPorClabe.get(m.clabe) ?? reglas.cuentas.bancos };
    attempt(`banco:${m.id}`, () => polizaDeMovimiento(mov, reglas));
  }
  for (const r of s.cancelados) {
    const fecha = r.cancelado!;
    if (r.tipo === 'P') {
      for (const { key, pago } of s.pagosCancelados.filter((p) => p.pago.pagoUuid === r.uuid)) {
        attempt(`rev:${key}`, () => polizaDeReversa(polizaDePago(conBanco(pago), reglas, cuenta), fecha, 'Cancelación del pago'));
      }
      continue;
    }
    const d = toDocumento(r);
    attempt(`rev:doc:${d.uuid}`, () => polizaDeReversa(polizaDeDocumento(d, reglas, cuenta), fecha, 'Cancelación'));
    if (isPue(d)) attempt(`rev:pue:${d.uuid}`, () => polizaDeReversa(polizaDePago(conBanco(pagoPue(d)), reglas, cuenta), fecha, 'Cancelación'));
  }
  return { items, omitidas };
}

/** Numbers the month's automatic entries per kind, in date order: D202603-00001, I202603-00001… */
function numerar(items: { key: string; poliza: EnginePoliza }[], anio: number, mes: number): PolizaNueva[] {
  const sorted = [...items].sort((a, b) => a.poliza.fecha.localeCompare(b.poliza.fecha) || a.key.localeCompare(b.key));
  const seq = { ingreso: 0, egreso: 0, diario: 0 };
  const period = `${anio}${String(mes).padStart(2, '0')}`;
  return sorted.map(({ key, poliza }) => {
    seq[poliza.tipo] += 1;
    return { ...poliza, numero: `${TIPO_LETRA[poliza.tipo]}${period}-${String(seq[poliza.tipo]).padStart(5, '0')}`, anio, mes, origen: 'auto', sourceKey: key };
  });
}

/**
 * Generates (again) the month's automatic pólizas. `progress` receives 0–100 as it goes.
 * Reading and building happen outside the transaction; only the replace is one short transaction.
 */
export async function generateMonth(db: Db, userId: number, anio: number, mes: number, progress: (pct: number, message: string) => Promise<void> = async () => undefined): Promise<GenerateResult> {
  await assertOpen(db, userId, anio, mes, 'mes');
  await ensureChart(db, userId);
  // Receipts written before migration 0895 get their employer's quotas now, before the month reads them.
  await fillEmployerQuotas(db, userId);
  const reglas = asEngineRules(await getReglas(db, userId));
  await progress(5, 'Leyendo comprobantes del mes');
  const sources = await loadSources(db, userId, anio, mes);
  await progress(20, `Preparando pólizas de ${sources.docs.length} comprobantes y ${sources.pagos.length} pagos`);
  const t = terceros(sources);
  // Two generations of the same account (two months at once, a retry) would number the same new subaccounts
  // or pólizas: each write step takes the account's accounting lock first.
  const { clientes, proveedores, bancos } = await db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    return {
      clientes: await ensureTerceros(tx, userId, reglas.cuentas.clientes, t.clientes),
      proveedores: await ensureTerceros(tx, userId, reglas.cuentas.proveedores, t.proveedores),
      bancos: await ensureBancos(tx, userId, reglas.cuentas.bancos, sources.bancos),
    };
  });
  const cuenta: ResolverCuenta = (rol, tercero) => {
    if (rol === 'clientes') return clientes.get(tercero!.rfc) ?? reglas.cuentas.clientes;
    if (rol === 'proveedores') return proveedores.get(tercero!.rfc) ?? reglas.cuentas.proveedores;
    return reglas.cuentas[rol];
  };
  const { items, omitidas } = buildMonth(sources, reglas, cuenta, bancos);
  const polizas = numerar(items, anio, mes);
  await progress(40, `Guardando ${polizas.length} pólizas`);
  await db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    // Checked again inside: a close that landed while we were building wins.
    await assertOpen(tx, userId, anio, mes, 'mes');
    await tx.execute(sql`DELETE FROM accounting_polizas WHERE user_id = ${userId} AND anio = ${anio} AND mes = ${mes} AND origen = 'auto'`);
    await insertPolizas(tx, userId, polizas);
  });
  return { polizas: polizas.length, omitidas };
}

/** Sum check used by tests and the bench: cargos and abonos of the month's stored lines. */
export async function monthTotals(db: Runner, userId: number, anio: number, mes: number): Promise<{ debe: string; haber: string }> {
  const res = await db.execute(sql`SELECT coalesce(sum(debe), 0)::text AS debe, coalesce(sum(haber), 0)::text AS haber
    FROM accounting_poliza_lines WHERE user_id = ${userId} AND anio = ${anio} AND mes = ${mes}`);
  const r = res.rows[0] as { debe: string; haber: string };
  return { debe: new Decimal(r.debe).toFixed(2), haber: new Decimal(r.haber).toFixed(2) };
}
