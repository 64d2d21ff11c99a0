import type PgBoss from 'pg-boss';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { SAT_DOWNLOAD_TITLE, type ImportRejection } from '@facturo/contract';
import type { Db } from '../../db/client';
import { fiscalCredentials, users } from '../../db/schema';
import { invoicingProviders } from '../invoicing/providers';
import { raiseReceivedCfdis, type ReceivedCfdi } from '../webhooks/webhooks.raise';
import { runImport } from '../cfdi-import/import-run';
import { decodeFiles, dayMx, secretPurpose } from '../profile/credential-check';
import { satDownloads, type SatDownloadRow } from './sat-downloads.schema';
import { EFIRMA_CODES, SatDownloadError, satDownloadService, type EfirmaFiles, type SatDownloadSession } from '../../providers/sat/descarga';
import { ProgressReporter } from '../../jobs/progress';
import { attemptOf, QUEUES } from '../../jobs/queue';
import type { JobContext } from '../../jobs/context';

export interface SatDownloadJobData {
  downloadId: string;
}

/** SAT's limits: the download ends with a Spanish warning, not a failure (issue 15 §1, spec §4). */
export const LIMIT_WARNINGS: Record<number, string> = {
  5002: 'El SAT ya no acepta más solicitudes con los mismos datos (límite de por vida: dos por periodo). Los CFDI de ese periodo ya se descargaron antes',
  5003: 'La solicitud supera el tope máximo de CFDI que el SAT entrega en una sola descarga: pide un periodo más corto',
  5005: 'Ya hay una solicitud igual en proceso en el SAT: espera a que termine antes de pedirla de nuevo',
  5008: 'El SAT alcanzó el máximo de descargas permitidas de ese paquete',
};

/** SAT unreachable this many times in a row: the download fails with a clear message. */
export const MAX_UNAVAILABLE_TRIES = 5;
/** Verifications before giving up (SAT keeps a solicitud 72 h; with the capped backoff this is well past it). */
export const MAX_VERIFICATIONS = 500;

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const periodText = (row: SatDownloadRow) => `${row.tipo} de ${MONTHS[row.month - 1]} ${row.year}`;
const rejectedCount = (row: Pick<SatDownloadRow, 'rejections' | 'duplicated'>) => row.rejections.length - row.duplicated;

/** The state the progress messages carry in `data` (what GET /api/sat/descargas/:id answers). */
function stateOf(row: SatDownloadRow) {
  return {
    downloadId: row.id, tipo: row.tipo, status: row.status, total: row.total, imported: row.imported,
    duplicated: row.duplicated, rejected: rejectedCount(row), warning: row.warning,
  };
}

export function downloadSummary(row: Pick<SatDownloadRow, 'total' | 'imported' | 'duplicated' | 'rejections'>): string {
  return `Descarga terminada: ${row.imported} importados, ${row.duplicated} duplicados, ${rejectedCount(row as SatDownloadRow)} rechazados de ${row.total}`;
}

/** The account's valid e.firma on file, opened (its secret never leaves the job). */
async function efirmaOf(ctx: JobContext, userId: number): Promise<{ files: EfirmaFiles; validTo: Date | null } | undefined> {
  const [row] = await ctx.db.select().from(fiscalCredentials)
    .where(and(eq(fiscalCredentials.userId, userId), eq(fiscalCredentials.kind, 'efirma'), eq(fiscalCredentials.status, 'valid')))
    .orderBy(desc(fiscalCredentials.id)).limit(1);
  if (!row) return undefined;
  return { files: decodeFiles(ctx.secrets.open(row.secret, secretPurpose('efirma'))), validTo: row.validTo };
}

async function save(db: Db, id: string, values: Partial<SatDownloadRow>): Promise<SatDownloadRow> {
  const [row] = await db.update(satDownloads).set({ ...values, updatedAt: new Date() }).where(eq(satDownloads.id, id)).returning();
  return row!;
}

const backoff = (ctx: JobContext, n: number) => {
  const { pollMs, pollMaxMs } = ctx.config.satDownload;
  return Math.min(pollMaxMs, pollMs * 2 ** Math.max(0, n - 1));
};
const seconds = (ms: number) => (ms < 1000 ? 'un momento' : `${Math.round(ms / 1000)} s`);

/**
 * One run of a download: it does what the row says is next (request → verify → download) and records each
 * step as it finishes, so a run cut short by a restart is resumed by the next from the last recorded step
 * (never a second solicitud once SAT gave an id, never a package imported twice once recorded). While SAT is
 * preparing the packages, or unreachable, the run schedules the next one with a growing wait and ends.
 */
export async function runSatDownloadJob(ctx: JobContext, data: SatDownloadJobData, attempt = 1): Promise<void> {
  // One run per download at a time in this process: a follow-up and a start-up resume of the same download
  // may both be queued; the second finds the first at work and leaves (the first schedules what follows).
  if (inFlight.has(data.downloadId)) return;
  inFlight.add(data.downloadId);
  try {
    await runOnce(ctx, data, attempt);
  } finally {
    inFlight.delete(data.downloadId);
  }
}

const inFlight = new Set<string>();

async function runOnce(ctx: JobContext, data: SatDownloadJobData, attempt: number): Promise<void> {
  const [initial] = await ctx.db.select().from(satDownloads).where(eq(satDownloads.id, data.downloadId)).limit(1);
  if (!initial || initial.status === 'done' || initial.status === 'failed') return;
  let row = initial;
  const progress = new ProgressReporter(ctx.db, ctx.publisher, {
    id: row.processId, rfc: row.rfc, type: 'DOWNLOAD_INVOICES', title: SAT_DOWNLOAD_TITLE, month: row.month, year: row.year,
  }, attempt);

  const fail = async (message: string) => {
    row = await save(ctx.db, row.id, { status: 'failed', message, progress: 100 });
    await progress.fail(message, stateOf(row));
  };
  const finish = async (message: string, warning: string | null = null) => {
    row = await save(ctx.db, row.id, { status: 'done', step: 'done', message, warning, progress: 100 });
    await progress.succeed(message, stateOf(row), warning);
  };
  const later = async (ms: number, message: string, pct: number) => {
    row = await save(ctx.db, row.id, { message, progress: pct });
    await progress.step(pct, message, stateOf(row));
    await ctx.boss.send(QUEUES.satDownload, data, { startAfter: new Date(Date.now() + ms) });
  };

  if (row.status === 'pending') row = await save(ctx.db, row.id, { status: 'running' });
  const efirma = await efirmaOf(ctx, row.userId);
  if (!efirma) return fail('No tienes una e.firma válida registrada: súbela en tu perfil para descargar del SAT');
  if (efirma.validTo && efirma.validTo < new Date()) return fail(`Tu e.firma venció el ${dayMx(efirma.validTo)}: sube una vigente en tu perfil para descargar del SAT`);

  try {
    await progress.step(Math.max(row.progress, 3), 'Autenticando con tu e.firma en el SAT', stateOf(row));
    const session: SatDownloadSession = await satDownloadService(ctx).open(efirma.files, row.rfc);
    if (row.unavailableTries > 0) row = await save(ctx.db, row.id, { unavailableTries: 0 });

    if (row.step === 'request') {
      await progress.step(5, `Solicitando al SAT los CFDI ${periodText(row)}`, stateOf(row));
      const r = await session.request({ tipo: row.tipo, start: row.periodStart, end: row.periodEnd });
      if (r.code === 5000 && r.requestId) {
        row = await save(ctx.db, row.id, { step: 'verify', requestId: r.requestId, message: 'Solicitud aceptada por el SAT', progress: 10 });
      } else if (LIMIT_WARNINGS[r.code]) {
        return finish(`El SAT no aceptó una nueva solicitud (${r.code})`, LIMIT_WARNINGS[r.code]!);
      } else if (EFIRMA_CODES[r.code]) {
        return fail(`${EFIRMA_CODES[r.code]} (código ${r.code})`);
      } else {
        return fail(`El SAT no aceptó la solicitud: ${r.message || 'sin detalle'} (código ${r.code})`);
      }
    }

    if (row.step === 'verify') {
      const v = await session.verify(row.requestId!);
      if (v.code !== 5000) {
        return fail(EFIRMA_CODES[v.code] ? `${EFIRMA_CODES[v.code]} (código ${v.code})` : `El SAT no pudo verificar la solicitud: ${v.message || 'sin detalle'} (código ${v.code})`);
      }
      if (v.estado === 1 || v.estado === 2) {
        const n = row.verifications + 1;
        if (n > MAX_VERIFICATIONS) return fail('El SAT no terminó de preparar la descarga a tiempo; vuelve a pedirla más tarde');
        row = await save(ctx.db, row.id, { verifications: n });
        const wait = backoff(ctx, n);
        const what = v.estado === 1 ? 'aceptó la solicitud' : 'sigue preparando los paquetes';
        return later(wait, `El SAT ${what}; volvemos a preguntar en ${seconds(wait)}`, Math.min(40, 10 + n * 3));
      }
      if (v.estado === 3) {
        row = await save(ctx.db, row.id, {
          step: 'download', packageIds: v.packageIds, numeroCfdis: v.numeroCfdis, verifications: row.verifications + 1,
          message: `El SAT preparó ${v.packageIds.length} ${v.packageIds.length === 1 ? 'paquete' : 'paquetes'} con ${v.numeroCfdis} CFDI`, progress: 45,
        });
      } else if (v.estado === 5 && v.codigoEstado === 5004) {
        return finish(`El SAT no tiene CFDI ${periodText(row)}`);
      } else if (v.estado === 5 && LIMIT_WARNINGS[v.codigoEstado]) {
        return finish(`El SAT rechazó la solicitud (${v.codigoEstado})`, LIMIT_WARNINGS[v.codigoEstado]!);
      } else if (v.estado === 6) {
        return fail('La solicitud venció en el SAT (72 horas) antes de descargarse; vuelve a pedirla');
      } else {
        const estado = v.estado === 4 ? 'reportó un error al procesar' : v.estado === 5 ? 'rechazó' : `respondió el estado ${v.estado} para`;
        return fail(`El SAT ${estado} la solicitud (código ${v.codigoEstado || v.code}); vuelve a pedirla`);
      }
    }

    if (row.step === 'download') {
      const { storage } = invoicingProviders(ctx);
      const [account] = await ctx.db.select({ regimen: users.regimen }).from(users).where(eq(users.id, row.userId)).limit(1);
      const all = row.packageIds;
      for (const pkg of all.filter((p) => !row.packagesDone.includes(p))) {
        const index = row.packagesDone.length;
        const base = 45 + Math.floor((index / all.length) * 50);
        await progress.step(base, `Descargando el paquete ${index + 1} de ${all.length}`, stateOf(row));
        const d = await session.download(pkg);
        const rejections: ImportRejection[] = [...row.rejections];
        const counts = { total: row.total, imported: row.imported, duplicated: row.duplicated };
        if (d.code === 5000 && d.content) {
          const key = `sat-downloads/${row.userId}/${row.id}/${pkg.replace(/[^A-Za-z0-9_-]/g, '')}.zip`;
          await storage.put(key, d.content, 'application/zip');
          const share = 50 / all.length;
          // Each received CFDI stored raises cfdi.received (decision 308); the job has no HTTP hook, so it raises them itself.
          const onReceived = (docs: ReceivedCfdi[]) => raiseReceivedCfdis(ctx, row.userId, docs);
          const state = await runImport(ctx.db, storage, { userId: row.userId, rfc: row.rfc, regimen: account?.regimen ?? null, files: [{ name: `${pkg}.zip`, key }], onReceived },
            (s) => progress.step(base + (s.progress / 100) * share, `Importando el paquete ${index + 1} de ${all.length}: ${s.imported + s.rejected.length} de ${s.total} CFDI`, stateOf(row)));
          counts.total += state.total;
          counts.imported += state.imported;
          counts.duplicated += state.duplicated;
          rejections.push(...state.rejected);
        } else if (LIMIT_WARNINGS[d.code]) {
          return finish(downloadSummary(row), LIMIT_WARNINGS[d.code]!);
        } else {
          rejections.push({ file: `${pkg}.zip`, reason: `El SAT no entregó el paquete: ${d.message || 'sin detalle'} (código ${d.code})` });
        }
        // The package and its counts are recorded together: a restart after this line skips it.
        row = await save(ctx.db, row.id, { ...counts, rejections, packagesDone: [...row.packagesDone, pkg], progress: base + Math.floor(50 / all.length) });
      }
      return finish(downloadSummary(row));
    }
  } catch (err) {
    if (!(err instanceof SatDownloadError)) throw err;
    if (err.kind !== 'unavailable') return fail(err.message);
    const tries = row.unavailableTries + 1;
    if (tries >= MAX_UNAVAILABLE_TRIES) {
      return fail(`${err.message}. Lo intentamos ${tries} veces sin respuesta; vuelve a pedir la descarga más tarde`);
    }
    row = await save(ctx.db, row.id, { unavailableTries: tries });
    const wait = backoff(ctx, tries);
    return later(wait, `El SAT no responde; reintentamos en ${seconds(wait)} (intento ${tries + 1} de ${MAX_UNAVAILABLE_TRIES})`, Math.max(row.progress, 5));
  }
}

export async function registerSatDownloadWorker(boss: PgBoss, ctx: JobContext): Promise<void> {
  // PGlite is one process's database: whatever download is unfinished when it starts was cut short by a
  // restart (its run may sit 'active' in pg-boss until it expires), so it resumes now from its recorded step.
  // On PostgreSQL other workers may be running it; there pg-boss's expiry retries a dead run.
  if (ctx.database.kind === 'pglite') {
    const open = await ctx.db.select({ id: satDownloads.id }).from(satDownloads).where(inArray(satDownloads.status, ['pending', 'running']));
    for (const { id } of open) await boss.send(QUEUES.satDownload, { downloadId: id } satisfies SatDownloadJobData);
  }
  await boss.work<SatDownloadJobData>(QUEUES.satDownload, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) => {
    const { attempt, last } = attemptOf(job as unknown as { retryCount: number; retryLimit: number });
    try {
      await runSatDownloadJob(ctx, job!.data, attempt);
    } catch (err) {
      console.error('[sat-download]', err);
      if (last) {
        const [row] = await ctx.db.select().from(satDownloads).where(eq(satDownloads.id, job!.data.downloadId)).limit(1);
        if (row) {
          const message = 'La descarga del SAT falló por un error inesperado; vuelve a pedirla';
          await save(ctx.db, row.id, { status: 'failed', message, progress: 100 });
          await new ProgressReporter(ctx.db, ctx.publisher, { id: row.processId, rfc: row.rfc, type: 'DOWNLOAD_INVOICES', title: SAT_DOWNLOAD_TITLE, month: row.month, year: row.year })
            .fail(message).catch(() => undefined);
        }
      }
      throw err;
    }
  });
}
