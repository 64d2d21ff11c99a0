import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Mailer } from '../../providers/mail/mailer';
import type { OutcomesMonthStats } from '@facturo/contract';
import { parseXml } from '@facturo/cfdi/xml';
import { AppError, fieldError, notFound } from '../../http/errors';
import type { StoragePort } from '../../providers/storage/local-storage';
import { cfdis } from '../cfdis/cfdis.schema';
import { clients } from '../clients/clients.schema';
import { cfdiPdfKey, refreshAfterStateChange, refreshBalances } from '../cfdis/cfdi-store';
import { enablePayment } from '../incomes/cfdi-actions';
import { documentFileName } from '../invoicing/documents.service';
import { owned, periodBounds, type Period } from '../incomes/cfdi-sets';
import { monthStats } from '../incomes/cfdi-stats';
import { renderDocumentPdf } from '../invoicing/document-pdf';
import { userTemplate } from '../invoicing/templates.service';

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

/** Issue 24 §7: the activities a received expense was used in (decision 274); null puts it back under the proportion. */
export async function setIvaUso(db: Db, userId: number, uuid: string, ivaUso: 'gravadas' | 'exentas' | null) {
  await receivedRow(db, userId, uuid);
  await db.update(cfdis).set({ ivaUso, updatedAt: new Date() }).where(and(eq(cfdis.userId, userId), eq(cfdis.direction, 'recibido'), eq(cfdis.uuid, uuid)));
  const msj = ivaUso === 'gravadas' ? 'El gasto se usa solo en actividades gravadas: su IVA se acredita completo'
    : ivaUso === 'exentas' ? 'El gasto se usa solo en actividades exentas: su IVA no es acreditable'
      : 'El gasto se usa en actividades gravadas y exentas: su IVA se acredita en la proporción del mes';
  return { msj, rspns: true };
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

/**
 * The month's cards of the received side: the incomes figures (cfdi-stats over direction 'recibido') plus the
 * deductible split of the month's expenses (tipo I issued in the month, vigente and counted), in MXN.
 */
export async function outcomesMonthStats(db: Db, userId: number, period: Period): Promise<OutcomesMonthStats> {
  const base = await monthStats(db, userId, 'recibido', period);
  const b = periodBounds(period);
  const { rows } = await db.execute(sql`SELECT
      count(*) FILTER (WHERE c.deducible IS TRUE)::int AS d_n, round(coalesce(sum(c.total * c.tipo_cambio) FILTER (WHERE c.deducible IS TRUE), 0), 2)::text AS d_t,
      count(*) FILTER (WHERE c.deducible IS NOT TRUE)::int AS n_n, round(coalesce(sum(c.total * c.tipo_cambio) FILTER (WHERE c.deducible IS NOT TRUE), 0), 2)::text AS n_t
    FROM cfdis c WHERE ${owned(userId, 'recibido')} AND c.fecha >= ${b.start}::timestamp AND c.fecha < ${b.end}::timestamp
      AND c.tipo = 'I' AND c.estado <> 'cancelada' AND NOT c.not_count`);
  const r = rows[0] as { d_n: number; d_t: string; n_n: number; n_t: string };
  return { ...base, deducibles: { count: Number(r.d_n), total: r.d_t }, nodeducibles: { count: Number(r.n_n), total: r.n_t } };
}

/**
 * "Marcar como pagado" (fpago set: the incomes enable-payment over the received side) or "no pagado"
 * (fpago empty): the balance reopens so accounts payable lists it again. A PPD expense goes back to what its
 * payment complements say; a PUE one stays open by hand (pago_manual) until marked paid again.
 */
export async function setOutcomePaid(db: Db, userId: number, uuid: string, fpago: string) {
  if (fpago) return enablePayment(db, userId, 'recibido', uuid, fpago);
  const row = await receivedRow(db, userId, uuid);
  if (row.tipo !== 'I') throw new AppError(422, 'Solo una factura de gasto se puede marcar como no pagada', { pIdPago: ['Solo una factura de gasto se puede marcar como no pagada'] });
  if (row.estado === 'cancelada') throw new AppError(422, 'El gasto está cancelado', { pIdPago: ['El gasto está cancelado'] });
  await db.transaction(async (tx) => {
    const ppd = row.metodoPago === 'PPD';
    await tx
      .update(cfdis)
      .set({ saldo: row.total, fechaPago: null, pagoManual: !ppd, updatedAt: new Date() })
      .where(and(eq(cfdis.userId, userId), eq(cfdis.id, row.id)));
    if (ppd) await refreshBalances(tx as unknown as Db, userId, [row.uuid]);
  });
  return { msj: 'El gasto se marcó como no pagado: vuelve a cuentas por pagar', rspns: true };
}

/** The received XML byte for byte as it was imported. */
export async function receivedXml(db: Db, storage: StoragePort, userId: number, uuid: string) {
  const row = await receivedRow(db, userId, uuid);
  const xml = await storage.get(row.xmlKey);
  if (!xml) throw notFound('El XML del gasto no está en el almacenamiento');
  return { row, xml };
}

/**
 * The printed representation of a received CFDI with the account's template, rendered once and stored. The
 * account's logo is not printed: the document is the supplier's, not the account's.
 */
export async function receivedPdf(db: Db, storage: StoragePort, userId: number, uuid: string) {
  const { row, xml } = await receivedXml(db, storage, userId, uuid);
  const stored = row.pdfKey ? await storage.get(row.pdfKey) : undefined;
  if (stored) return { row, pdf: stored };
  const pdf = await renderDocumentPdf(parseXml(xml), await userTemplate(db, userId));
  const key = cfdiPdfKey(userId, row.uuid);
  await storage.put(key, pdf, 'application/pdf');
  await db.update(cfdis).set({ pdfKey: key }).where(and(eq(cfdis.userId, userId), eq(cfdis.id, row.id)));
  return { row, pdf };
}

/**
 * GET /api/outcomes/client-email: the supplier's addresses, from the customers catalogue by the issuer's RFC
 * (the same catalogue and answer as the incomes call), and the supplier's name.
 */
export async function supplierEmail(db: Db, userId: number, uuid: string): Promise<{ email: string[]; cliente: string }> {
  const row = await receivedRow(db, userId, uuid);
  const [client] = await db.select({ emails: clients.emails, rSocial: clients.rSocial }).from(clients)
    .where(and(eq(clients.userId, userId), eq(clients.rfc, row.rfcEmisor))).limit(1);
  return { email: client?.emails ?? [], cliente: client?.rSocial ?? row.nombreEmisor ?? row.rfcEmisor };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * POST /api/outcomes/send-email: the received XML (byte for byte) and/or its PDF as attachments, e.g. to the
 * accountant. Answers as the incomes call: a mail transport failure is `rspns: false` with the reason.
 */
export async function sendReceivedEmail(
  db: Db, storage: StoragePort, mailer: Mailer, userId: number,
  input: { pEmail: string; pXml: boolean; pPdf: boolean; pIdPago: string },
): Promise<{ msj: string; rspns: boolean }> {
  const { row, xml } = await receivedXml(db, storage, userId, input.pIdPago);
  const attachments = [];
  if (input.pXml) attachments.push({ filename: documentFileName(row, 'xml'), contentType: 'application/xml', content: xml });
  if (input.pPdf) attachments.push({ filename: documentFileName(row, 'pdf'), contentType: 'application/pdf', content: Buffer.from((await receivedPdf(db, storage, userId, row.uuid)).pdf) });
  if (!attachments.length) return { msj: 'Elige al menos un archivo (XML o PDF) para enviar', rspns: false };
  const sf = [row.serie, row.folio].filter(Boolean).join('-');
  const emisor = row.nombreEmisor ?? row.rfcEmisor;
  const receptor = row.nombreReceptor ?? row.rfcReceptor;
  const text = `Hola:\n\nTe comparto la factura ${sf ? `${sf} ` : ''}(UUID ${row.uuid}) que ${emisor} emitió a ${receptor} el ${row.fecha.slice(0, 10)} por ${row.total.replace(/(\.\d{2})\d*$/, '$1')} ${row.moneda}.\nEncontrarás adjuntos el XML y la representación impresa en PDF.\n\nFacturo`;
  try {
    await mailer.send({
      to: input.pEmail,
      subject: `Factura ${sf ? `${sf} ` : ''}de ${emisor}`,
      text,
      html: `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`,
      attachments,
    });
  } catch (err) {
    return { msj: `No se pudo enviar el correo: ${(err as Error).message}`, rspns: false };
  }
  return { msj: `Se envió la factura a ${input.pEmail}`, rspns: true };
}
