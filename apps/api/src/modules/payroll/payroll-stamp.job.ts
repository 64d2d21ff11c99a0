import type PgBoss from 'pg-boss';
import { and, asc, eq } from 'drizzle-orm';
import { buildCfdi40 } from '@facturo/cfdi';
import { toMexicoCityLocal } from '@facturo/cfdi/stamp';
import { PAYROLL_DETAIL_STATUS } from '@facturo/contract';
import { AppError } from '../../http/errors';
import { invoicingProviders } from '../invoicing/providers';
import { forEachConcurrently, pacConcurrency } from '../invoicing/pac-concurrency';
import { requestHash, stampDocument } from '../invoicing/stamping';
import { PAYROLL_SERIE, receiptInput, receiptProblem } from './payroll-receipt';
import { prenominaDetalles, prenominas } from './payroll.schema';
import { employerOf, PAYROLL_TITLE, type PayrollJobData } from './payroll.service';
import { ProgressReporter } from '../../jobs/progress';
import { attemptOf, QUEUES } from '../../jobs/queue';
import type { JobContext } from '../../jobs/context';

/**
 * Stamps every pending detail of a pre-payroll, up to PAC_CONCURRENCY at once, reporting progress live (spec §4: current/total ×
 * 100). A detail that cannot be stamped (missing data, PAC refusal) gets status 3 with the reason and the rest
 * go on. Resumable: a retried run (its worker was killed) finds the stamped details done and stamps the rest;
 * each stamp carries an idempotency key of its detail, so a receipt stamped just before the kill is answered
 * from the store instead of being stamped twice.
 */
export async function runPayrollStamp(ctx: JobContext, data: PayrollJobData, attempt = 1): Promise<{ stamped: number; failed: number }> {
  const progress = new ProgressReporter(ctx.db, ctx.publisher, { id: data.processId, rfc: data.rfc, type: 'PAYROLL', title: PAYROLL_TITLE }, attempt);
  const deps = invoicingProviders(ctx);
  const [p] = await ctx.db.select().from(prenominas).where(and(eq(prenominas.userId, data.userId), eq(prenominas.id, data.prenominaId)));
  if (!p) {
    await progress.fail('La prenómina ya no existe');
    return { stamped: 0, failed: 0 };
  }
  const employer = await employerOf(ctx, data.userId);
  const all = await ctx.db.select().from(prenominaDetalles)
    .where(and(eq(prenominaDetalles.userId, data.userId), eq(prenominaDetalles.prenominaId, p.id))).orderBy(asc(prenominaDetalles.id));
  const todo = all.filter((d) => d.status === PAYROLL_DETAIL_STATUS.pending);
  let stamped = 0;
  let failed = 0;
  const setDetail = (id: number, values: Partial<typeof prenominaDetalles.$inferInsert>) =>
    ctx.db.update(prenominaDetalles).set(values).where(and(eq(prenominaDetalles.userId, data.userId), eq(prenominaDetalles.id, id)));

  // Up to PAC_CONCURRENCY receipts at once (decision 282: no transaction is held across a PAC call, so the
  // stamps overlap). Progress counts finished receipts; its updates go out one after another, in order.
  let done = 0;
  let reported = Promise.resolve();
  const report = (message: string) => {
    const snapshot = { stamped, failed, total: todo.length };
    const pct = Math.floor((done / todo.length) * 100);
    reported = reported.then(() => progress.step(pct, message, snapshot));
    return reported;
  };
  await report(`Timbrando ${todo.length} recibos`);
  await forEachConcurrently(todo, pacConcurrency(), async (d) => {
    const problem = receiptProblem(d, employer);
    if (problem) {
      failed += 1;
      await setDetail(d.id, { status: PAYROLL_DETAIL_STATUS.error, error: problem });
    } else {
      try {
        const { root } = buildCfdi40(receiptInput(p, d, employer, toMexicoCityLocal(new Date())));
        const { response } = await stampDocument<{ uuid: string }>(deps, {
          account: { id: data.userId, rfc: data.rfc },
          serie: PAYROLL_SERIE,
          build(folio) {
            root.attrs.set('Folio', folio);
            return root;
          },
          // A receipt issued again after its cancellation (issue 24 item 14) is a new document: its own key.
          idempotency: {
            key: `nomina-detalle-${d.id}${d.uuidCancelado ? `-tras-${d.uuidCancelado}` : ''}`,
            scope: 'payroll',
            requestHash: requestHash({ detail: d.id, ...(d.uuidCancelado ? { tras: d.uuidCancelado } : {}) }),
          },
          respond: (doc) => ({ uuid: doc.uuid }),
          reason: 'nomina',
        });
        stamped += 1;
        await setDetail(d.id, { status: PAYROLL_DETAIL_STATUS.stamped, uuid: response.uuid, error: null, stampedAt: new Date() });
      } catch (err) {
        failed += 1;
        const message = err instanceof AppError || err instanceof Error ? err.message : String(err);
        await setDetail(d.id, { status: PAYROLL_DETAIL_STATUS.error, error: message });
      }
    }
    done += 1;
    await report(`Timbrados ${done} de ${todo.length}: ${d.empleado.nombre}`);
  });
  await reported;
  const summary = `${stamped} recibos timbrados${failed ? `, ${failed} con error` : ''}`;
  await progress.succeed(summary, { stamped, failed, total: todo.length }, failed ? `${failed} recibos no se timbraron; revisa el error de cada uno` : null);
  return { stamped, failed };
}

export async function registerPayrollWorker(boss: PgBoss, ctx: JobContext): Promise<void> {
  await boss.work<PayrollJobData>(QUEUES.payrollStamp, { pollingIntervalSeconds: 0.5, batchSize: 1, includeMetadata: true }, async ([job]) => {
    const { attempt } = attemptOf(job!);
    await runPayrollStamp(ctx, job!.data, attempt);
  });
}
