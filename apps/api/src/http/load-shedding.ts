import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What an overloaded process answers (503 + Retry-After) instead of queueing without end. */
export const OVERLOADED_MESSAGE = 'El servidor está atendiendo demasiadas solicitudes en este momento. Inténtalo de nuevo en unos segundos.';
/** Seconds the client is told to wait before retrying. */
export const OVERLOADED_RETRY_AFTER_S = 2;
/** How often the loop watch expects to get a turn. */
export const LOOP_TICK_MS = 50;

/** Liveness and readiness always answer: a balancer must see a busy process as alive, not dead. */
const exempt = (url: string) => !url.startsWith('/api/') || url === '/api/health' || url.startsWith('/api/health?') || url === '/api/ready' || url.startsWith('/api/ready?');

/**
 * Knows when the event loop last had a breath (its timer phase ran). A request parsed while the loop has
 * been busy for longer than `maxStallMs` sits at the back of a backlog: PGlite runs its queries on this
 * thread, so an overload never shows as many requests in flight (each one finishes before the next is
 * read) but as one long stretch of the loop working through the sockets' queued requests.
 */
export class LoopWatch {
  private lastTick: number;
  constructor(private readonly maxStallMs: number, now: number) {
    this.lastTick = now;
  }
  tick(now: number): void {
    this.lastTick = now;
  }
  stalled(now: number): boolean {
    return now - this.lastTick > this.maxStallMs;
  }
}

const counted = new WeakSet<FastifyRequest>();

/**
 * Load shedding (issue 12 §3). A request is refused at once with 503, a Spanish message and Retry-After —
 * before it costs a token check or a query — when this process is already answering `maxInFlight` API
 * requests (PostgreSQL: requests wait on the pool) or when the event loop has gone `maxStallMs` without a
 * breath (PGlite: requests wait in the sockets). Without it an overload only lengthens the queue until every
 * client times out; with it the admitted requests keep their latency and the rest learn to come back.
 * Registered first, so a refused request costs next to nothing.
 */
export function registerLoadShedding(app: FastifyInstance, opts: { maxInFlight: number; maxStallMs: number }): { active(): number } {
  let active = 0;
  const watch = new LoopWatch(opts.maxStallMs, performance.now());
  const timer = setInterval(() => watch.tick(performance.now()), LOOP_TICK_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  app.addHook('onRequest', async (req, reply) => {
    if (exempt(req.url)) return;
    if (active >= opts.maxInFlight || watch.stalled(performance.now())) {
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
