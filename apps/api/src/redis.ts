import { Redis, type RedisOptions } from 'ioredis';

/**
 * Redis is optional at run time, not only at start (issue 17 §4): every client gets an 'error'
 * listener (without one ioredis errors crash the process), reconnects forever with a capped backoff,
 * and fails commands fast while disconnected, so callers fall back to process memory at once instead
 * of queueing requests behind a dead connection. One warning line when Redis goes away, one when it
 * is back.
 */
export interface RedisHealth {
  /** True while the connection is up and commands go through. */
  readonly up: boolean;
}

export interface ResilientRedisOptions {
  /** Name in the warning lines ("límites", "socket.io"). */
  role: string;
  /**
   * Subscriber connections keep their offline queue (a subscribe sent before the first connection
   * must wait for it, and ioredis re-subscribes after a reconnect); command connections fail fast.
   */
  subscriber?: boolean;
  warn?: (line: string) => void;
}

export function resilientRedis(url: string, opts: ResilientRedisOptions): Redis & RedisHealth {
  const warn = opts.warn ?? ((line: string) => console.warn(line));
  const options: RedisOptions = {
    // Reconnect forever: 100 ms, 200 ms … capped at 2 s.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
    connectTimeout: 2_000,
    ...(opts.subscriber
      ? { maxRetriesPerRequest: null, enableOfflineQueue: true }
      : { maxRetriesPerRequest: 1, enableOfflineQueue: false }),
  };
  const redis = new Redis(url, options) as Redis & RedisHealth;
  const target = url.replace(/\/\/[^@/]*@/, '//');
  let wasUp = false;
  let warnedDown = false;
  redis.on('ready', () => {
    if (warnedDown) warn(`[redis] ${opts.role}: conexión con ${target} restablecida`);
    wasUp = true;
    warnedDown = false;
  });
  // 'error' fires on every failed reconnect; only the first one after being up (or the very first) is said.
  redis.on('error', (err: Error) => {
    if (warnedDown) return;
    warnedDown = true;
    warn(`[redis] ${opts.role}: sin conexión con ${target} (${err.message}); se usa la memoria del proceso hasta que vuelva`);
  });
  redis.on('close', () => {
    if (wasUp && !warnedDown) {
      warnedDown = true;
      warn(`[redis] ${opts.role}: se perdió la conexión con ${target}; se usa la memoria del proceso hasta que vuelva`);
    }
  });
  Object.defineProperty(redis, 'up', { get: () => redis.status === 'ready' });
  return redis;
}

/**
 * A client for libraries that call `publish` without handling its promise (socket.io's Redis
 * adapter and emitter): while Redis is down a publish resolves to 0 instead of becoming an
 * unhandled rejection, and the message is delivered locally only.
 */
export function quietPublisher(redis: Redis): Redis {
  const publish = redis.publish.bind(redis) as (...args: unknown[]) => Promise<number>;
  (redis as unknown as { publish: (...args: unknown[]) => Promise<number> }).publish = (...args: unknown[]) =>
    publish(...args).catch(() => 0);
  return redis;
}
