import { sql } from 'drizzle-orm';
import { DIOT_OPERACIONES_POR_TERCERO, type DiotSupplier, type DiotSupplierBody } from '@facturo/contract';
import type { Db } from '../../db/client';
import type { Account } from '../../http/context';
import { notFound } from '../../http/errors';
import { FOREIGN_GENERIC_RFC, toRow, type SupplierTotals } from './diot-file';

/**
 * The DIOT supplier catalog (decision 250): what the user keeps per supplier — the tipo de operación and, for a
 * supplier that invoices with the generic foreign RFC XEXX010101000, the data of its tipo 05 line. Generic-RFC
 * suppliers are told apart by the issuer name on their CFDIs (normalized: `nameKey`).
 */

type Row = Record<string, unknown>;

/** '' for a real RFC; for XEXX010101000 the issuer name upper-cased, trimmed and single-spaced. */
export const nameKey = (rfc: string, nombre: string | null | undefined): string =>
  rfc.toUpperCase() === FOREIGN_GENERIC_RFC ? (nombre ?? '').normalize('NFC').toUpperCase().replace(/\s+/g, ' ').trim() : '';
/** The key of a supplier in the month's totals and in the catalog. */
export const supplierKey = (rfc: string, nombre?: string | null): string => `${rfc.toUpperCase()}|${nameKey(rfc, nombre)}`;

export interface CatalogEntry {
  id: number;
  rfc: string;
  nombre: string;
  tipoOperacion: string | null;
  pais: string | null;
  idFiscal: string | null;
  nacionalidad: string | null;
  jurisdiccion: string | null;
}

const entryOf = (r: Row): CatalogEntry => ({
  id: Number(r.id), rfc: String(r.rfc), nombre: String(r.nombre ?? ''), tipoOperacion: (r.tipo_operacion as string | null) ?? null,
  pais: (r.pais as string | null) ?? null, idFiscal: (r.id_fiscal as string | null) ?? null, nacionalidad: (r.nacionalidad as string | null) ?? null,
  jurisdiccion: (r.jurisdiccion as string | null) ?? null,
});

/** The tenant's catalog by supplier key. */
export async function supplierCatalog(db: Db, userId: number): Promise<Map<string, CatalogEntry>> {
  const { rows } = await db.execute(sql`SELECT * FROM diot_suppliers WHERE user_id = ${userId} ORDER BY rfc, nombre_key`);
  return new Map((rows as Row[]).map((r) => [`${String(r.rfc)}|${String(r.nombre_key)}`, entryOf(r)]));
}

const isForeignReady = (c: CatalogEntry | undefined): c is CatalogEntry & { pais: string; idFiscal: string } => Boolean(c?.rfc === FOREIGN_GENERIC_RFC && c.pais && c.idFiscal);
const FOREIGN_DEFAULT_OP = '03';
const NATIONAL_DEFAULT_OP = '85';

/**
 * Applies the catalog to the month's suppliers (in place): the saved tipo de operación, and a generic-RFC supplier
 * with país and ID fiscal becomes a tipo 05 line (name as saved, jurisdicción only with país ZZZ).
 */
export function applyCatalog(suppliers: Map<string, SupplierTotals>, catalog: Map<string, CatalogEntry>): void {
  for (const [key, t] of suppliers) {
    const c = catalog.get(key);
    if (!c) continue;
    if (isForeignReady(c)) {
      t.tipoTercero = '05';
      t.idFiscal = c.idFiscal;
      t.pais = c.pais;
      t.jurisdiccion = c.pais === 'ZZZ' ? (c.jurisdiccion ?? '') : '';
      t.nombre = c.nombre || t.nombre;
      t.tipoOperacion = c.tipoOperacion && DIOT_OPERACIONES_POR_TERCERO['05']!.includes(c.tipoOperacion) ? c.tipoOperacion : FOREIGN_DEFAULT_OP;
    } else if (c.tipoOperacion && t.tipoTercero === '04' && DIOT_OPERACIONES_POR_TERCERO['04']!.includes(c.tipoOperacion)) {
      t.tipoOperacion = c.tipoOperacion;
    }
  }
}

function view(rfc: string, nombre: string, c: CatalogEntry | undefined, paid?: SupplierTotals): DiotSupplier {
  const extranjero = rfc === FOREIGN_GENERIC_RFC;
  const row = paid ? toRow(paid) : undefined;
  return {
    id: c?.id ?? null, rfc, nombre: c?.nombre || nombre, extranjero,
    // Not saved yet: what the month's CFDIs say (paid.tipoOperacion, inferred in paidSuppliers, issue 24).
    tipoOperacion: c?.tipoOperacion ?? (extranjero ? FOREIGN_DEFAULT_OP : (paid?.tipoOperacion ?? NATIONAL_DEFAULT_OP)), guardado: Boolean(c),
    pais: c?.pais ?? '', idFiscal: c?.idFiscal ?? '', nacionalidad: c?.nacionalidad ?? '', jurisdiccion: c?.jurisdiccion ?? '',
    pagado: row?.stotal ?? '0.00', cfdis: paid?.cfdis ?? 0,
  };
}

/** GET /api/diot/proveedores: the month's paid suppliers (when a month is asked) with their catalog data, then the rest of the catalog. */
export async function listSuppliers(
  db: Db, account: Account, q: { month?: number | undefined; year?: number | undefined },
  paidSuppliers: (db: Db, userId: number, year: number, month: number) => Promise<Map<string, SupplierTotals>>,
): Promise<{ data: DiotSupplier[] }> {
  const catalog = await supplierCatalog(db, account.id);
  const paid = q.month && q.year ? await paidSuppliers(db, account.id, q.year, q.month) : new Map<string, SupplierTotals>();
  const out: DiotSupplier[] = [];
  for (const [key, t] of [...paid].sort(([a], [b]) => a.localeCompare(b))) out.push(view(t.rfc, t.nombre, catalog.get(key), t));
  for (const [key, c] of catalog) if (!paid.has(key)) out.push(view(c.rfc, c.nombre, c));
  return { data: out };
}

/** PUT /api/diot/proveedores: upsert by (tenant, RFC, name key). */
export async function saveSupplier(db: Db, account: Account, b: DiotSupplierBody): Promise<DiotSupplier> {
  const key = nameKey(b.rfc, b.nombre);
  const foreign = b.rfc === FOREIGN_GENERIC_RFC;
  const { rows } = await db.execute(sql`
    INSERT INTO diot_suppliers (user_id, rfc, nombre_key, nombre, tipo_operacion, pais, id_fiscal, nacionalidad, jurisdiccion)
    VALUES (${account.id}, ${b.rfc}, ${key}, ${b.nombre ?? ''}, ${b.tipoOperacion ?? null}, ${foreign ? (b.pais ?? null) : null},
      ${foreign ? (b.idFiscal ?? null) : null}, ${foreign ? (b.nacionalidad ?? null) : null}, ${foreign && b.pais === 'ZZZ' ? (b.jurisdiccion ?? null) : null})
    ON CONFLICT (user_id, rfc, nombre_key) DO UPDATE SET nombre = CASE WHEN EXCLUDED.nombre = '' THEN diot_suppliers.nombre ELSE EXCLUDED.nombre END,
      tipo_operacion = EXCLUDED.tipo_operacion, pais = EXCLUDED.pais, id_fiscal = EXCLUDED.id_fiscal, nacionalidad = EXCLUDED.nacionalidad,
      jurisdiccion = EXCLUDED.jurisdiccion, updated_at = now()
    RETURNING *`);
  const c = entryOf((rows as Row[])[0]!);
  return view(c.rfc, c.nombre, c);
}

export async function deleteSupplier(db: Db, account: Account, id: number): Promise<{ message: string }> {
  const { rows } = await db.execute(sql`DELETE FROM diot_suppliers WHERE user_id = ${account.id} AND id = ${id} RETURNING rfc, nombre`);
  const r = (rows as Row[])[0];
  if (!r) throw notFound('El proveedor no está en tu catálogo de la DIOT');
  return { message: `${String(r.nombre) || String(r.rfc)} salió del catálogo: la DIOT vuelve a sus valores por omisión` };
}
