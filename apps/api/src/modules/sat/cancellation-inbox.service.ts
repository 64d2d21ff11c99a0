import { and, eq, sql } from 'drizzle-orm';
import { PacError, type PendingCancellation } from '@facturo/cfdi/stamp';
import { CANCEL_MOTIVOS, type CancellationRequest } from '@facturo/contract';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { cfdis } from '../cfdis/cfdis.schema';
import { refreshAfterStateChange } from '../cfdis/cfdi-store';
import type { SatProviders } from './sat-providers';

/** SAT gives the receptor 72 hours to answer; past that the CFDI is cancelled by "plazo vencido". */
export const PLAZO_MS = 72 * 3_600_000;
/** An unanswered request is notified once when less than this is left. */
export const EXPIRY_NOTICE_MS = 24 * 3_600_000;

interface Row {
  id: number; uuid: string; rfc_emisor: string; nombre_emisor: string | null; total: string | null; moneda: string | null; motivo: string | null;
  requested_at: Date | string; deadline: Date | string; status: CancellationRequest['status'];
}

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

function toRequest(r: Row, now: Date): CancellationRequest {
  const deadline = asDate(r.deadline);
  return {
    uuid: r.uuid, rfcEmisor: r.rfc_emisor || null, nombreEmisor: r.nombre_emisor, total: r.total === null ? null : String(r.total).replace(/(\.\d\d)0+$/, '$1'),
    moneda: r.moneda, motivo: r.motivo, motivoTexto: r.motivo ? (CANCEL_MOTIVOS[r.motivo as keyof typeof CANCEL_MOTIVOS] ?? null) : null,
    solicitadaEn: asDate(r.requested_at).toISOString(), plazo: deadline.toISOString(),
    horasRestantes: Math.max(0, Math.floor((deadline.getTime() - now.getTime()) / 3_600_000)), status: r.status,
  };
}

const unavailable = (err: unknown): never => {
  if (err instanceof PacError) {
    throw new AppError(err.kind === 'unavailable' ? 503 : 422, `El PAC no respondió la consulta de solicitudes de cancelación: ${err.issues[0]?.message ?? err.message}`);
  }
  throw err;
};

/**
 * Brings the tenant's inbox up to date with the PAC's pending list: new requests are recorded (with what the
 * received CFDI says when we hold it), a request that came back after a rejection is pending again, and a
 * pending one whose 72 hours passed is marked "vencida". Returns the UUIDs pending now.
 */
export async function syncInbox(deps: SatProviders, account: { id: number; rfc: string }, now = new Date()): Promise<PendingCancellation[]> {
  if (!deps.inbox) return [];
  const db = deps.invoicing.db;
  const pending = await deps.inbox.pendingCancellations(account.rfc).catch(unavailable);
  const { rows } = await db.execute(sql`SELECT id, uuid, status, requested_at FROM cancellation_requests WHERE user_id = ${account.id}`);
  const known = new Map((rows as { id: number; uuid: string; status: string; requested_at: Date | string }[]).map((r) => [r.uuid, r]));
  for (const p of pending) {
    const requestedAt = p.solicitadaEn ? new Date(p.solicitadaEn) : now;
    const deadline = p.plazo ? new Date(p.plazo) : new Date(requestedAt.getTime() + PLAZO_MS);
    const existing = known.get(p.uuid);
    const [doc] = await db.select({ nombre: cfdis.nombreEmisor, rfc: cfdis.rfcEmisor, total: cfdis.total, moneda: cfdis.moneda }).from(cfdis)
      .where(and(eq(cfdis.userId, account.id), eq(cfdis.uuid, p.uuid), eq(cfdis.direction, 'recibido'))).limit(1);
    const rfcEmisor = p.rfcEmisor ?? doc?.rfc ?? '';
    const total = p.total ?? doc?.total ?? null;
    const moneda = p.moneda ?? doc?.moneda ?? null;
    if (!existing) {
      await db.execute(sql`INSERT INTO cancellation_requests (user_id, uuid, rfc_emisor, nombre_emisor, total, moneda, motivo, requested_at, deadline)
        VALUES (${account.id}, ${p.uuid}, ${rfcEmisor}, ${doc?.nombre ?? null}, ${total}, ${moneda}, ${p.motivo ?? null}, ${requestedAt.toISOString()}, ${deadline.toISOString()})
        ON CONFLICT (user_id, uuid) DO NOTHING`);
    } else if (existing.status !== 'pendiente' && p.solicitadaEn && asDate(existing.requested_at).getTime() !== requestedAt.getTime()) {
      // A new request for a document whose earlier one was answered.
      await db.execute(sql`UPDATE cancellation_requests SET status = 'pendiente', answered_at = NULL, expiry_notified = false,
        requested_at = ${requestedAt.toISOString()}, deadline = ${deadline.toISOString()}, motivo = ${p.motivo ?? null} WHERE id = ${existing.id}`);
    }
  }
  const pendingIds = pending.map((p) => p.uuid);
  await db.execute(sql`UPDATE cancellation_requests SET status = 'vencida' WHERE user_id = ${account.id} AND status = 'pendiente'
    AND deadline <= ${now.toISOString()}${pendingIds.length ? sql` AND uuid NOT IN (${sql.join(pendingIds.map((u) => sql`${u}`), sql`, `)})` : sql``}`);
  return pending;
}

/** `GET /api/cancelaciones/solicitudes`: what waits for the tenant's answer now, nearest deadline first. */
export async function listCancellationRequests(deps: SatProviders, account: { id: number; rfc: string }, now = new Date()): Promise<{ data: CancellationRequest[] }> {
  const pending = await syncInbox(deps, account, now);
  if (pending.length === 0) return { data: [] };
  const { rows } = await deps.invoicing.db.execute(sql`SELECT * FROM cancellation_requests WHERE user_id = ${account.id} AND status = 'pendiente'
    AND uuid IN (${sql.join(pending.map((p) => sql`${p.uuid}`), sql`, `)}) ORDER BY deadline, id`);
  return { data: (rows as unknown as Row[]).map((r) => toRequest(r, now)) };
}

/**
 * `POST /api/cancelaciones/solicitudes/:uuid`: the tenant's answer through the PAC. Only a request pending for
 * this tenant can be answered (another account's or an unknown UUID: 404). Accepting cancels the received CFDI.
 */
export async function answerCancellationRequest(
  deps: SatProviders, account: { id: number; rfc: string }, uuid: string, respuesta: 'aceptar' | 'rechazar', now = new Date(),
): Promise<{ message: string; request: CancellationRequest }> {
  if (!deps.inbox) throw new AppError(501, 'El PAC configurado no permite responder solicitudes de cancelación');
  const id = uuid.toUpperCase();
  const pending = await syncInbox(deps, account, now);
  const db = deps.invoicing.db;
  const { rows } = await db.execute(sql`SELECT * FROM cancellation_requests WHERE user_id = ${account.id} AND uuid = ${id} AND status = 'pendiente'`);
  const row = rows[0] as unknown as Row | undefined;
  if (!row || !pending.some((p) => p.uuid === id)) throw notFound('No tienes una solicitud de cancelación pendiente para ese UUID');
  try {
    await deps.inbox.answerCancellation(account.rfc, id, respuesta === 'aceptar' ? 'Aceptacion' : 'Rechazo');
  } catch (err) {
    if (err instanceof PacError) {
      throw new AppError(err.kind === 'unavailable' ? 503 : 422, `El SAT no recibió tu respuesta: ${err.issues[0]?.message ?? err.message}`);
    }
    throw err;
  }
  const status = respuesta === 'aceptar' ? 'aceptada' : 'rechazada';
  await db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE cancellation_requests SET status = ${status}, answered_at = now() WHERE id = ${row.id}`);
    if (status === 'aceptada') {
      const changed = await tx.update(cfdis).set({ estado: 'cancelada', cancelledAt: new Date(), updatedAt: new Date() })
        .where(and(eq(cfdis.userId, account.id), eq(cfdis.uuid, id), eq(cfdis.direction, 'recibido'))).returning({ id: cfdis.id });
      if (changed.length) await refreshAfterStateChange(tx as unknown as Db, account.id, id);
    }
  });
  return {
    message: status === 'aceptada' ? 'Aceptaste la cancelación: el CFDI quedó cancelado ante el SAT' : 'Rechazaste la cancelación: el CFDI sigue vigente',
    request: toRequest({ ...row, status }, now),
  };
}

/** Urgent notification, once, for each pending request with less than 24 h left. Returns how many. */
export async function notifyExpiringRequests(db: Db, now = new Date()): Promise<number> {
  const { rows } = await db.execute(sql`SELECT * FROM cancellation_requests WHERE status = 'pendiente' AND NOT expiry_notified
    AND deadline > ${now.toISOString()} AND deadline <= ${new Date(now.getTime() + EXPIRY_NOTICE_MS).toISOString()}`);
  for (const r of rows as unknown as (Row & { user_id: number })[]) {
    const hours = Math.max(1, Math.floor((asDate(r.deadline).getTime() - now.getTime()) / 3_600_000));
    await db.insert(notifications).values({
      userId: r.user_id, urgent: true, link: '/outcomes?tab=cancelaciones',
      title: 'Solicitud de cancelación por vencer',
      message: `${r.nombre_emisor ?? r.rfc_emisor} pidió cancelar el CFDI ${r.uuid}; te quedan ${hours} h para aceptar o rechazar. Si no respondes, el SAT lo cancelará por plazo vencido.`,
    });
    await db.execute(sql`UPDATE cancellation_requests SET expiry_notified = true WHERE id = ${r.id}`);
  }
  return rows.length;
}
