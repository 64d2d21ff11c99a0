import type PgBoss from 'pg-boss';
import { ProgressReporter } from '../../jobs/progress';
import { attemptOf, QUEUES } from '../../jobs/queue';
import type { JobContext } from '../../jobs/context';
import { AppError } from '../../http/errors';
import { createProcess } from '../background/background.repository';
import { generateMonth } from './generate.service';
import { assertOpen } from './periods.service';

export const ACCOUNTING_TITLE = 'Pólizas contables';

export interface AccountingJobData { processId: string; userId: number; rfc: string; anio: number; mes: number }

/** POST /api/contabilidad/polizas/generar: checks the month is open and enqueues the job; its bar is live. */
export async function startGenerate(ctx: JobContext, account: { id: number; rfc: string }, anio: number, mes: number) {
  await assertOpen(ctx.db, account.id, anio, mes, 'mes');
  const process = await createProcess(ctx.db, { userId: account.id, rfc: account.rfc, type: 'CONTABILIDAD', title: ACCOUNTING_TITLE, message: 'En espera', month: mes, year: anio });
  const data: AccountingJobData = { processId: process.id, userId: account.id, rfc: account.rfc, anio, mes };
  await ctx.boss.send(QUEUES.accountingGenerate, data);
  return { processId: process.id, message: 'Generando las pólizas del mes' };
}

/** Writes the month's pólizas (idempotent: a retry replaces what a killed run wrote, in one transaction). */
export async function runGenerate(ctx: JobContext, data: AccountingJobData, attempt = 1) {
  const progress = new ProgressReporter(ctx.db, ctx.publisher, { id: data.processId, rfc: data.rfc, type: 'CONTABILIDAD', title: ACCOUNTING_TITLE, month: data.mes, year: data.anio }, attempt);
  try {
    const r = await generateMonth(ctx.db, data.userId, data.anio, data.mes, (pct, message) => progress.step(pct, message));
    const warning = r.omitidas.length ? `${r.omitidas.length} documentos no se contabilizaron: ${r.omitidas.slice(0, 5).join('; ')}` : null;
    await progress.succeed(`${r.polizas} pólizas generadas`, { polizas: r.polizas, omitidas: r.omitidas.length }, warning);
    return r;
  } catch (err) {
    if (err instanceof AppError) {
      await progress.fail(err.message);
      return { polizas: 0, omitidas: [] };
    }
    throw err;
  }
}

export async function registerAccountingWorker(boss: PgBoss, ctx: JobContext): Promise<void> {
  await boss.work<AccountingJobData>(QUEUES.accountingGenerate, { pollingIntervalSeconds: 0.5, batchSize: 1, includeMetadata: true }, async ([job]) => {
    const { attempt } = attemptOf(job!);
    await runGenerate(ctx, job!.data, attempt);
  });
}
