import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client';
import { serve } from '../../http/serve';

/** `GET /api/health`: 200 while the database answers, 503 otherwise (never rate limited: probes poll it). */
export const healthRoutes = (database: Database): FastifyPluginAsync => async (app) => {
  serve(app, 'health.check', async (_req, reply) => {
    try {
      await database.query('SELECT 1');
      return { status: 'ok' as const };
    } catch {
      return reply.code(503).send({ status: 'error', message: 'La base de datos no responde' });
    }
  }, { config: { rateLimit: false } });
};
