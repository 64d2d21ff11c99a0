import type PgBoss from 'pg-boss';
import { and, eq } from 'drizzle-orm';
import { invoiceBodySchema } from '@facturo/contract';
import { ProgressReporter } from '../../jobs/progress';
import { QUEUES, workOneAtATime } from '../../jobs/queue';
import type { JobContext } from '../../jobs/context';
import { invoiceBatches } from '../../db/schema';
import { invoicingProviders } from '../invoicing/providers';
import { stampInvoice } from '../invoicing/invoice.service';
import { forEachConcurrently, pacConcurrency } from '../invoicing/pac-concurrency';
import { clientEmail, sendInvoiceEmail } from '../invoicing/email.service';

export interface InvoiceSheetJobData {
  batchId: string;
  userId: number;
  rfc: string;
}

const TITLE = 'Facturas desde hoja de cálculo';

/**
 * Issue 29 §2: stamps a confirmed sheet through the shared pipeline, several PAC calls at once. Each group carries
 * the Idempotency-Key "lote-<batch>-<n>": a run resumed after a crash skips the groups with a result and re-sends the
 * others, and a group whose PAC call was cut off gets back the invoice already stamped, never a second one.
 */
export async function runInvoiceSheetJob(ctx: JobContext, data: InvoiceSheetJobData, attempt = 1): Promise<void> {
  const deps = invoicingProviders(ctx);
  const where = and(eq(invoiceBatches.userId, data.userId), eq(invoiceBatches.id, data.batchId));
  const [batch] = await ctx.db.select().from(invoiceBatches).where(where);
  if (!batch) return;
  const progress = new ProgressReporter(ctx.db, ctx.publisher, { id: batch.processId, rfc: data.rfc, type: 'BULK_IMPORT', title: TITLE }, attempt);
  if (attempt > 1) await progress.retrying();
  const groups = batch.groups;
  const pending = groups.map((g, i) => ({ g, i })).filter(({ g }) => g.estado === 'pendiente');
  let finished = groups.length - pending.length;
  // The sheet's results are one JSON column, written whole after each group. The writes (and the progress they
  // report) go out one after another: two groups finishing together would otherwise race two writes over
  // PostgreSQL's pool, and the older one, committed last, would read back a stamped group as pending.
  let saved = Promise.resolve();
  const save = () => {
    saved = saved.then(async () => {
      await ctx.db.update(invoiceBatches).set({ groups, updatedAt: new Date() }).where(where);
      await progress.step((finished / groups.length) * 100, `Timbradas ${groups.filter((x) => x.estado === 'timbrada').length} de ${groups.length} facturas`);
    });
    return saved;
  };
  await forEachConcurrently(pending, pacConcurrency(), async ({ g, i }) => {
    try {
      const stamped = await stampInvoice(deps, { id: data.userId, rfc: data.rfc }, invoiceBodySchema.parse(g.body), '4.0', `lote-${data.batchId}-${i}`);
      Object.assign(g, { estado: 'timbrada', uuid: stamped.uuid, total: stamped.total, mensaje: null });
      if (batch.sendEmail) {
        const { email } = await clientEmail(ctx.db, data.userId, stamped.uuid);
        if (email.length) {
          const sent = await sendInvoiceEmail(deps, data.userId, { pEmail: email.join(', '), pXml: true, pPdf: true, pIdPago: stamped.uuid });
          g.mensaje = sent.rspns ? `Enviada a ${email.join(', ')}` : sent.msj;
        }
      }
    } catch (err) {
      Object.assign(g, { estado: 'error', mensaje: err instanceof Error ? err.message : 'Error desconocido' });
    }
    finished++;
    await save();
  });
  await saved;
  await ctx.db.update(invoiceBatches).set({ groups, finished: true, updatedAt: new Date() }).where(where);
  const ok = groups.filter((x) => x.estado === 'timbrada').length;
  const failed = groups.length - ok;
  await progress.succeed(`Se timbraron ${ok} de ${groups.length} facturas`, { batchId: data.batchId }, failed ? `${failed} facturas no se timbraron: revisa el motivo de cada una` : null);
}

export async function registerInvoiceSheetWorker(boss: PgBoss, ctx: JobContext): Promise<void> {
  await workOneAtATime<InvoiceSheetJobData>(
    boss, QUEUES.invoiceSheet,
    (data, attempt) => runInvoiceSheetJob(ctx, data, attempt),
    async (data, attempt) => {
      const [batch] = await ctx.db.select({ processId: invoiceBatches.processId }).from(invoiceBatches)
        .where(and(eq(invoiceBatches.userId, data.userId), eq(invoiceBatches.id, data.batchId)));
      if (batch) {
        await new ProgressReporter(ctx.db, ctx.publisher, { id: batch.processId, rfc: data.rfc, type: 'BULK_IMPORT', title: TITLE }, attempt)
          .fail('El timbrado del lote se detuvo; las facturas con resultado quedaron timbradas. Vuelve a intentarlo');
      }
    },
  );
}
