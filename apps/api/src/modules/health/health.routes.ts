import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';

export const healthRoutes = (database: Database): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/health', {
    config: { public: true, rateLimit: false },
    schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }), 503: z.object({ status: z.string(), message: z.string() }) } },
  }, async (_req, reply) => {
    try {
      await database.query('SELECT 1');
      return { status: 'ok' as const };
    } catch {
      return reply.code(503).send({ status: 'error', message: 'La base de datos no responde' });
    }
  });
};
