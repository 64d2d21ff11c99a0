import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Decimal, fixed, toDecimal } from '@facturo/cfdi/money';
import { DIOT_OPERACIONES_POR_TERCERO, type Diot, type DiotBody, type DiotRow } from '@facturo/contract';
import type { Db } from '../../db/client';
import type { Account } from '../../http/context';
import { AppError, fieldError, notFound } from '../../http/errors';
import { monthEnd, monthStart } from '../dashboard/dashboard.service';
import type { UserFiles } from '../profile/file-store';
import {
  diffDiot, diotFile, emptyTotals, FOREIGN_GENERIC_RFC, GLOBAL_RFC, groupGlobal, mergeInto, sortSuppliers, toRow, type SupplierTotals,
} from './diot-file';
import { applyCatalog, nameKey, supplierCatalog, supplierKey, type CatalogEntry } from './diot-suppliers.service';
import { addFacts, emptyFacts, inferTipoOperacion, type SupplierFacts } from './diot-operation';
import { assertPeriod, monthProrationFactor, periodText } from './statements.service';
import { checkDiotAcuse } from './diot-acuse';

/**
 * The DIOT of a month (issue 11 §3): received CFDIs actually paid in the month — PUE dated in it, PPD by the
 * DoctoRelacionado of payment complements dated in it, credit notes as devoluciones — summed per supplier in
 * SQL (exact numeric), then diot-file.ts builds the rows, the batch file and the diff. docs/diot.md.
 */

type Row = Record<string, unknown>;
const dec = (v: unknown) => toDecimal(v === null || v === undefined ? '0' : String(v));

/** One grouped row (supplier × tipo × deducible) into the supplier's totals. */
function addGroup(t: SupplierTotals, r: Row): void {
  const credit = String(r.tipo) === 'E';
  const b16 = dec(r.b16);
  const b8 = dec(r.b8);
  const b0 = dec(r.b0);
  const bex = dec(r.bex);
  const noObj = dec(r.base).minus(b16).minus(b8).minus(b0).minus(bex);
  const s = credit ? -1 : 1;
  if (credit) { t.dev16 = t.dev16.plus(b16); t.dev8 = t.dev8.plus(b8); } else { t.base16 = t.base16.plus(b16); t.base8 = t.base8.plus(b8); }
  t.base0 = t.base0.plus(b0.times(s));
  t.exento = t.exento.plus(bex.times(s));
  if (noObj.gt('0.005')) t.noObjeto = t.noObjeto.plus(noObj.times(s));
  if (!r.ded) { t.noDeducible16 = t.noDeducible16.plus(b16.times(s)); t.noDeducible8 = t.noDeducible8.plus(b8.times(s)); }
  else if (r.uso === 'gravadas') { t.gravadas16 = t.gravadas16.plus(b16.times(s)); t.gravadas8 = t.gravadas8.plus(b8.times(s)); }
  else if (r.uso === 'exentas') { t.exentas16 = t.exentas16.plus(b16.times(s)); t.exentas8 = t.exentas8.plus(b8.times(s)); }
  t.ivaRetenido = t.ivaRetenido.plus(dec(r.ivaret).times(s));
  t.cfdis += Number(r.n ?? 0);
  if (r.nombre && !t.nombre) t.nombre = String(r.nombre);
}

export async function paidSuppliers(db: Db, userId: number, year: number, month: number): Promise<Map<string, SupplierTotals>> {
  const start = monthStart(year, month);
  const end = monthEnd(year, month);
  const [{ rows: docs }, { rows: pays }] = await Promise.all([
    db.execute(sql`
      SELECT rfc_emisor AS rfc, max(nombre_emisor) AS nombre, tipo, coalesce(deducible, false) AS ded, count(*)::int AS n,
        CASE WHEN upper(rfc_emisor) = ${FOREIGN_GENERIC_RFC} THEN coalesce(nombre_emisor, '') ELSE '' END AS gname, coalesce(iva_uso, '') AS uso,
        sum(base_iva16 * tipo_cambio) AS b16, sum(base_iva8 * tipo_cambio) AS b8, sum(base_iva0 * tipo_cambio) AS b0,
        sum(base_iva_exento * tipo_cambio) AS bex, sum((subtotal - descuento) * tipo_cambio) AS base, sum(iva_retenido * tipo_cambio) AS ivaret,
        sum(isr_retenido * tipo_cambio) AS isrret, string_agg(DISTINCT regimen_emisor, ' ') AS regimenes, string_agg(claves_prod_serv, ' ') AS claves
      FROM cfdis
      WHERE user_id = ${userId} AND direction = 'recibido' AND tipo IN ('I', 'E') AND coalesce(metodo_pago, 'PUE') = 'PUE'
        AND estado <> 'cancelada' AND NOT not_count AND fecha >= ${start}::timestamp AND fecha < ${end}::timestamp
      GROUP BY 1, 3, 4, 6, 7`),
    db.execute(sql`
      WITH paid AS (
        SELECT i.rfc_emisor, i.nombre_emisor, i.tipo, coalesce(i.deducible, false) AS ded, coalesce(i.iva_uso, '') AS uso, p.pago_uuid, p.base_mxn,
          p.iva_retenido_mxn, p.isr_retenido_mxn, i.regimen_emisor, i.claves_prod_serv,
          i.base_iva16, i.base_iva8, i.base_iva0, i.base_iva_exento,
          CASE WHEN i.total = 0 OR p.equivalencia_dr = 0 THEN 0 ELSE p.imp_pagado / i.total / p.equivalencia_dr * p.tipo_cambio_p END AS f
        FROM cfdi_payments p
        JOIN cfdis pc ON pc.user_id = p.user_id AND pc.uuid = p.pago_uuid AND pc.estado <> 'cancelada' AND NOT pc.not_count
        JOIN cfdis i ON i.user_id = p.user_id AND i.uuid = p.doc_uuid AND i.estado <> 'cancelada' AND NOT i.not_count
        WHERE p.user_id = ${userId} AND p.direction = 'recibido' AND p.fecha_pago >= ${start}::timestamp AND p.fecha_pago < ${end}::timestamp
      )
      SELECT rfc_emisor AS rfc, max(nombre_emisor) AS nombre, tipo, ded, count(DISTINCT pago_uuid)::int AS n,
        CASE WHEN upper(rfc_emisor) = ${FOREIGN_GENERIC_RFC} THEN coalesce(nombre_emisor, '') ELSE '' END AS gname, uso,
        sum(base_iva16 * f) AS b16, sum(base_iva8 * f) AS b8, sum(base_iva0 * f) AS b0, sum(base_iva_exento * f) AS bex,
        sum(base_mxn) AS base, sum(iva_retenido_mxn) AS ivaret,
        sum(isr_retenido_mxn) AS isrret, string_agg(DISTINCT regimen_emisor, ' ') AS regimenes, string_agg(claves_prod_serv, ' ') AS claves
      FROM paid GROUP BY 1, 3, 4, 6, 7`),
  ]);
  const bySupplier = new Map<string, SupplierTotals>();
  const facts = new Map<string, SupplierFacts>();
  // Keyed by RFC; suppliers under the generic foreign RFC are told apart by their name (supplierKey).
  for (const r of [...(docs as Row[]), ...(pays as Row[])]) {
    const rfc = String(r.rfc).toUpperCase();
    const key = supplierKey(rfc, String(r.gname ?? ''));
    // A generic-RFC supplier is named by its key (one spelling, whatever each CFDI wrote).
    const t = bySupplier.get(key) ?? emptyTotals(rfc, nameKey(rfc, String(r.gname ?? '')));
    bySupplier.set(key, t);
    addGroup(t, r);
    const f = facts.get(key) ?? emptyFacts(rfc);
    facts.set(key, f);
    addFacts(f, r);
  }
  // Tipo de operación from what the month's CFDIs say (issue 24); the supplier catalog overrides it later.
  for (const [key, t] of bySupplier) if (t.tipoTercero === '04') t.tipoOperacion = inferTipoOperacion(facts.get(key)!);
  return bySupplier;
}

const TERCERO_04 = DIOT_OPERACIONES_POR_TERCERO['04']!;

export interface BuiltDiot {
  rows: SupplierTotals[];
  info: string[];
}

/**
 * Suppliers → the rows of the file: the supplier catalog (saved tipo de operación, generic-RFC suppliers made tipo
 * 05), this generation's overrides of tipo de operación, typed foreign suppliers, the proveedor global.
 */
export function buildDiot(suppliers: Map<string, SupplierTotals>, body: DiotBody, period: string, catalog: Map<string, CatalogEntry> = new Map()): BuiltDiot {
  const info: string[] = [];
  applyCatalog(suppliers, catalog);
  for (const [rfc, op] of Object.entries(body.operaciones)) {
    if (!TERCERO_04.includes(op)) throw fieldError(`operaciones.${rfc}`, `El tipo de operación ${op} no es válido para un proveedor nacional (${TERCERO_04.join(', ')})`);
    const t = suppliers.get(supplierKey(rfc));
    if (t) t.tipoOperacion = op;
    else info.push(`${rfc} no tiene pagos en ${period}: su tipo de operación no se usó.`);
  }
  const forced: SupplierTotals[] = [];
  const nationals: SupplierTotals[] = [];
  const foreign = new Map<string, SupplierTotals>();
  for (const t of suppliers.values()) {
    if (t.tipoTercero === '05') {
      const same = foreign.get(t.idFiscal);
      if (same) mergeInto(same, t); else foreign.set(t.idFiscal, t);
    } else if (t.rfc === GLOBAL_RFC || t.rfc === FOREIGN_GENERIC_RFC) {
      forced.push(t);
      info.push(t.rfc === FOREIGN_GENERIC_RFC
        ? `${t.nombre || t.rfc} factura con el RFC genérico ${t.rfc}: sus ${t.cfdis} CFDI van en el renglón de proveedor global (15/87) hasta que registres su país y número de identificación fiscal en Proveedores de la DIOT.`
        : `${t.nombre || t.rfc} factura con el RFC genérico ${t.rfc}: sus ${t.cfdis} CFDI van en el renglón de proveedor global (15/87).`);
    } else nationals.push(t);
  }
  for (const [i, e] of body.extranjeros.entries()) {
    if (!e.idFiscal) throw fieldError(`extranjeros.${i}.idFiscal`, 'Escribe el número de identificación fiscal del proveedor extranjero');
    const t = foreign.get(e.idFiscal) ?? Object.assign(emptyTotals('', e.nombre), { tipoTercero: '05' as const, tipoOperacion: e.tipoOperacion, idFiscal: e.idFiscal, pais: e.pais, jurisdiccion: e.jurisdiccion ?? '' });
    if (e.pais === 'ZZZ' && !e.jurisdiccion) throw fieldError(`extranjeros.${i}.jurisdiccion`, 'Con país ZZZ (otro) escribe el lugar de jurisdicción fiscal');
    const add = emptyTotals('', e.nombre);
    add.importacion16 = toDecimal(e.importacion16);
    add.importacionExento = toDecimal(e.exento);
    add.cfdis = 0;
    mergeInto(t, add);
    foreign.set(e.idFiscal, t);
  }
  const { rows, grouped } = groupGlobal(nationals, body.agruparGlobal, forced);
  if (grouped.length) info.push(`${grouped.length} proveedores de hasta $50,000 se agruparon como proveedor global (no más del 10 % de lo pagado en el mes).`);
  else if (body.agruparGlobal) info.push('Ningún proveedor cabe en el proveedor global (cada uno hasta $50,000 y el grupo hasta el 10 % de lo pagado en el mes).');
  return { rows: sortSuppliers([...rows, ...foreign.values()]), info };
}

const link = (folio: number) => `/statements?tab=diot&folio=${folio}`;

function toDiot(r: Row, rfc: string): Diot {
  const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  const folio = Number(r.folio);
  return {
    folio, status: Number(r.status), mes: Number(r.month), anio: Number(r.year), emisor: rfc, cadena: String(r.sha256),
    datos: parse(r.datos), info: parse(r.info), rows: parse(r.rows), link: link(folio),
    urlAnexo: `/api/diot/${folio}/file`, urlAcuse: r.acuse_key ? `/api/diot/${folio}/acuse` : null, diff: parse(r.diff) ?? null,
    created_at: new Date(String(r.created_at)).toISOString(),
  };
}

export async function createDiot(db: Db, account: Account, body: DiotBody): Promise<Diot> {
  assertPeriod(body.month, body.year);
  if (body.year < 2025) throw fieldError('year', 'La DIOT de periodos anteriores a 2025 usa el formato anterior (24 campos), que aquí no se genera');
  const period = periodText(body.month, body.year);
  const [suppliers, catalog] = await Promise.all([paidSuppliers(db, account.id, body.year, body.month), supplierCatalog(db, account.id)]);
  const built = buildDiot(suppliers, body, period, catalog);
  // Issue 24 §7: the month's proporción of IVA acreditable, the statement's own (fields 19/23 and 28/36).
  const factor = await monthProrationFactor(db, account.id, body.year, body.month);
  for (const t of built.rows) t.factor = factor;
  if (!factor.eq(1)) built.info.push(`En ${period} hubo actos exentos: el IVA de los gastos usados en actividades gravadas y exentas se reporta con la proporción ${factor.toFixed(4)} (campos 19/23 acreditable y 28/36 no acreditable; LIVA art. 5 fr. V inciso d).`);
  if (built.rows.length === 0) built.info.unshift(`No hay CFDI recibidos pagados en ${period}: la DIOT queda sin operaciones.`);
  if (account.regimen === '626') built.info.push('En RESICO no estás obligado a presentar la DIOT (RMF 2025 regla 3.13.17); el archivo se genera por si lo necesitas.');
  const file = diotFile(built.rows);
  const rows: DiotRow[] = built.rows.map(toRow);
  const total = rows.reduce((s, r) => s.plus(r.stotal), new Decimal(0));
  const iva = rows.reduce((s, r) => s.plus(r.iva16).plus(r.iva8), new Decimal(0));
  const datos = { proveedores: rows.length, lineas: rows.length, total: fixed(total, 2), iva: fixed(iva, 2), cfdis: rows.reduce((s, r) => s + r.cfdis, 0) };
  const sha = createHash('sha256').update(file, 'utf8').digest('hex');

  return db.transaction(async (tx) => {
    // One folio at a time per tenant: the row lock on the tenant's user row serializes concurrent generations.
    await tx.execute(sql`SELECT id FROM users WHERE id = ${account.id} FOR UPDATE`);
    const { rows: prev } = await tx.execute(sql`
      SELECT folio, status, rows FROM diots WHERE user_id = ${account.id} AND year = ${body.year} AND month = ${body.month}
      ORDER BY (status >= 1) DESC, folio DESC LIMIT 1`);
    const last = (prev as Row[])[0];
    const diff = last ? {
      contraFolio: Number(last.folio), contra: Number(last.status) >= 1 ? 'presentada' as const : 'generada' as const,
      cambios: diffDiot((typeof last.rows === 'string' ? JSON.parse(last.rows) : last.rows) as DiotRow[], rows),
    } : null;
    const { rows: next } = await tx.execute(sql`SELECT coalesce(max(folio), 0) + 1 AS folio FROM diots WHERE user_id = ${account.id}`);
    const folio = Number((next as Row[])[0]!.folio);
    const { rows: inserted } = await tx.execute(sql`
      INSERT INTO diots (user_id, folio, year, month, status, rows, info, datos, diff, file, sha256)
      VALUES (${account.id}, ${folio}, ${body.year}, ${body.month}, 0, ${JSON.stringify(rows)}::jsonb, ${JSON.stringify(built.info)}::jsonb,
        ${JSON.stringify(datos)}::jsonb, ${diff ? JSON.stringify(diff) : null}::jsonb, ${file}, ${sha})
      RETURNING *`);
    return toDiot((inserted as Row[])[0]!, account.rfc);
  });
}

async function diotRow(db: Db, account: Account, folio: number): Promise<Row> {
  const { rows } = await db.execute(sql`SELECT * FROM diots WHERE user_id = ${account.id} AND folio = ${folio}`);
  const r = (rows as Row[])[0];
  if (!r) throw notFound('La DIOT no existe');
  return r;
}

export async function getDiot(db: Db, account: Account, folio: number): Promise<Diot> {
  return toDiot(await diotRow(db, account, folio), account.rfc);
}

export async function diotHistory(db: Db, account: Account, year?: number) {
  const where = year ? sql`user_id = ${account.id} AND year = ${year}` : sql`user_id = ${account.id}`;
  const { rows } = await db.execute(sql`SELECT folio, status, year, month, acuse_key, datos, created_at FROM diots WHERE ${where} ORDER BY folio DESC LIMIT 500`);
  return {
    data: (rows as Row[]).map((r) => ({
      status: Number(r.status), folio: Number(r.folio), year: Number(r.year), month: Number(r.month), urlAnexo: `/api/diot/${Number(r.folio)}/file`,
      urlAcuse: r.acuse_key ? `/api/diot/${Number(r.folio)}/acuse` : null,
      proveedores: Number(((typeof r.datos === 'string' ? JSON.parse(r.datos) : r.datos) as { proveedores: number }).proveedores),
      created_at: new Date(String(r.created_at)).toISOString(),
    })),
  };
}

export async function diotFileOf(db: Db, account: Account, folio: number): Promise<{ name: string; data: Buffer }> {
  const r = await diotRow(db, account, folio);
  const name = `DIOT_${account.rfc}_${r.year}${String(r.month).padStart(2, '0')}_${folio}.txt`;
  return { name, data: Buffer.from(String(r.file), 'utf8') };
}

/**
 * POST /api/diot/{folio}/presentar: the user sent the file to SAT and waits for the acuse — §4 status 1 "En
 * proceso" (decision 250). Only from 0; the acuse upload then makes it 2. Repeating it is harmless.
 */
export async function submitDiot(db: Db, account: Account, folio: number): Promise<{ message: string }> {
  const r = await diotRow(db, account, folio);
  const status = Number(r.status);
  const period = periodText(Number(r.month), Number(r.year));
  if (status === 2) throw new AppError(409, `La DIOT ${folio} de ${period} ya está presentada: tiene su acuse`);
  if (status === 0) await db.execute(sql`UPDATE diots SET status = 1 WHERE id = ${Number(r.id)} AND status = 0`);
  return { message: `DIOT ${folio} de ${period} marcada como enviada al SAT (en proceso); sube el acuse cuando lo recibas` };
}

export const ACUSE_FIELD = 'acuse';
export const ACUSE_MAX_BYTES = 5 * 1024 * 1024;

export async function saveAcuse(db: Db, files: UserFiles, account: Account, folio: number, pdf: Buffer | undefined): Promise<{ message: string }> {
  const r = await diotRow(db, account, folio);
  if (!pdf) throw fieldError(ACUSE_FIELD, 'Adjunta el acuse de la DIOT (PDF) en el campo acuse');
  if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw fieldError(ACUSE_FIELD, 'El acuse debe ser un archivo PDF');
  // Issue 25 §10: SAT's acuse of this DIOT (its RFC, ejercicio and periodo), not any PDF.
  await checkDiotAcuse(pdf, { rfc: account.rfc, year: Number(r.year), month: Number(r.month) }, ACUSE_FIELD);
  const key = await files.save(account.id, 'acuse', 'pdf', pdf);
  await db.execute(sql`UPDATE diots SET acuse_key = ${key}, status = 2, filed_at = now() WHERE id = ${Number(r.id)}`);
  if (r.acuse_key) await files.remove(account.id, String(r.acuse_key));
  return { message: `Acuse guardado: la DIOT ${folio} de ${periodText(Number(r.month), Number(r.year))} quedó como presentada` };
}

export async function readAcuse(db: Db, files: UserFiles, account: Account, folio: number): Promise<Buffer> {
  const r = await diotRow(db, account, folio);
  if (!r.acuse_key) throw new AppError(404, 'Esta DIOT aún no tiene acuse');
  return files.read(account.id, String(r.acuse_key));
}
