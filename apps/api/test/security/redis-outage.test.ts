import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { startTestServer, type TestServer } from '../server';
import { createAccount } from '../accounts';
import { listen, until } from '../live';
import { closedPort, sleep, TcpProxy } from './support';

// Real servers, real HTTP, sometimes child processes, on a shared 2-core machine: generous time per test.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/**
 * Issue 17 §4: with REDIS_URL at a closed port the server used to log "listo" and die 4 s later
 * (unhandled MaxRetriesPerRequestError). Now it keeps serving: rate limits and attempt counters in
 * process memory, live events to this process's sockets, one warning line; and it goes back to
 * Redis when Redis comes back.
 */
describe('REDIS_URL at a closed port for 20 s', () => {
  let server: TestServer;
  const warnings: string[] = [];
  beforeAll(async () => {
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args.join(' ')));
    server = await startTestServer({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}`, RATE_LIMIT_PER_MINUTE: '200' });
  });
  afterAll(async () => {
    await server?.close();
    vi.restoreAllMocks();
  });

  it('keeps answering 200, counts limits in memory, delivers live events locally, and says so once', async () => {
    const started = Date.now();
    const account = await createAccount(server.baseUrl);
    const statuses: number[] = [];
    // 20 s of requests and at least 41 of them, however slow a loaded machine answers each.
    while (Date.now() - started < 20_000 || statuses.length <= 40) {
      statuses.push((await fetch(`${server.baseUrl}/api/user`, { headers: account.headers })).status);
      await sleep(250);
    }
    console.log(`[security] Redis cerrado 20 s: ${statuses.length} peticiones, ${statuses.filter((s) => s === 200).length} × 200`);
    expect(statuses.length).toBeGreaterThan(40);
    expect(statuses.every((s) => s === 200)).toBe(true);

    // Live progress reaches a socket on this process.
    const live = await listen(server.baseUrl, account.token);
    const res = await fetch(`${server.baseUrl}/api/ciec/process`, {
      method: 'POST', headers: { ...account.headers, 'content-type': 'application/json' }, body: JSON.stringify({ ciec: 'Clave1234' }),
    });
    expect(res.status).toBe(202);
    await until(() => live.progress.some((m) => m.finished));
    live.socket.close();

    // The per-address limit still holds, counted in memory.
    const burst: number[] = [];
    for (let i = 0; i < 200; i++) burst.push((await fetch(`${server.baseUrl}/api/user`, { headers: account.headers })).status);
    expect(burst).toContain(429);

    const redisLines = warnings.filter((w) => w.includes('[redis]'));
    expect(redisLines).toHaveLength(1);
    expect(redisLines[0]).toMatch(/sin conexión/);
  }, 90_000);
});

// Needs a real Redis to come back to: runs in the PostgreSQL + Redis leg of CI (REDIS_URL set).
const redisUrl = process.env.REDIS_URL;
if (redisUrl) {
  describe('Redis goes away and comes back (TCP proxy to the real Redis)', () => {
    const target = new URL(redisUrl);
    const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    const direct = new Redis(redisUrl);
    const namespace = `facturo-outage:${Date.now()}:`;
    let server: TestServer;
    const warnings: string[] = [];
    beforeAll(async () => {
      vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args.join(' ')));
      await proxy.start();
      const url = new URL(redisUrl);
      url.port = String(proxy.port);
      url.hostname = '127.0.0.1';
      server = await startTestServer({ REDIS_URL: url.toString(), RATE_LIMIT_NAMESPACE: namespace });
    });
    afterAll(async () => {
      await server?.close();
      await proxy.stop();
      const keys = await direct.keys(`${namespace}*`);
      if (keys.length) await direct.del(...keys);
      direct.disconnect();
      vi.restoreAllMocks();
    });
    afterEach(() => undefined);

    const rlKeys = async () => (await direct.keys(`${namespace}rl:*`)).length;

    it('counts in Redis, serves through the outage, and counts in Redis again once it is back', async () => {
      const account = await createAccount(server.baseUrl);
      expect((await fetch(`${server.baseUrl}/api/user`, { headers: account.headers })).status).toBe(200);
      expect(await rlKeys()).toBeGreaterThan(0);

      await proxy.stop();
      const during: number[] = [];
      for (let i = 0; i < 20; i++) {
        during.push((await fetch(`${server.baseUrl}/api/user`, { headers: account.headers })).status);
        await sleep(100);
      }
      expect(during.every((s) => s === 200)).toBe(true);

      await direct.del(...(await direct.keys(`${namespace}rl:*`)));
      await proxy.start();
      await until(() => warnings.some((w) => w.includes('restablecida')), 20_000, 100);
      expect((await fetch(`${server.baseUrl}/api/user`, { headers: account.headers })).status).toBe(200);
      expect(await rlKeys()).toBeGreaterThan(0);
      const lines = warnings.filter((w) => w.includes('[redis]'));
      expect(lines.filter((w) => /se perdió|sin conexión/.test(w))).toHaveLength(1);
    }, 60_000);
  });
}
