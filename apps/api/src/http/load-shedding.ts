import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What an overloaded process answers (503 + Retry-After) instead of queueing without end. */
export const OVERLOADED_MESSAGE = 'El servidor está atendiendo demasiadas solicitudes en este momento. Inténtalo de nuevo en unos segundos.';
/** Seconds the client is told to wait before retrying. */
export const OVERLOADED_RETRY_AFTER_S = 2;

/** Liveness and readiness always answer: a balancer must see a busy process as alive, not dead. */
const exempt = (url: string) => !url.startsWith('/api/') || url === '/api/health' || url.startsWith('/api/health?') || url === '/api/ready' || url.startsWith('/api/ready?');

const counted = new WeakSet<FastifyRequest>();

/**
 * Load shedding (issue 12 §3): at most `maxInFlight` API requests are being answered by this process at
 * once; one more is refused at once with 503, a Spanish message and Retry-After, before it costs a token
 * check or a query. Without it an overload only lengthens the queue (PGlite answers one query at a time,
 * a PostgreSQL pool a few) until every client times out; with it the admitted requests keep their
 * latency and the rest learn to come back. Registered first, so a refused request costs next to nothing.
 */
export function registerLoadShedding(app: FastifyInstance, maxInFlight: number): { active(): number } {
  let active = 0;
  app.addHook('onRequest', async (req, reply) => {
    if (exempt(req.url)) return;
    if (active >= maxInFlight) {
      reply.header('retry-after', String(OVERLOADED_RETRY_AFTER_S));
      return reply.code(503).send({ message: OVERLOADED_MESSAGE });
    }
    active += 1;
    counted.add(req);
  });
  const release = async (req: FastifyRequest) => {
    if (counted.delete(req)) active -= 1;
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
  return { active: () => active };
}
