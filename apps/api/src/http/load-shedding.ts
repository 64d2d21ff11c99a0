import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What an overloaded process answers (503 + Retry-After) instead of queueing without end. */
export const OVERLOADED_MESSAGE = 'El servidor está atendiendo demasiadas solicitudes en este momento. Inténtalo de nuevo en unos segundos.';
/** Seconds the client is told to wait before retrying. */
export const OVERLOADED_RETRY_AFTER_S = 2;
/** How often the loop watch expects to get a turn. */
export const LOOP_TICK_MS = 50;

/** Liveness and readiness always answer: a balancer must see a busy process as alive, not dead. */
const exempt = (url: string) => !url.startsWith('/api/') || url === '/api/health' || url.startsWith('/api/health?') || url === '/api/ready' || url.startsWith('/api/ready?');

/** Requests read in one stretch of the loop before a stall counts as a backlog rather than a starved machine. */
export const STALL_MIN_BACKLOG = 16;

/**
 * Knows when the event loop last had a breath (its timer phase ran) and how many requests it has read since.
 * Many requests read while the loop has been busy for longer than `maxStallMs` sit at the back of a backlog:
 * PGlite runs its queries on this thread, so an overload never shows as many requests in flight (each one
 * finishes before the next is read) but as one long stretch of the loop working through the sockets' queued
 * requests. A stall with only a few requests behind it is a machine that did not give this process the CPU
 * (or a garbage collection): refusing those would only punish a lone user.
 */
export class LoopWatch {
  private lastTick: number;
  private sinceTick = 0;
  constructor(private readonly maxStallMs: number, now: number, private readonly minBacklog = STALL_MIN_BACKLOG) {
    this.lastTick = now;
  }
  tick(now: number): void {
    this.lastTick = now;
    this.sinceTick = 0;
  }
  /** A request was read: true when it should be refused. */
  stalled(now: number): boolean {
    this.sinceTick += 1;
    return now - this.lastTick > this.maxStallMs && this.sinceTick > this.minBacklog;
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
