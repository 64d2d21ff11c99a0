import type { Redis } from 'ioredis';
import type { RedisHealth } from '../redis';

/**
 * Counts events per key in a fixed window (login failures, code attempts). Memory in one process,
 * Redis when REDIS_URL is set so every API process sees the same count.
 */
export interface AttemptCounter {
  hit(key: string, windowMs: number): Promise<number>;
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

export function memoryCounter(): AttemptCounter {
  const entries = new Map<string, { n: number; until: number }>();
  const live = (key: string) => {
    const e = entries.get(key);
    if (e && e.until > Date.now()) return e;
    entries.delete(key);
    return undefined;
  };
  return {
    async hit(key, windowMs) {
      const e = live(key) ?? { n: 0, until: Date.now() + windowMs };
      e.n += 1;
      entries.set(key, e);
      return e.n;
    },
    async count(key) {
      return live(key)?.n ?? 0;
    },
    async reset(key) {
      entries.delete(key);
    },
  };
}

export function redisCounter(redis: Redis, prefix = 'facturo:attempts:'): AttemptCounter {
  return {
    async hit(key, windowMs) {
      const k = prefix + key;
      const [[, n]] = (await redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec()) as [[unknown, number]];
      return n;
    },
    async count(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

/**
 * Redis while it is up, process memory while it is not (issue 17 §4): a Redis outage must not fail
 * logins nor lift the lockout. Counts made during an outage stay in this process.
 */
export function failoverCounter(redis: Redis & RedisHealth, prefix: string): AttemptCounter {
  const remote = redisCounter(redis, prefix);
  const local = memoryCounter();
  const pick = <K extends keyof AttemptCounter>(method: K) =>
    (async (...args: Parameters<AttemptCounter[K]>) => {
      if (redis.up) {
        try {
          return await (remote[method] as (...a: unknown[]) => Promise<unknown>)(...args);
        } catch {
          // fall through to memory
        }
      }
      return (local[method] as (...a: unknown[]) => Promise<unknown>)(...args);
    }) as AttemptCounter[K];
  return { hit: pick('hit'), count: pick('count'), reset: pick('reset') };
}
