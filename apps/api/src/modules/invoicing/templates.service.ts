import { eq } from 'drizzle-orm';
import type { PdfTemplate } from '@facturo/cfdi/pdf';
import type { Db } from '../../db/client';
import { fieldError } from '../../http/errors';
import type { UserFiles } from '../profile/file-store';
import { readAvatar } from '../profile/avatar';
import { invoiceSettings } from './invoicing.schema';

/** The engine's two printed layouts, as GET /api/pdf-templates lists them. */
export const PDF_TEMPLATES: { templateId: PdfTemplate; nombre: string; descripcion: string }[] = [
  { templateId: 'clasico', nombre: 'Clásico', descripcion: 'Encabezado sobrio en gris, tabla de conceptos con líneas, ideal para imprimir' },
  { templateId: 'moderno', nombre: 'Moderno', descripcion: 'Encabezado a color con el logotipo destacado y tablas con franjas' },
];
const DEFAULT_TEMPLATE: PdfTemplate = 'clasico';
const isTemplate = (id: string): id is PdfTemplate => PDF_TEMPLATES.some((t) => t.templateId === id);

export async function userTemplate(db: Db, userId: number): Promise<PdfTemplate> {
  const [row] = await db.select({ t: invoiceSettings.pdfTemplate }).from(invoiceSettings).where(eq(invoiceSettings.userId, userId));
  return row && isTemplate(row.t) ? row.t : DEFAULT_TEMPLATE;
}

export async function setUserTemplate(db: Db, userId: number, templateId: string): Promise<PdfTemplate> {
  if (!isTemplate(templateId)) throw fieldError('pdfTemplateId', `La plantilla "${templateId}" no existe; elige Clásico o Moderno`);
  await db.insert(invoiceSettings).values({ userId, pdfTemplate: templateId })
    .onConflictDoUpdate({ target: invoiceSettings.userId, set: { pdfTemplate: templateId, updatedAt: new Date() } });
  return templateId;
}

/** The account's logo for the PDF: its profile picture when it is PNG or JPEG (what PDF embeds). */
export async function accountLogo(db: Db, files: UserFiles, userId: number): Promise<Uint8Array | undefined> {
  try {
    const avatar = await readAvatar(db, files, userId);
    return avatar.type === 'image/png' || avatar.type === 'image/jpeg' ? avatar.data : undefined;
  } catch {
    return undefined;
  }
}
