import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import type { RedisHealth } from '../redis';

// The plugin's own stores (CommonJS, not in its exports map as types): Redis shared by every API
// process, and the in-process LRU used while Redis is away.
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js');
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js');

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Store;
}

/**
 * A @fastify/rate-limit store that counts in Redis while it is up and in process memory while it is
 * not (issue 17 §4): a Redis outage neither fails requests nor lifts the limits. Counts made in
 * memory during an outage are not carried over to Redis; the window is one minute.
 */
export function failoverStoreClass(redis: Redis & RedisHealth, nameSpace: string) {
  class FailoverStore implements Store {
    constructor(
      params: { continueExceeding?: boolean; exponentialBackoff?: boolean },
      private readonly remote: Store = new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace),
      private readonly local: Store = new LocalStore(params.continueExceeding, params.exponentialBackoff),
    ) {}

    private run(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number): void {
      const local = () => this.local[method]!(key, cb, timeWindow, max);
      if (!redis.up) return local();
      this.remote[method]!(key, (err, res) => (err ? local() : cb(null, res)), timeWindow, max);
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number) {
      this.run('incr', key, cb, timeWindow, max);
    }

    read(key: string, cb: Callback, timeWindow: number, max: number) {
      this.run('read', key, cb, timeWindow, max);
    }

    child(routeOptions: unknown): Store {
      return new FailoverStore({}, this.remote.child(routeOptions), this.local.child(routeOptions));
    }
  }
  return FailoverStore;
}
