import type { FastifyInstance } from 'fastify';
import { tooManyRequests } from './errors';

/**
 * A tighter per-IP limit for some routes of one plugin, on top of the app-wide one (credential guessing on the
 * auth entries, folio+total guessing on the self-invoicing portal).
 *
 * Why not the rate-limit plugin's `config.rateLimit` per route: the app-wide `onRequest` limiter (app.ts) marks
 * the request as already limited, and the plugin's per-route hook then returns without counting — the per-route
 * limit silently never applied. So each limit is its own counter ("<name>:<ip>", in the same store: Redis when
 * it answers) and its own hook, run for the routes that carry the returned `config`.
 */
export function routeLimit(app: FastifyInstance, name: string, maxPerMinute: number): { config: { routeLimit: string } } {
  const limiter = app.createRateLimit({ max: maxPerMinute, timeWindow: '1 minute', keyGenerator: (req) => `${name}:${req.ip}` });
  app.addHook('onRequest', async (req, reply) => {
    if ((req.routeOptions.config as { routeLimit?: string }).routeLimit !== name) return;
    const r = await limiter(req);
    if (r.isAllowed) return;
    void reply.header('x-ratelimit-limit', r.max).header('x-ratelimit-remaining', r.remaining);
    if (r.isExceeded) {
      void reply.header('retry-after', r.ttlInSeconds);
      throw tooManyRequests();
    }
  });
  return { config: { routeLimit: name } };
}
