import type { FastifyPluginAsync } from 'fastify';
import type { JobContext } from '../../jobs/context';
import { serve } from '../../http/serve';
import { filterOptions, monthFigures, paidByDate, yearOverview } from './dashboard.service';

/** Spec §7.1 dashboard (entries in the contract's routes/dashboard.ts); a foreign {rfc} is refused by http/context.ts. */
export const dashboardRoutes = (ctx: JobContext): FastifyPluginAsync => async (app) => {
  const { db } = ctx;
  serve(app, 'dashboard.month', (req) => monthFigures(db, req.account, req.params.month, req.params.year));
  serve(app, 'dashboard.paid', (req) => paidByDate(db, req.account, req.params.month, req.params.year));
  serve(app, 'dashboard.year', (req) => yearOverview(db, req.account, req.params.year));
  serve(app, 'dashboard.filter', (req) => filterOptions(db, req.account, req.params.year));
};
