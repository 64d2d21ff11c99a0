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
 * Issue 26 §5: one row per account of the person, in one query (the page of accounts, then one grouped scan per
 * figure over those accounts), paged, so the board stays fast at hundreds of accounts. The obligations are those
 * due this month: last month's provisional declaration and DIOT.
 */
export async function despachoBoard(
  database: Database, personId: number, page: number, perPage: number, now = new Date(),
): Promise<{ periodo: { year: number; month: number }; total: number; data: DespachoRow[] }> {
  const { year, month } = boardPeriod(now);
  const prev = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  const [{ total }] = (await database.query<{ total: number }>('SELECT count(*)::int AS total FROM memberships WHERE person_id = $1', [personId])).rows as [{ total: number }];
  // The page of accounts first, then each figure as one grouped scan over just those accounts (hash joins),
  // rather than a sub-select per row and figure.
  const { rows } = await database.query<BoardSqlRow>(
    `WITH acc AS (
       SELECT u.id, u.rfc, u.full_name, u.plan_id, m.rol FROM memberships m JOIN users u ON u.id = m.user_id
       WHERE m.person_id = $1 ORDER BY u.rfc LIMIT $4 OFFSET $5
     ),
     st AS (SELECT user_id, max(presentada_at) AS at FROM statements WHERE user_id IN (SELECT id FROM acc) AND year = $2 AND month = $3 GROUP BY user_id),
     di AS (SELECT user_id, max(filed_at) AS at FROM diots WHERE user_id IN (SELECT id FROM acc) AND year = $2 AND month = $3 AND status = 2 GROUP BY user_id),
     rp AS (SELECT user_id, count(*)::int AS n FROM cfdis WHERE user_id IN (SELECT id FROM acc) AND direction = 'emitido' AND tipo = 'I'
              AND metodo_pago = 'PPD' AND saldo > 0 AND cancelled_at IS NULL GROUP BY user_id),
     cr AS (SELECT user_id, count(*)::int AS n, min(deadline) AS deadline FROM cancellation_requests
              WHERE user_id IN (SELECT id FROM acc) AND status = 'pendiente' GROUP BY user_id),
     fc AS (SELECT user_id, max(valid_to) FILTER (WHERE kind = 'csd') AS csd_to, max(valid_to) FILTER (WHERE kind = 'efirma') AS efirma_to
              FROM fiscal_credentials WHERE user_id IN (SELECT id FROM acc) GROUP BY user_id),
     sd AS (SELECT DISTINCT ON (user_id) user_id, created_at, status FROM sat_downloads WHERE user_id IN (SELECT id FROM acc)
              ORDER BY user_id, created_at DESC)
     SELECT acc.rfc, acc.full_name AS nombre, acc.rol, p.name AS plan, sb.balance AS timbres,
       st.at AS declaracion_at, di.at AS diot_at, coalesce(rp.n, 0) AS reps, coalesce(cr.n, 0) AS cancel_n, cr.deadline AS cancel_deadline,
       fc.csd_to, fc.efirma_to, sd.created_at AS descarga_at, sd.status AS descarga_status
     FROM acc
     LEFT JOIN plans p ON p.id = acc.plan_id
     LEFT JOIN stamp_balances sb ON sb.user_id = acc.id
     LEFT JOIN st ON st.user_id = acc.id LEFT JOIN di ON di.user_id = acc.id LEFT JOIN rp ON rp.user_id = acc.id
     LEFT JOIN cr ON cr.user_id = acc.id LEFT JOIN fc ON fc.user_id = acc.id LEFT JOIN sd ON sd.user_id = acc.id
     ORDER BY acc.rfc`,
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
