import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Mailer } from '../../providers/mail/mailer';
import { fieldError, notFound } from '../../http/errors';
import { cfdis } from '../cfdis/cfdis.schema';
import { refreshAfterStateChange } from '../cfdis/cfdi-store';

/**
 * Outcomes-only actions (the lists, stats and CSV are the incomes services with direction 'recibido'):
 * the user's deductibility override, the supplier's cancellation and the request for a missing payment
 * complement. Another account's UUID is never found (404).
 */
async function receivedRow(db: Db, userId: number, uuid: string) {
  const [row] = await db.select().from(cfdis).where(and(eq(cfdis.userId, userId), eq(cfdis.direction, 'recibido'), eq(cfdis.uuid, uuid)));
  if (!row) throw notFound('No encontramos ese gasto');
  return row;
}

/** `deductible` list filter: 1 deductible, 0 not (undecided counts as not). */
export const deductibleWhere = (value: string | undefined) =>
  value === '1' ? sql`c.deducible IS TRUE` : value === '0' ? sql`c.deducible IS NOT TRUE` : undefined;

export async function overrideDeductible(db: Db, userId: number, uuid: string, deducible: boolean, motivo?: string) {
  await receivedRow(db, userId, uuid);
  await db
    .update(cfdis)
    .set({ deducible, deducibleManual: true, deducibleMotivo: motivo?.trim() || (deducible ? 'Marcado como deducible por ti' : 'Marcado como no deducible por ti'), updatedAt: new Date() })
    .where(and(eq(cfdis.userId, userId), eq(cfdis.uuid, uuid)));
  return { msj: deducible ? 'El gasto se marcó como deducible' : 'El gasto se marcó como no deducible', rspns: true };
}

/** The supplier cancelled it at SAT: it stops counting, and what it paid or credited is reopened. */
export async function markCancelledBySupplier(db: Db, userId: number, uuid: string) {
  const row = await receivedRow(db, userId, uuid);
  if (row.estado === 'cancelada') return { msj: 'El gasto ya estaba cancelado', rspns: false };
  await db.transaction(async (tx) => {
    await tx.update(cfdis).set({ estado: 'cancelada', cancelledAt: new Date(), updatedAt: new Date() }).where(and(eq(cfdis.userId, userId), eq(cfdis.id, row.id)));
    await refreshAfterStateChange(tx as unknown as Db, userId, uuid);
  });
  return { msj: 'El gasto se marcó como cancelado por el proveedor', rspns: true };
}

/** E-mails the supplier asking for the payment complement of a PPD expense with an open balance. */
export async function requestComplement(db: Db, mailer: Mailer, account: { id: number; rfc: string }, uuid: string, email?: string) {
  const row = await receivedRow(db, account.id, uuid);
  if (row.metodoPago !== 'PPD') throw fieldError('uuid', 'Solo las facturas PPD llevan complemento de pago');
  if (!email) throw fieldError('email', 'Indica el correo del proveedor para pedirle el complemento de pago');
  const folio = `${row.serie ?? ''}${row.folio ?? ''}` || row.uuid;
  const text = `Hola ${row.nombreEmisor ?? row.rfcEmisor}:\n\n${account.rfc} te solicita el complemento de pago (CFDI tipo P, Pagos 2.0) de la factura ${folio} (UUID ${row.uuid}), emitida el ${row.fecha.slice(0, 10)} por ${row.total} ${row.moneda}.\n\nGracias.`;
  await mailer.send({ to: email, subject: `Solicitud de complemento de pago de la factura ${folio}`, text, html: text.replace(/\n/g, '<br>') });
  return { msj: `Se envió la solicitud a ${email}`, rspns: true };
}
