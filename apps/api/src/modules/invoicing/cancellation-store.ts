import { and, eq, sql } from 'drizzle-orm';
import { PacError, type CancelMotivo, type CancelResult } from '@facturo/cfdi';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import { cfdiCancellations } from '../cfdis/cfdis.schema';

/**
 * The request side of a cancellation (decision 276, issue 30 §1): no transaction and no row lock is held while the
 * PAC is asked. `claimCancellation` is one short statement that marks the document 'cancelando' (a second request
 * for the same document meanwhile is 409); the PAC is then called with nothing open; `storeCancellation` (inside the
 * caller's short transaction) or `failCancellation` records the answer. A claim older than STALE_CLAIM (a process
 * that died mid-call) can be taken again: the PAC answers a repeated request as "previamente cancelado".
 */
export const STALE_CLAIM_MINUTES = 5;

export type CancelDocumento = 'cfdi' | 'retenciones';

export async function claimCancellation(
  db: Db, userId: number, c: { uuid: string; documento: CancelDocumento; motivo: CancelMotivo; uuidSustitucion?: string | undefined },
): Promise<void> {
  const { rows } = await db.execute(sql`
    INSERT INTO cfdi_cancellations (user_id, uuid, documento, motivo, uuid_sustitucion, status, requested_at)
    VALUES (${userId}, ${c.uuid}, ${c.documento}, ${c.motivo}, ${c.uuidSustitucion ?? null}, 'cancelando', now())
    ON CONFLICT (user_id, uuid) DO UPDATE SET status = 'cancelando', motivo = EXCLUDED.motivo, uuid_sustitucion = EXCLUDED.uuid_sustitucion,
      requested_at = now(), answered_at = NULL, error = NULL
    WHERE cfdi_cancellations.status <> 'cancelando' OR cfdi_cancellations.requested_at < now() - ${sql.raw(`interval '${STALE_CLAIM_MINUTES} minutes'`)}
    RETURNING id`);
  if (rows.length === 0) {
    throw new AppError(409, 'Ya se está solicitando la cancelación de este comprobante; espera la respuesta del SAT', {
      [c.documento === 'cfdi' ? 'pIdPago' : 'uuid']: ['La solicitud de cancelación está en curso'],
    });
  }
}

/** SAT's answer and the PAC's acuse; call inside the short transaction that records the document's new state. */
export async function storeCancellation(tx: Db, userId: number, uuid: string, result: CancelResult): Promise<void> {
  await tx.update(cfdiCancellations).set({
    status: 'solicitada', estatusUuid: result.estatusUUID, estatusCancelacion: result.estatusCancelacion || null,
    acuse: result.acuse ?? null, answeredAt: new Date(),
  }).where(and(eq(cfdiCancellations.userId, userId), eq(cfdiCancellations.uuid, uuid)));
}

/** The PAC refused or could not be reached: the claim is released with the reason (nothing else changed). */
export async function failCancellation(db: Db, userId: number, uuid: string, err: unknown): Promise<void> {
  const reason = err instanceof PacError ? err.issues.map((i) => `${i.code}: ${i.message}`).join('; ') : String((err as Error)?.message ?? err);
  await db.update(cfdiCancellations).set({ status: 'fallida', error: reason.slice(0, 2000), answeredAt: new Date() })
    .where(and(eq(cfdiCancellations.userId, userId), eq(cfdiCancellations.uuid, uuid)));
}

/** Keeps SAT's EstatusCancelacion that a later status query reported (receptor's answer, plazo vencido). */
export async function noteSatCancellationStatus(db: Db, userId: number, uuid: string, estatusCancelacion: string): Promise<void> {
  if (!estatusCancelacion) return;
  await db.update(cfdiCancellations).set({ estatusCancelacion })
    .where(and(eq(cfdiCancellations.userId, userId), eq(cfdiCancellations.uuid, uuid), eq(cfdiCancellations.status, 'solicitada')));
}

/** A PacError as the HTTP answer of a cancellation (503 when the PAC could not be reached, else 422). */
export function pacCancelError(err: PacError): AppError {
  const detail = err.issues.map((i) => `${i.code}: ${i.message}`);
  return new AppError(err.kind === 'unavailable' ? 503 : 422, `El SAT no aceptó la cancelación: ${detail[0] ?? err.message}`, { pac: detail });
}

/**
 * `GET /api/cfdi/{uuid}/acuse-cancelacion`: the PAC's acuse of the tenant's cancellation request of that document
 * (invoice, credit note, payment, payroll receipt or retenciones constancia). 404 while none was received: never
 * asked, refused, or asked of a PAC that gave no acuse.
 */
export async function cancellationAcuse(db: Db, userId: number, uuid: string): Promise<{ uuid: string; acuse: string }> {
  const [row] = await db.select({ uuid: cfdiCancellations.uuid, acuse: cfdiCancellations.acuse, status: cfdiCancellations.status })
    .from(cfdiCancellations).where(and(eq(cfdiCancellations.userId, userId), eq(cfdiCancellations.uuid, uuid.toUpperCase()))).limit(1);
  if (!row || row.status !== 'solicitada') throw notFound('El comprobante no tiene acuse de cancelación: no se ha cancelado ante el SAT');
  if (!row.acuse) throw notFound('El PAC no entregó acuse para la cancelación de este comprobante');
  return { uuid: row.uuid, acuse: row.acuse };
}
