import type PgBoss from 'pg-boss';
import type { BulkEntity, BulkJobState } from '@facturo/contract';
import { ProgressReporter } from '../../jobs/progress';
import { QUEUES, workOneAtATime } from '../../jobs/queue';
import type { JobContext } from '../../jobs/context';
import { invoicingProviders } from '../invoicing/providers';
import { writeRows } from './bulk.repository';

export interface BulkImportJobData {
  processId: string;
  userId: number;
  rfc: string;
  entity: BulkEntity;
  /** Storage key of the uploaded file. */
  key: string;
}

export const BULK_IMPORT_TITLE: Record<BulkEntity, string> = {
  clientes: 'Importación de clientes',
  productos: 'Importación de productos',
  empleados: 'Importación de empleados',
};

/** Rows per transaction: short enough that PGlite's one connection serves the app between batches. */
const BATCH = 250;

const reporter = (ctx: JobContext, data: BulkImportJobData, attempt = 1) =>
  new ProgressReporter(ctx.db, ctx.publisher, { id: data.processId, rfc: data.rfc, type: 'BULK_IMPORT', title: BULK_IMPORT_TITLE[data.entity] }, attempt);

/**
 * Issue 29 §1: a confirmed import of more than BULK_SYNC_LIMIT rows. The stored upload is judged again (the account
 * may have changed since the preview) and its valid rows upserted in batches, each its own transaction, with progress
 * pushed after each. A retry starts over: rows the first run wrote are now updates, never duplicates.
 */
export async function runBulkImportJob(ctx: JobContext, data: BulkImportJobData, attempt = 1): Promise<BulkJobState> {
  // Imported lazily: the service imports this file for its types and title.
  const { judge, parseTable, importedMessage } = await import('./bulk.service');
  const progress = reporter(ctx, data, attempt);
  if (attempt > 1) await progress.retrying();
  const buf = await invoicingProviders(ctx).storage.get(data.key);
  if (!buf) throw new Error(`No está el archivo de la importación ${data.processId}`);
  const outcome = await judge(ctx, data.userId, data.entity, await parseTable(buf));
  const state: BulkJobState = { entidad: data.entity, total: outcome.valid.length, importadas: 0, creadas: 0, actualizadas: 0 };
  for (let i = 0; i < outcome.valid.length; i += BATCH) {
    const batch = outcome.valid.slice(i, i + BATCH);
    const w = await ctx.db.transaction((tx) => writeRows(tx, data.userId, data.entity, batch));
    state.creadas += w.creadas;
    state.actualizadas += w.actualizadas;
    state.importadas += batch.length;
    await progress.step((state.importadas / Math.max(1, state.total)) * 100, `Importando ${state.importadas} de ${state.total}`, state);
  }
  const warning = outcome.errors.length ? `${outcome.errors.length} errores: esas filas no se importaron` : null;
  await progress.succeed(importedMessage(data.entity, state), state, warning);
  return state;
}

export async function registerBulkImportWorker(boss: PgBoss, ctx: JobContext): Promise<void> {
  await workOneAtATime<BulkImportJobData>(
    boss, QUEUES.bulkImport,
    (data, attempt) => runBulkImportJob(ctx, data, attempt),
    (data, attempt) => reporter(ctx, data, attempt).fail('La importación falló; inténtalo de nuevo'),
  );
}
