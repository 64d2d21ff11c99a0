import { sql, type SQL } from 'drizzle-orm';
import { RISKY_69B, type BlacklistEntry, type Situacion69B } from '@facturo/contract';
import type { Db } from '../../db/client';
import { fechaPublicacion, type EfosEntry, type EfosListSource } from '../../providers/sat/efos-list';

const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/** `GET /api/blacklist/:rfc`. */
export async function lookupBlacklist(db: Db, rfc: string): Promise<BlacklistEntry> {
  const { rows } = await db.execute(sql`SELECT rfc, nombre, situacion, fecha_presunto, fecha_desvirtuado, fecha_definitivo, fecha_sentencia
    FROM efos_list WHERE rfc = ${rfc.toUpperCase()}`);
  const r = rows[0] as Record<string, unknown> | undefined;
  if (!r) return { rfc: rfc.toUpperCase(), listed: false, situacion: null, fechaPublicacion: null, nombre: null, riesgo: false };
  const situacion = r.situacion as Situacion69B;
  return {
    rfc: String(r.rfc), listed: true, situacion, nombre: String(r.nombre ?? '') || null, riesgo: RISKY_69B.includes(situacion),
    fechaPublicacion: fechaPublicacion({
      situacion, fechaPresunto: isoOrNull(r.fecha_presunto), fechaDesvirtuado: isoOrNull(r.fecha_desvirtuado),
      fechaDefinitivo: isoOrNull(r.fecha_definitivo), fechaSentencia: isoOrNull(r.fecha_sentencia),
    }),
  };
}

/** The RFCs of `rfcs` that are on the list in a risky situation (presunto, definitivo), with it. */
export async function riskyAmong(db: Db, rfcs: string[]): Promise<Map<string, Situacion69B>> {
  const unique = [...new Set(rfcs.map((r) => r.toUpperCase()))];
  if (unique.length === 0) return new Map();
  const { rows } = await db.execute(sql`SELECT rfc, situacion FROM efos_list
    WHERE situacion IN ('Presunto', 'Definitivo') AND rfc IN (${sql.join(unique.map((r) => sql`${r}`), sql`, `)})`);
  return new Map((rows as { rfc: string; situacion: Situacion69B }[]).map((r) => [r.rfc, r.situacion]));
}

/** SQL: the counterparty column (`c.rfc_receptor` / `c.rfc_emisor`) is on the list as presunto or definitivo. */
export const blacklistedSql = (column: SQL): SQL =>
  sql`EXISTS (SELECT 1 FROM efos_list e WHERE e.rfc = ${column} AND e.situacion IN ('Presunto', 'Definitivo'))`;

/**
 * Replaces the list with the source's (one transaction: readers see the old list or the new one). A source
 * that fails or returns nothing leaves the previous list in place.
 */
export async function refreshEfosList(db: Db, source: EfosListSource): Promise<{ rows: number; source: string }> {
  const entries: EfosEntry[] = await source.fetch();
  if (entries.length === 0) throw new Error('El listado 69-B llegó vacío; se conserva el anterior');
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM efos_list`);
    for (let i = 0; i < entries.length; i += 500) {
      const chunk = entries.slice(i, i + 500);
      await tx.execute(sql`INSERT INTO efos_list (rfc, nombre, situacion, fecha_presunto, fecha_desvirtuado, fecha_definitivo, fecha_sentencia) VALUES ${sql.join(
        chunk.map((e) => sql`(${e.rfc}, ${e.nombre}, ${e.situacion}, ${e.fechaPresunto}::date, ${e.fechaDesvirtuado}::date, ${e.fechaDefinitivo}::date, ${e.fechaSentencia}::date)`),
        sql`, `,
      )}`);
    }
    await tx.execute(sql`INSERT INTO efos_refreshes (source, rows) VALUES (${source.kind}, ${entries.length})`);
  });
  return { rows: entries.length, source: source.describe };
}

/** True when the list was never loaded (the first start loads it at once instead of waiting for the schedule). */
export async function efosListEmpty(db: Db): Promise<boolean> {
  const { rows } = await db.execute(sql`SELECT 1 FROM efos_refreshes LIMIT 1`);
  return rows.length === 0;
}
