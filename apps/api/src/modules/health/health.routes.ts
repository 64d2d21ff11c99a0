import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client';
import { pendingMigrations } from '../../db/migrate';
import { serve } from '../../http/serve';
import type { RedisHealth } from '../../redis';

export interface HealthDeps {
  database: Database;
  /** The shared Redis connection when REDIS_URL is set. */
  redis?: RedisHealth & { ping(): Promise<string> };
  /** True once SIGTERM arrived: the process finishes what it has and the balancer must stop sending. */
  draining: () => boolean;
  /** Production on a test provider: the line every screen shows (issue 25 §3); null otherwise. */
  testMode: { banner: string | null; payments: 'stripe' | 'local'; pac: 'finkok' | 'sandbox' };
}

const withTimeout = <T>(p: Promise<T>, ms: number): Promise<T> =>
  Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('sin respuesta')), ms))]);

/**
 * `GET /api/health` (liveness): 200 while the database answers, 503 otherwise.
 * `GET /api/ready` (readiness, issue 12): the database answers, every migration of this build is applied,
 * Redis answers when configured, and the process is not shutting down; 503 naming what is not ready.
 * Neither is rate limited: probes poll them.
 */
export const healthRoutes = ({ database, redis, draining, testMode }: HealthDeps): FastifyPluginAsync => async (app) => {
  serve(app, 'health.check', async (_req, reply) => {
    try {
      await database.ping();
      return { status: 'ok' as const };
    } catch {
      return reply.code(503).send({ status: 'error', message: 'La base de datos no responde' });
    }
  });

  serve(app, 'health.testMode', () => testMode);

  serve(app, 'health.ready', async (_req, reply) => {
    const checks: Record<'database' | 'migrations' | 'redis' | 'process', string> = {
      database: 'ok', migrations: 'ok', redis: redis ? 'ok' : 'no configurado', process: draining() ? 'apagándose' : 'ok',
    };
    try {
      await withTimeout(database.ping(), 2_000);
      const pending = await withTimeout(pendingMigrations(database), 2_000);
      if (pending.length) checks.migrations = `pendientes: ${pending.join(', ')}`;
    } catch {
      checks.database = 'no responde';
      checks.migrations = 'desconocidas';
    }
    if (redis) {
      try {
        await withTimeout(redis.ping(), 1_000);
      } catch {
        checks.redis = 'no responde';
      }
    }
    const ready = checks.database === 'ok' && checks.migrations === 'ok' && checks.process === 'ok' && checks.redis !== 'no responde';
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not-ready', checks });
  });
};
