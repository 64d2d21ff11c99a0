import type PgBoss from 'pg-boss';
import type { ImportState } from '@facturo/contract';
import { invoicingProviders } from '../invoicing/providers';
import { blacklistWarning, importSummary, runImport, type UploadedImportFile } from './import-run';
import { ProgressReporter } from '../../jobs/progress';
import { raiseReceivedCfdis, type ReceivedCfdi } from '../webhooks/webhooks.raise';
import { attemptOf, QUEUES } from '../../jobs/queue';
import type { JobContext } from '../../jobs/context';

export interface CfdiImportJobData {
  processId: string;
  userId: number;
  rfc: string;
  regimen: string | null;
  files: UploadedImportFile[];
}

/** The import's background-process record is its state: `data` holds the counts and rejections (issue 13 §1). */
export const CFDI_IMPORT_TITLE = 'Importación de CFDI';

const reporter = (ctx: JobContext, data: CfdiImportJobData) =>
  new ProgressReporter(ctx.db, ctx.publisher, { id: data.processId, rfc: data.rfc, type: 'DOWNLOAD_INVOICES', title: CFDI_IMPORT_TITLE });

export async function runCfdiImportJob(ctx: JobContext, data: CfdiImportJobData): Promise<ImportState> {
  const progress = reporter(ctx, data);
  const { storage } = invoicingProviders(ctx);
  const onReceived = (docs: ReceivedCfdi[]) => raiseReceivedCfdis(ctx, data.userId, docs);
  const state = await runImport(ctx.db, storage, { ...data, importId: data.processId, onReceived }, (s) =>
    progress.step(s.progress, s.total ? `Importando ${s.imported + s.rejected.length} de ${s.total} documentos` : 'Leyendo los archivos', s),
  );
  if (state.status === 'failed') await progress.fail(importSummary(state), state);
  else {
    const warnings = [state.rejected.length ? `${state.rejected.length} archivos no se importaron` : null, blacklistWarning(state)].filter(Boolean);
    await progress.succeed(importSummary(state), state, warnings.length ? warnings.join('. ') : null);
  }
  return state;
}

export async function registerCfdiImportWorker(boss: PgBoss, ctx: JobContext): Promise<void> {
  await boss.work<CfdiImportJobData>(QUEUES.cfdiImport, { pollingIntervalSeconds: 0.5, batchSize: 1, includeMetadata: true }, async ([job]) => {
    try {
      await runCfdiImportJob(ctx, job!.data);
    } catch (err) {
      // Another attempt follows (pg-boss retries): the record stays open for it rather than flipping to failed and back.
      if (!attemptOf(job!).last) throw err;
      const failed: ImportState = { status: 'failed', total: 0, imported: 0, duplicated: 0, rejected: [], message: 'La importación falló; inténtalo de nuevo', progress: 100 };
      await reporter(ctx, job!.data).fail(failed.message!, failed).catch(() => undefined);
      throw err;
    }
  });
}
