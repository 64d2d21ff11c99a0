import { and, eq } from 'drizzle-orm';
import { parseXml } from '@facturo/cfdi/xml';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { cfdis } from '../cfdis/cfdis.schema';
import { cfdiPdfKey } from '../cfdis/cfdi-store';
import type { InvoicingProviders } from './providers';

export type CfdiRow = typeof cfdis.$inferSelect;

const missing = () => new AppError(404, 'La factura no existe en tus ingresos', { pIdPago: ['La factura no existe en tus ingresos'] });

/** A document the tenant issued, by UUID (another account's or unknown: 404). */
export async function issuedCfdi(db: Db, userId: number, uuid: string): Promise<CfdiRow> {
  const [row] = await db.select().from(cfdis).where(and(eq(cfdis.userId, userId), eq(cfdis.uuid, uuid.toUpperCase()), eq(cfdis.direction, 'emitido')));
  if (!row) throw missing();
  return row;
}

/** The stamped XML byte for byte, as the PAC returned it. */
export async function documentXml(deps: InvoicingProviders, userId: number, uuid: string): Promise<{ row: CfdiRow; xml: Buffer }> {
  const row = await issuedCfdi(deps.db, userId, uuid);
  const xml = await deps.storage.get(row.xmlKey);
  if (!xml) throw new AppError(404, 'El XML de la factura no está en el almacenamiento');
  return { row, xml };
}

/**
 * The PDF: the stored one, or rendered now with the account's current template (documents imported or
 * stamped when the post-commit render failed) and stored for next time.
 */
export async function documentPdf(deps: InvoicingProviders, userId: number, uuid: string): Promise<{ row: CfdiRow; pdf: Uint8Array }> {
  const { row, xml } = await documentXml(deps, userId, uuid);
  const stored = row.pdfKey ? await deps.storage.get(row.pdfKey) : undefined;
  if (stored) return { row, pdf: stored };
  const pdf = await deps.pdfFor(userId, parseXml(xml));
  const key = cfdiPdfKey(userId, row.uuid);
  await deps.storage.put(key, pdf, 'application/pdf');
  await deps.db.update(cfdis).set({ pdfKey: key }).where(and(eq(cfdis.userId, userId), eq(cfdis.id, row.id)));
  return { row, pdf };
}

/** File name the browser saves: RFC_SERIE-FOLIO_UUID.ext. */
export function documentFileName(row: CfdiRow, ext: 'xml' | 'pdf'): string {
  const sf = [row.serie, row.folio].filter(Boolean).join('-');
  return `${row.rfcEmisor}_${sf ? `${sf}_` : ''}${row.uuid}.${ext}`;
}
