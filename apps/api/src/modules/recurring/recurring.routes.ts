import type { FastifyPluginAsync } from 'fastify';
import type { JobContext } from '../../jobs/context';
import { serve } from '../../http/serve';
import { invoicingProviders } from '../invoicing/providers';
import { createRecurring, deleteRecurring, listRecurring, updateRecurring } from './recurring.service';

/** Issue 29 §3: recurring invoices (entries in the contract's routes/recurring.ts). */
export const recurringRoutes = (ctx: JobContext): FastifyPluginAsync => async (app) => {
  const deps = invoicingProviders(ctx);
  serve(app, 'recurring.list', (req) => listRecurring(ctx.db, req.account.id));
  serve(app, 'recurring.create', (req) => createRecurring(deps, req.account.id, req.body));
  serve(app, 'recurring.update', (req) => updateRecurring(ctx.db, req.account.id, req.params.id, req.body));
  serve(app, 'recurring.delete', (req) => deleteRecurring(ctx.db, req.account.id, req.params.id));
};
