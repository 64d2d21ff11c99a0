import { sql } from 'drizzle-orm';
import { toCents } from '@facturo/cfdi/money';
import type { Db } from '../../db/client';
import type { OpenCfdi } from './domain/matching';

/**
 * The CFDI a bank movement may pay, with what is still open of each (issue 27 §2):
 * - issued ingresos PPD with saldo insoluto (minus what accepted, not yet complemented bank matches promise);
 * - issued ingresos PUE not yet matched to a deposit (a PUE is recorded as paid at issue, saldo 0, so "unpaid"
 *   here means "no bank movement accounts for it yet": its total is what the deposit should bring);
 * - received ingresos (PUE by their total, PPD by their saldo) not yet matched to a withdrawal.
 * Cancelled CFDI never. One query per direction; the matching engine indexes the result.
 */
export interface OpenRow extends OpenCfdi {
  total: string;
  saldo: string;
}

const ALLOCATED = (userId: number) => sql`(
  SELECT (a->>'uuid') AS uuid, sum((a->>'importe')::numeric) AS importe, bool_or(m.complemento_uuid IS NULL) AS pendiente
  FROM bank_movements m, jsonb_array_elements(m.conciliacion) a
  WHERE m.user_id = ${userId} AND m.estado = 'conciliado'
  GROUP BY 1)`;

export async function openCfdis(db: Db, userId: number, opts: { direction?: 'emitido' | 'recibido'; uuids?: string[]; search?: string; limit?: number } = {}): Promise<OpenRow[]> {
  const filters = [sql`c.user_id = ${userId}`, sql`c.tipo = 'I'`, sql`c.estado <> 'cancelada'`];
  if (opts.direction) filters.push(sql`c.direction = ${opts.direction}`);
  if (opts.uuids) filters.push(opts.uuids.length ? sql`c.uuid IN (${sql.join(opts.uuids.map((u) => sql`${u}`), sql`, `)})` : sql`false`);
  if (opts.search) {
    const like = `%${opts.search.toLowerCase()}%`;
    filters.push(sql`(lower(coalesce(c.serie,'') || coalesce(c.folio,'')) LIKE ${like} OR lower(c.uuid) LIKE ${like}
      OR lower(coalesce(c.nombre_receptor,'')) LIKE ${like} OR lower(coalesce(c.nombre_emisor,'')) LIKE ${like}
      OR lower(c.rfc_receptor) LIKE ${like} OR lower(c.rfc_emisor) LIKE ${like})`);
  }
  // PPD: the ledger's saldo less what accepted bank matches still owe a complement for (a complement stamped
  // lowers the saldo itself). PUE and received: the total less everything bank matches already took.
  const { rows } = await db.execute(sql`
    WITH alloc AS ${ALLOCATED(userId)}
    SELECT c.uuid, c.direction, c.serie, c.folio, to_char(c.fecha, 'YYYY-MM-DD') AS fecha, c.moneda, c.metodo_pago,
      c.tipo_cambio::text AS tipo_cambio, c.total::text AS total,
      CASE WHEN c.direction = 'emitido' THEN c.rfc_receptor ELSE c.rfc_emisor END AS rfc,
      CASE WHEN c.direction = 'emitido' THEN c.nombre_receptor ELSE c.nombre_emisor END AS nombre,
      (CASE WHEN c.direction = 'emitido' AND c.metodo_pago = 'PPD'
        THEN c.saldo - coalesce((SELECT a.importe FROM alloc a WHERE a.uuid = c.uuid AND a.pendiente), 0)
        ELSE c.total - coalesce((SELECT a.importe FROM alloc a WHERE a.uuid = c.uuid), 0) END)::numeric(24,2)::text AS saldo
    FROM cfdis c
    WHERE ${sql.join(filters, sql` AND `)}
    ORDER BY c.fecha DESC
    ${opts.limit ? sql`LIMIT ${opts.limit}` : sql``}`);
  return (rows as Record<string, string | null>[]).map((r) => {
    const saldo = String(r.saldo);
    return {
      uuid: String(r.uuid), direction: r.direction as 'emitido' | 'recibido', rfc: String(r.rfc ?? ''), nombre: r.nombre, serie: r.serie, folio: r.folio,
      fecha: String(r.fecha), moneda: String(r.moneda), metodoPago: r.metodo_pago, saldoCents: toCents(saldo),
      total: String(r.total), saldo, tipoCambio: Number(r.tipo_cambio ?? '1'),
    };
  }).filter((r) => opts.uuids || r.saldoCents > 0);
}

