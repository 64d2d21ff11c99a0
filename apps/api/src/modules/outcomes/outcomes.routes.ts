import type { FastifyPluginAsync } from 'fastify';
import type { JobContext } from '../../jobs/context';
import { serve } from '../../http/serve';
import { listCfdis, cfdiCsv } from '../incomes/cfdi-list';
import { monthStats } from '../incomes/cfdi-stats';
import { openBalancesPage } from '../incomes/cfdi-actions';
import { deductibleWhere, markCancelledBySupplier, overrideDeductible, requestComplement } from './outcomes.service';

/** Spec §7.6 (entries in the contract's routes/outcomes.ts): the incomes pattern over received documents. */
export const outcomesRoutes = (ctx: JobContext): FastifyPluginAsync => async (app) => {
  const { db } = ctx;
  const D = 'recibido' as const;
  serve(app, 'outcomes.stats', (req) => monthStats(db, req.account.id, D, req.params));
  serve(app, 'outcomes.list', async (req, reply) => {
    const { deductible, ...q } = req.query;
    const opts = { extraWhere: deductibleWhere(deductible) };
    if (!q.csv) return listCfdis(db, req.account.id, D, req.params, q, opts);
    const name = `egresos-${req.params.year}-${String(req.params.month).padStart(2, '0')}.csv`;
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(cfdiCsv(db, req.account.id, D, req.params, q, opts));
  });
  serve(app, 'outcomes.deductible', (req) => overrideDeductible(db, req.account.id, req.body.uuid, req.body.deducible, req.body.motivo));
  serve(app, 'outcomes.cancel', (req) => markCancelledBySupplier(db, req.account.id, req.body.uuid));
  serve(app, 'outcomes.complementRequest', (req) => requestComplement(db, ctx.mailer, req.account, req.body.uuid, req.body.email));
  serve(app, 'outcomes.perPay', (req) => openBalancesPage(db, req.account.id, D, req.query));
};
