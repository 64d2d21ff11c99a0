import type { FastifyPluginAsync } from 'fastify';
import type { JobContext } from '../../jobs/context';
import { QUEUES } from '../../jobs/queue';
import { serve } from '../../http/serve';
import { allowHostsFromEnv } from './webhook-guard';
import { createEndpoint, deleteEndpoint, listDeliveries, listEndpoints, markForRedelivery } from './webhooks.service';

/** Issue 29 §5: the account's webhook endpoints and delivery log (entries in the contract's routes/webhooks.ts). */
export const webhooksRoutes = (ctx: JobContext): FastifyPluginAsync => async (app) => {
  const deps = { db: ctx.db, secrets: ctx.secrets, allowHosts: allowHostsFromEnv() };
  serve(app, 'webhooks.endpoints', (req) => listEndpoints(ctx.db, req.account.id));
  serve(app, 'webhooks.createEndpoint', (req) => createEndpoint(deps, req.account.id, req.body));
  serve(app, 'webhooks.deleteEndpoint', (req) => deleteEndpoint(ctx.db, req.account.id, req.params.id));
  serve(app, 'webhooks.deliveries', (req) => listDeliveries(ctx.db, req.account.id));
  serve(app, 'webhooks.redeliver', async (req) => {
    const delivery = await markForRedelivery(ctx.db, req.account.id, req.params.id);
    await ctx.boss.send(QUEUES.webhookDeliveries, { ids: [delivery.id] });
    return delivery;
  });
};
