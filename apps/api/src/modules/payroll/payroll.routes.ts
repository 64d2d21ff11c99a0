import type { FastifyPluginAsync } from 'fastify';
import { and, eq, gt } from 'drizzle-orm';
import type { JobContext } from '../../jobs/context';
import { serve } from '../../http/serve';
import { stampBalances } from '../cfdis/cfdis.schema';
import { loadAccountCsd } from '../invoicing/account-csd';
import { noStampsLeft } from '../invoicing/stamping';
import { payrollCsv } from './payroll-csv';
import { assertRunnable, cancelReceipt, resetFailed, reviewPrenomina, sendReceipts } from './payroll-run';
import * as payroll from './payroll.service';

/** Spec §7.11 pre-payroll and payroll (entries in the contract's routes/payroll.ts). */
export const payrollRoutes = (ctx: JobContext): FastifyPluginAsync => async (app) => {
  const { db } = ctx;
  // What would stop every receipt is refused before the job starts: no valid CSD, no profile data, no stamps;
  // then what SAT would refuse in each employee's receipt (issue 24 item 14), listed per employee.
  const preflight = async (userId: number, _pending: number, prenominaId: number) => {
    await loadAccountCsd(db, ctx.secrets, userId);
    await payroll.employerOf(ctx, userId);
    const [balance] = await db.select({ b: stampBalances.balance }).from(stampBalances).where(and(eq(stampBalances.userId, userId), gt(stampBalances.balance, 0)));
    if (!balance) throw noStampsLeft();
    await assertRunnable(ctx, userId, prenominaId);
  };
  serve(app, 'payroll.createPrePayroll', (req) => payroll.createPrenomina(db, req.account.id, req.body));
  serve(app, 'payroll.prePayrolls', (req) => payroll.listPrenominas(db, req.account.id, req.query));
  serve(app, 'payroll.prePayroll', (req) => payroll.showPrenomina(db, req.account.id, req.params.id));
  serve(app, 'payroll.editDetail', (req) => payroll.editDetail(db, req.account.id, req.body));
  serve(app, 'payroll.deletePrePayroll', (req) => payroll.deletePrenomina(db, req.account.id, req.params.id));
  serve(app, 'payroll.toggleDetail', (req) => payroll.toggleDetail(db, req.account.id, req.body.id));
  serve(app, 'payroll.release', (req) => payroll.releasePrenomina(ctx, req.account, req.body.id, preflight));
  serve(app, 'payroll.review', (req) => reviewPrenomina(ctx, req.account.id, req.params.id));
  serve(app, 'payroll.retry', async (req) => {
    await resetFailed(ctx, req.account.id, req.body.id);
    return payroll.releasePrenomina(ctx, req.account, req.body.id, preflight);
  });
  serve(app, 'payroll.sendReceipts', (req) => sendReceipts(ctx, req.account.id, req.body));
  serve(app, 'payroll.cancelReceipt', (req) => cancelReceipt(ctx, req.account, req.body));
  serve(app, 'payroll.list', async (req, reply) => {
    const { csv, ...q } = req.query;
    if (!csv) return payroll.listPayroll(db, req.account.id, req.params, req.params.type, q);
    const name = `nomina-${req.params.type === 1 ? 'emitida' : 'recibida'}-${req.params.year}-${String(req.params.month).padStart(2, '0')}.csv`;
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`)
      .send(await payrollCsv(db, req.account.id, req.params, req.params.type, q.searchQuery));
  });
};
