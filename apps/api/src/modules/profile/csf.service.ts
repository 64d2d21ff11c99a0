import { and, desc, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import type { CsfUploadResponse, Page, PageQuery, TaxCertificate } from '@facturo/contract';
import { activityInputSchema, obligationInputSchema, routePath, routes } from '@facturo/contract';
import type { Db } from '../../db/client';
import { ownedRow } from '../../db/owned-rows';
import { pageRows, toPage } from '../../db/paging';
import type { Account } from '../../http/context';
import type { JobContext } from '../../jobs/context';
import { ProgressReporter } from '../../jobs/progress';
import { createProcess } from '../background/background.repository';
import { fieldError, notFound } from '../../http/errors';
import { extractCsf, NotACsfError } from '../clients/csf-extract';
import { activitiesIn, obligationsIn } from './csf-items';
import type { UserFiles } from './file-store';
import { economicActivities, fiscalObligations, taxStatusCertificates, type TaxCertificateRow } from './profile.schema';
import { toActivity, toObligation } from './items.service';

export const CSF_FIELD = 'file';
export const CSF_MAX_BYTES = 5_000_000;
const MAX_PAGES = 10;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const toCertificate = (r: TaxCertificateRow): TaxCertificate => ({
  id: r.id, rfc: r.rfc, nombre: r.nombre, cp: r.cp, regimenes: r.regimenes, idCIF: r.idCif,
  url: routePath(routes['profile.csfFile'].path, { id: r.id }), created_at: r.createdAt.toISOString(),
});

/** The PDF's text, or a 422 on `file` when it is not a readable PDF. */
async function pdfText(bytes: Buffer): Promise<string> {
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw fieldError(CSF_FIELD, 'La constancia debe ser un archivo PDF');
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    if (pdf.numPages > MAX_PAGES) throw new NotACsfError('El archivo no es una Constancia de Situación Fiscal del SAT');
    return (await extractText(pdf, { mergePages: false })).text.join('\n');
  } catch (err) {
    if (err instanceof NotACsfError) throw fieldError(CSF_FIELD, err.message);
    throw fieldError(CSF_FIELD, 'No se pudo leer el PDF; verifica que no esté dañado ni protegido');
  }
}

/**
 * `POST /api/profile/csf`: reads the tenant's own constancia (another taxpayer's is refused),
 * keeps the PDF and what it says in the history, and replaces the obligations and activities taken
 * from the previous constancia with this one's (manual entries stay).
 */
export async function uploadCsf(db: Db, files: UserFiles, userId: number, rfc: string, pdf: Buffer | undefined): Promise<CsfUploadResponse> {
  if (!pdf) throw fieldError(CSF_FIELD, 'Adjunta el PDF de tu Constancia de Situación Fiscal');
  const text = await pdfText(pdf);
  let csf;
  try {
    csf = extractCsf(text);
  } catch (err) {
    if (err instanceof NotACsfError) throw fieldError(CSF_FIELD, err.message);
    throw err;
  }
  if (csf.rfc !== rfc) throw fieldError(CSF_FIELD, `La constancia es del RFC ${csf.rfc}, no del de tu cuenta (${rfc})`);
  // Rows that would not pass the manual-entry rules are left out rather than stored half-valid.
  const obligations = obligationsIn(text).map((o) => obligationInputSchema.safeParse(o)).flatMap((r) => (r.success ? [r.data] : []));
  const activities = activitiesIn(text).map((a) => activityInputSchema.safeParse(a)).flatMap((r) => (r.success ? [r.data] : []));
  const fileName = await files.save(userId, 'csf', 'pdf', pdf);
  try {
    return await db.transaction(async (tx) => {
      const [certificate] = await tx.insert(taxStatusCertificates).values({
        userId, rfc: csf.rfc, nombre: csf.rSocial.slice(0, 300), cp: csf.cp, regimenes: csf.regimenes, idCif: csf.idCIF, fileName,
      }).returning();
      await tx.delete(fiscalObligations).where(and(eq(fiscalObligations.userId, userId), eq(fiscalObligations.source, 'csf')));
      await tx.delete(economicActivities).where(and(eq(economicActivities.userId, userId), eq(economicActivities.source, 'csf')));
      const obl = obligations.length
        ? await tx.insert(fiscalObligations).values(obligations.map((o) => ({ userId, descripcion: o.descripcion, vencimiento: o.vencimiento, initDate: o.init_date, endDate: o.end_date, source: 'csf' as const }))).returning()
        : [];
      const act = activities.length
        ? await tx.insert(economicActivities).values(activities.map((a) => ({ userId, name: a.name, percentage: a.percentage, initDate: a.init_date, endDate: a.end_date, source: 'csf' as const }))).returning()
        : [];
      return {
        certificate: toCertificate(certificate!), obligations: obl.map(toObligation), activities: act.map(toActivity),
        message: `Constancia registrada: ${plural(obl.length, 'obligación fiscal', 'obligaciones fiscales')} y ${plural(act.length, 'actividad económica', 'actividades económicas')}`,
      };
    });
  } catch (err) {
    await files.remove(userId, fileName).catch(() => undefined);
    throw err;
  }
}

/** Tax-status certificate history, newest first. */
export async function listCsf(db: Db, userId: number, q: PageQuery): Promise<Page<TaxCertificate>> {
  const where = eq(taxStatusCertificates.userId, userId);
  return toPage(await pageRows(db, taxStatusCertificates, where, [desc(taxStatusCertificates.id)], q), q, toCertificate);
}

/** The stored PDF of one of the tenant's certificates. */
export async function readCsfFile(db: Db, files: UserFiles, userId: number, id: number): Promise<Buffer> {
  const [row] = await db.select().from(taxStatusCertificates)
    .where(ownedRow(taxStatusCertificates, userId, id)).limit(1);
  if (!row) throw notFound('La constancia no existe');
  return files.read(userId, row.fileName);
}

/**
 * Records the upload as a finished CSF background process and pushes it on the socket (spec §4: when
 * a CSF finishes, every open profile of the RFC refetches its constancias).
 */
export async function announceCsf(ctx: JobContext, account: Account, result: CsfUploadResponse): Promise<void> {
  const title = 'Constancia de situación fiscal';
  const process = await createProcess(ctx.db, { userId: account.id, rfc: account.rfc, type: 'CSF', title, message: 'Leyendo la constancia' });
  await new ProgressReporter(ctx.db, ctx.publisher, { id: process.id, rfc: account.rfc, type: 'CSF', title })
    .succeed(result.message, { certificateId: result.certificate.id });
}
