import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ciecSchema, jobStartedSchema } from '@facturo/contract';
import type { JobContext } from '../../jobs/context';
import { startCiecValidation } from './ciec.service';

export const ciecRoutes = (ctx: JobContext): FastifyPluginAsyncZod => async (app) => {
  app.post('/api/ciec/process', {
    schema: { tags: ['profile'], body: ciecSchema, response: { 202: jobStartedSchema } },
  }, async (req, reply) => reply.code(202).send(await startCiecValidation(ctx, req.account, req.body.ciec)));
};
