import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userPlanResponseSchema } from '@facturo/contract';
import type { Db } from '../../db/client';
import { plansDataFor } from './plans.service';

export const plansRoutes = (db: Db): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/user/plan', {
    config: { allowUnpaid: true, allowIncomplete: true },
    schema: { tags: ['plans'], response: { 200: userPlanResponseSchema } },
  }, async (req) => ({ data: await plansDataFor(db, req.account) }));
};
