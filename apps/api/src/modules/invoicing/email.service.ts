import { and, eq } from 'drizzle-orm';
import { clients } from '../clients/clients.schema';
import type { Db } from '../../db/client';
import { documentFileName, documentPdf, documentXml, issuedCfdi } from './documents.service';
import type { InvoicingProviders } from './providers';

/** GET /api/incomes/client-email: the customer's addresses (from the catalogue when the invoice names one). */
export async function clientEmail(db: Db, userId: number, uuid: string): Promise<{ email: string[]; cliente: string }> {
  const row = await issuedCfdi(db, userId, uuid);
  const where = row.clientId
    ? and(eq(clients.userId, userId), eq(clients.id, row.clientId))
    : and(eq(clients.userId, userId), eq(clients.rfc, row.rfcReceptor));
  const [client] = await db.select({ emails: clients.emails, rSocial: clients.rSocial }).from(clients).where(where).limit(1);
  return { email: client?.emails ?? [], cliente: client?.rSocial ?? row.nombreReceptor ?? row.rfcReceptor };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * POST /api/incomes/send-email: the XML and/or PDF as attachments through the mail port. Answers the
 * §8 alert shape; a mail transport failure is `rspns: false` with the reason, not a 500.
 */
export async function sendInvoiceEmail(
  deps: InvoicingProviders,
  userId: number,
  input: { pEmail: string; pXml: boolean; pPdf: boolean; pIdPago: string },
): Promise<{ msj: string; rspns: boolean }> {
  const { row, xml } = await documentXml(deps, userId, input.pIdPago);
  const attachments = [];
  if (input.pXml) attachments.push({ filename: documentFileName(row, 'xml'), contentType: 'application/xml', content: xml });
  if (input.pPdf) attachments.push({ filename: documentFileName(row, 'pdf'), contentType: 'application/pdf', content: (await documentPdf(deps, userId, row.uuid)).pdf });
  if (!attachments.length) return { msj: 'Elige al menos un archivo (XML o PDF) para enviar', rspns: false };
  const sf = [row.serie, row.folio].filter(Boolean).join('-');
  const emisor = row.nombreEmisor ?? row.rfcEmisor;
  const text = `Hola:\n\n${emisor} te envía la factura ${sf} (UUID ${row.uuid}) por ${row.total.replace(/(\.\d{2})\d*$/, '$1')} ${row.moneda}.\nEncontrarás adjuntos el XML y la representación impresa en PDF.\n\nFacturo`;
  try {
    await deps.mailer.send({
      to: input.pEmail,
      subject: `Factura ${sf} de ${emisor}`,
      text,
      html: `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`,
      attachments,
    });
  } catch (err) {
    return { msj: `No se pudo enviar el correo: ${(err as Error).message}`, rspns: false };
  }
  return { msj: `Se enviaron las facturas a ${input.pEmail}`, rspns: true };
}
