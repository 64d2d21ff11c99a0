import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client';
import { serve } from '../../http/serve';
import { plansDataFor } from './plans.service';

/** Spec §7.3: the plans and what the tenant's plan allows. */
export const plansRoutes = (db: Db): FastifyPluginAsync => async (app) => {
  serve(app, 'plans.userPlan', async (req) => ({ data: await plansDataFor(db, req.account) }));
};
