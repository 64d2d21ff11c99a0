import type { DespachoRow, MemberRole, DESPACHO_SORTS } from '@facturo/contract';
import type { Database } from '../../db/client';
import { mexicoMonth } from '@facturo/cfdi/model';

/** The month the board looks at: the current one in Mexico City (declarations of last month are due by the 17th). */
export function boardPeriod(now = new Date()): { year: number; month: number } {
  return mexicoMonth(now);
}

const DAY_MS = 86_400_000;
const daysUntil = (d: Date | string | null, now: Date) => (d ? Math.floor((new Date(d).getTime() - now.getTime()) / DAY_MS) : null);

interface BoardSqlRow {
  rfc: string; nombre: string | null; rol: MemberRole; plan: string | null; timbres: number | null;
  declaracion_at: string | null; diot_at: string | null; reps: number; cancel_n: number; cancel_deadline: string | null;
  csd_to: string | null; efirma_to: string | null; descarga_at: string | null; descarga_status: string | null;
}

export interface BoardQuery {
  page?: number; perPage?: number; sort?: (typeof DESPACHO_SORTS)[number]; dir?: 'asc' | 'desc';
  q?: string; rol?: MemberRole; pendientes?: boolean;
}

/** Sort expressions by column (whitelisted: never user text in SQL); nulls last either way, RFC breaks ties. */
const SORT_SQL: Record<(typeof DESPACHO_SORTS)[number], string> = {
  rfc: 'acc.rfc', nombre: 'acc.full_name', rol: 'acc.rol', plan: 'p.name', timbres: 'sb.balance',
  declaracion: 'st.at', diot: 'di.at', reps: 'coalesce(rp.n, 0)', cancelaciones: 'coalesce(cr.n, 0)',
  csd: 'fc.csd_to', efirma: 'fc.efirma_to', descarga: 'sd.created_at',
};

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Issue 26 §5: one row per account of the person in one statement: the person's accounts (filtered by name/RFC
 * and role), then each figure as ONE grouped scan over all those accounts (hash joins, not a sub-select per row),
 * then sort, filter on figures and page in the outer select (`count(*) OVER ()` is the total after filtering).
 * Sorting by a figure needs every account's figure, so the page is cut last; the grouped scans use the
 * accounts' (user_id, …) indexes.
 *
 * REPs due (CFF art. 29, RMF 2.7.1.32 / Anexo 20): a PPD income invoice paid in the previous month (its
 * fecha_pago, or a bank deposit of that month accepted for it without a stamped complement: issue 27 §3) with no
 * payment complement dated from that month on: its complement is due by the 5th of this month.
 */
export async function despachoBoard(
  database: Database, personId: number, query: BoardQuery = {}, now = new Date(),
): Promise<{ periodo: { year: number; month: number }; total: number; data: DespachoRow[] }> {
  const { year, month } = boardPeriod(now);
  const prev = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  const prevStart = `${prev.year}-${pad(prev.month)}-01`;
  const thisStart = `${year}-${pad(month)}-01`;
  const repsVence = `${year}-${pad(month)}-05`;
  const page = query.page ?? 1;
  const perPage = query.perPage ?? 200;
  const dir = query.dir === 'desc' ? 'DESC' : 'ASC';
  const order = `${SORT_SQL[query.sort ?? 'rfc']} ${dir} NULLS LAST, acc.rfc ASC`;
  const pending = query.pendientes
    ? `WHERE (st.at IS NULL OR di.at IS NULL OR coalesce(rp.n, 0) > 0 OR coalesce(cr.n, 0) > 0
         OR fc.csd_to < now() + interval '30 days' OR fc.efirma_to < now() + interval '30 days')`
    : '';
  const { rows } = await database.query<BoardSqlRow & { total: number }>(
    `WITH acc AS (
       SELECT u.id, u.rfc, u.full_name, u.plan_id, m.rol FROM memberships m JOIN users u ON u.id = m.user_id
       WHERE m.person_id = $1
         -- a literal substring (strpos, not ILIKE): a typed % or _ is searched for, not a wildcard
         AND ($6::text IS NULL OR strpos(lower(u.rfc), lower($6)) > 0 OR strpos(lower(coalesce(u.full_name, '')), lower($6)) > 0)
         AND ($7::text IS NULL OR m.rol = $7)
     ),
     st AS (SELECT user_id, max(presentada_at) AS at FROM statements WHERE user_id IN (SELECT id FROM acc) AND year = $2 AND month = $3 GROUP BY user_id),
     di AS (SELECT user_id, max(filed_at) AS at FROM diots WHERE user_id IN (SELECT id FROM acc) AND year = $2 AND month = $3 AND status = 2 GROUP BY user_id),
     rp AS (SELECT c.user_id, count(*)::int AS n FROM cfdis c
              WHERE c.user_id IN (SELECT id FROM acc) AND c.direction = 'emitido'
                AND ((c.fecha_pago >= $8::date AND c.fecha_pago < $9::date)
                  -- or paid last month by a deposit accepted in bank reconciliation whose complement is not stamped (issue 27 §3)
                  OR c.uuid IN (SELECT a->>'uuid' FROM bank_movements bm CROSS JOIN LATERAL jsonb_array_elements(bm.conciliacion) a
                                WHERE bm.user_id = c.user_id AND bm.estado = 'conciliado' AND bm.complemento_uuid IS NULL
                                  AND bm.fecha >= $8::date AND bm.fecha < $9::date AND a->>'direction' = 'emitido'))
                AND c.tipo = 'I' AND c.metodo_pago = 'PPD' AND c.estado <> 'cancelada' AND c.cancelled_at IS NULL
                AND NOT EXISTS (SELECT 1 FROM cfdi_payments p WHERE p.user_id = c.user_id AND p.doc_uuid = c.uuid
                                  AND p.direction = 'emitido' AND p.fecha_pago >= $8::date)
              GROUP BY c.user_id),
     cr AS (SELECT user_id, count(*)::int AS n, min(deadline) AS deadline FROM cancellation_requests
              WHERE user_id IN (SELECT id FROM acc) AND status = 'pendiente' GROUP BY user_id),
     fc AS (SELECT user_id, max(valid_to) FILTER (WHERE kind = 'csd') AS csd_to, max(valid_to) FILTER (WHERE kind = 'efirma') AS efirma_to
              FROM fiscal_credentials WHERE user_id IN (SELECT id FROM acc) GROUP BY user_id),
     sd AS (SELECT DISTINCT ON (user_id) user_id, created_at, status FROM sat_downloads WHERE user_id IN (SELECT id FROM acc)
              ORDER BY user_id, created_at DESC)
     SELECT acc.rfc, acc.full_name AS nombre, acc.rol, p.name AS plan, sb.balance AS timbres,
       st.at AS declaracion_at, di.at AS diot_at, coalesce(rp.n, 0) AS reps, coalesce(cr.n, 0) AS cancel_n, cr.deadline AS cancel_deadline,
       fc.csd_to, fc.efirma_to, sd.created_at AS descarga_at, sd.status AS descarga_status, count(*) OVER ()::int AS total
     FROM acc
     LEFT JOIN plans p ON p.id = acc.plan_id
     LEFT JOIN stamp_balances sb ON sb.user_id = acc.id
     LEFT JOIN st ON st.user_id = acc.id LEFT JOIN di ON di.user_id = acc.id LEFT JOIN rp ON rp.user_id = acc.id
     LEFT JOIN cr ON cr.user_id = acc.id LEFT JOIN fc ON fc.user_id = acc.id LEFT JOIN sd ON sd.user_id = acc.id
     ${pending}
     ORDER BY ${order}
     LIMIT $4 OFFSET $5`,
    [personId, prev.year, prev.month, perPage, (page - 1) * perPage, query.q || null, query.rol ?? null, prevStart, thisStart],
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    // An empty page past the end still says how many there are.
    total = page > 1 ? (await despachoBoard(database, personId, { ...query, page: 1, perPage: 1 }, now)).total : 0;
  }
  const data = rows.map((r): DespachoRow => ({
    rfc: r.rfc, nombre: r.nombre ?? r.rfc, rol: r.rol, plan: r.plan, timbres: r.timbres,
    declaracion: { estado: r.declaracion_at ? 'presentada' : 'pendiente', fecha: r.declaracion_at ? new Date(r.declaracion_at).toISOString() : null },
    diot: { estado: r.diot_at ? 'presentada' : 'pendiente', fecha: r.diot_at ? new Date(r.diot_at).toISOString() : null },
    repsPendientes: r.reps,
    repsVence,
    cancelacionesPendientes: r.cancel_n,
    cancelacionHorasRestantes: r.cancel_deadline ? Math.max(0, Math.floor((new Date(r.cancel_deadline).getTime() - now.getTime()) / 3_600_000)) : null,
    csdDias: daysUntil(r.csd_to, now),
    efirmaDias: daysUntil(r.efirma_to, now),
    ultimaDescarga: r.descarga_at ? { fecha: new Date(r.descarga_at).toISOString(), resultado: r.descarga_status ?? '' } : null,
  }));
  return { periodo: { year, month }, total, data };
}
