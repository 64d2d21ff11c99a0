import { and, desc, eq } from 'drizzle-orm';
import { SAT_DOWNLOAD_TITLE, type SatDownload, type SatDownloadStart } from '@facturo/contract';
import { toMexicoCityLocal } from '@facturo/cfdi/stamp';
import type { JobContext } from '../../jobs/context';
import type { Account } from '../../http/context';
import { AppError, badRequest, notFound } from '../../http/errors';
import { fiscalCredentials } from '../../db/schema';
import { QUEUES } from '../../jobs/queue';
import type { SatDownloadJobData } from './sat-download.job';
import { dayMx } from '../profile/credential-check';
import { createProcess } from '../background/background.repository';
import { satDownloads, type SatDownloadRow } from './sat-downloads.schema';

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** SAT keeps six years of CFDI in the descarga masiva. */
export const SAT_DOWNLOAD_YEARS_BACK = 6;

/**
 * The period asked of SAT for a month (local Mexico City time): the whole month, or up to this second for the
 * current one. 422 naming the field for a month still to come or older than SAT keeps.
 */
export function periodOf(q: SatDownloadStart, now = new Date()): { start: string; end: string } {
  const local = toMexicoCityLocal(now);
  const current = local.slice(0, 7);
  const asked = `${q.year}-${pad(q.month)}`;
  if (asked > current) throw badRequest('El periodo aún no llega: elige un mes que ya haya empezado', { month: ['El mes aún no llega'] });
  const oldest = `${Number(local.slice(0, 4)) - SAT_DOWNLOAD_YEARS_BACK}-${local.slice(5, 7)}`;
  if (asked < oldest) {
    throw badRequest(`El SAT solo permite descargar los últimos ${SAT_DOWNLOAD_YEARS_BACK} años`, { year: [`El SAT solo permite descargar los últimos ${SAT_DOWNLOAD_YEARS_BACK} años`] });
  }
  const start = `${asked}-01T00:00:00`;
  const end = asked === current ? local.slice(0, 19) : `${asked}-${pad(lastDay(q.year, q.month))}T23:59:59`;
  return { start, end };
}

export function toDownload(row: SatDownloadRow): SatDownload {
  return {
    id: row.id, tipo: row.tipo, month: row.month, year: row.year, status: row.status, total: row.total, imported: row.imported,
    duplicated: row.duplicated, rejected: row.rejections.length - row.duplicated, rejections: row.rejections, warning: row.warning,
    message: row.message, progress: row.progress, created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * POST /api/sat/descargas: checks there is a valid e.firma on file (409 in Spanish otherwise), opens the
 * DOWNLOAD_INVOICES background process and the download's row, and enqueues the job.
 */
export async function startDownload(
  ctx: JobContext, account: Pick<Account, 'id' | 'rfc'>, body: SatDownloadStart, now = new Date(), opts: { from?: string } = {},
): Promise<{ id: string }> {
  const period = periodOf(body, now);
  // The daily automatic sync asks only from its first day on (local 'YYYY-MM-DDTHH:mm:ss'), not the whole month.
  const start = opts.from && opts.from > period.start ? opts.from : period.start;
  const end = period.end;
  const [efirma] = await ctx.db.select({ validTo: fiscalCredentials.validTo }).from(fiscalCredentials)
    .where(and(eq(fiscalCredentials.userId, account.id), eq(fiscalCredentials.kind, 'efirma'), eq(fiscalCredentials.status, 'valid')))
    .orderBy(desc(fiscalCredentials.id)).limit(1);
  if (!efirma) {
    throw new AppError(409, 'Para descargar del SAT necesitas tu e.firma: súbela en Perfil › e.firma', { efirma: ['No tienes una e.firma válida registrada'] });
  }
  if (efirma.validTo && efirma.validTo < now) {
    throw new AppError(409, `Tu e.firma venció el ${dayMx(efirma.validTo)}: sube una vigente en Perfil › e.firma`, { efirma: ['La e.firma venció'] });
  }
  const id = await ctx.db.transaction(async (tx) => {
    const process = await createProcess(tx, {
      userId: account.id, rfc: account.rfc, type: 'DOWNLOAD_INVOICES', title: SAT_DOWNLOAD_TITLE, message: 'En espera', month: body.month, year: body.year,
    });
    // The download is named by its process's id, so the live messages (jobId) and this API agree.
    const [row] = await tx.insert(satDownloads).values({
      id: process.id, userId: account.id, rfc: account.rfc, processId: process.id, tipo: body.tipo, month: body.month, year: body.year,
      periodStart: start, periodEnd: end, message: 'En espera',
    }).returning({ id: satDownloads.id });
    return row!.id;
  });
  // Enqueued after the commit: the worker may read the row from another connection.
  const data: SatDownloadJobData = { downloadId: id };
  await ctx.boss.send(QUEUES.satDownload, data);
  return { id };
}

export async function listDownloads(ctx: JobContext, account: Account): Promise<{ data: SatDownload[] }> {
  const rows = await ctx.db.select().from(satDownloads).where(eq(satDownloads.userId, account.id)).orderBy(desc(satDownloads.createdAt)).limit(50);
  return { data: rows.map(toDownload) };
}

/** Another account's id answers 404. */
export async function showDownload(ctx: JobContext, account: Account, id: string): Promise<SatDownload> {
  const [row] = await ctx.db.select().from(satDownloads).where(and(eq(satDownloads.userId, account.id), eq(satDownloads.id, id))).limit(1);
  if (!row) throw notFound('No se encontró la descarga');
  return toDownload(row);
}
