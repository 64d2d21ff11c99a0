import type { DespachoRow, MemberRole } from '@facturo/contract';
import type { Database } from '../../db/client';

/** The month the board looks at: the current one in Mexico City (declarations of last month are due by the 17th). */
export function boardPeriod(now = new Date()): { year: number; month: number } {
  const local = new Date(now.toLocaleString('en-US', { timeZone: 'America/Mexico_City' }));
  return { year: local.getFullYear(), month: local.getMonth() + 1 };
}

const DAY_MS = 86_400_000;
const daysUntil = (d: Date | string | null, now: Date) => (d ? Math.floor((new Date(d).getTime() - now.getTime()) / DAY_MS) : null);

interface BoardSqlRow {
  rfc: string; nombre: string | null; rol: MemberRole; plan: string | null; timbres: number | null;
  declaracion_at: string | null; diot_at: string | null; reps: number; cancel_n: number; cancel_deadline: string | null;
  csd_to: string | null; efirma_to: string | null; descarga_at: string | null; descarga_status: string | null;
}

/**
 * Issue 26 §5: one row per account of the person, in one query (each figure a correlated sub-select bounded by
 * the account's own indexes), paged, so the board stays fast at hundreds of accounts. The obligations are those
 * due this month: last month's provisional declaration and DIOT.
 */
export async function despachoBoard(
  database: Database, personId: number, page: number, perPage: number, now = new Date(),
): Promise<{ periodo: { year: number; month: number }; total: number; data: DespachoRow[] }> {
  const { year, month } = boardPeriod(now);
  const prev = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  const [{ total }] = (await database.query<{ total: number }>('SELECT count(*)::int AS total FROM memberships WHERE person_id = $1', [personId])).rows as [{ total: number }];
  const { rows } = await database.query<BoardSqlRow>(
    `SELECT u.rfc, u.full_name AS nombre, m.rol, p.name AS plan, sb.balance AS timbres,
       (SELECT max(s.presentada_at) FROM statements s WHERE s.user_id = u.id AND s.year = $2 AND s.month = $3) AS declaracion_at,
       (SELECT max(d.filed_at) FROM diots d WHERE d.user_id = u.id AND d.year = $2 AND d.month = $3 AND d.status = 2) AS diot_at,
       (SELECT count(*)::int FROM cfdis c WHERE c.user_id = u.id AND c.direction = 'emitido' AND c.tipo = 'I' AND c.metodo_pago = 'PPD'
         AND c.saldo > 0 AND c.cancelled_at IS NULL) AS reps,
       (SELECT count(*)::int FROM cancellation_requests r WHERE r.user_id = u.id AND r.status = 'pendiente') AS cancel_n,
       (SELECT min(r.deadline) FROM cancellation_requests r WHERE r.user_id = u.id AND r.status = 'pendiente') AS cancel_deadline,
       (SELECT max(f.valid_to) FROM fiscal_credentials f WHERE f.user_id = u.id AND f.kind = 'csd') AS csd_to,
       (SELECT max(f.valid_to) FROM fiscal_credentials f WHERE f.user_id = u.id AND f.kind = 'efirma') AS efirma_to,
       ld.created_at AS descarga_at, ld.status AS descarga_status
     FROM memberships m
     JOIN users u ON u.id = m.user_id
     LEFT JOIN plans p ON p.id = u.plan_id
     LEFT JOIN stamp_balances sb ON sb.user_id = u.id
     LEFT JOIN LATERAL (SELECT sd.created_at, sd.status FROM sat_downloads sd WHERE sd.user_id = u.id ORDER BY sd.created_at DESC LIMIT 1) ld ON true
     WHERE m.person_id = $1
     ORDER BY u.rfc
     LIMIT $4 OFFSET $5`,
    [personId, prev.year, prev.month, perPage, (page - 1) * perPage],
  );
  const data = rows.map((r): DespachoRow => ({
    rfc: r.rfc, nombre: r.nombre ?? r.rfc, rol: r.rol, plan: r.plan, timbres: r.timbres,
    declaracion: { estado: r.declaracion_at ? 'presentada' : 'pendiente', fecha: r.declaracion_at ? new Date(r.declaracion_at).toISOString() : null },
    diot: { estado: r.diot_at ? 'presentada' : 'pendiente', fecha: r.diot_at ? new Date(r.diot_at).toISOString() : null },
    repsPendientes: r.reps,
    cancelacionesPendientes: r.cancel_n,
    cancelacionHorasRestantes: r.cancel_deadline ? Math.max(0, Math.floor((new Date(r.cancel_deadline).getTime() - now.getTime()) / 3_600_000)) : null,
    csdDias: daysUntil(r.csd_to, now),
    efirmaDias: daysUntil(r.efirma_to, now),
    ultimaDescarga: r.descarga_at ? { fecha: new Date(r.descarga_at).toISOString(), resultado: r.descarga_status ?? '' } : null,
  }));
  return { periodo: { year, month }, total, data };
}
