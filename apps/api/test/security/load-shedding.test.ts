import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoopWatch, OVERLOADED_MESSAGE, OVERLOADED_RETRY_AFTER_S } from '../../src/http/load-shedding';
import { startTestServer, type TestServer } from '../server';
import { createAccount, type TestAccount } from '../accounts';
import { until } from '../live';
import { heldRequest } from '../held-request';

/**
 * Issue 12 §3: an overloaded process sheds load with 503 + Retry-After instead of queueing without end,
 * and health keeps answering. No timing: requests are held "in flight" by sending their headers and only
 * part of their body (Fastify has counted them; the handler waits for the rest), so the cap is reached for
 * certain, then released by finishing those bodies.
 */
const CAP = 3;
let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startTestServer({ MAX_IN_FLIGHT: String(CAP) });
  account = await createAccount(server.baseUrl);
});
afterAll(() => server?.close());

/** A POST /api/clients whose body is announced but not sent yet: in flight until `finish()`. */
const heldClientPost = () => heldRequest(server.baseUrl, '/api/clients', JSON.stringify({ rfc: 'XAXX010101000' }), { authorization: account.headers.authorization! });

describe('load shedding (MAX_IN_FLIGHT)', () => {
  it('one request over the cap is a 503 in Spanish with Retry-After; health answers; the app serves again once the held ones end', async () => {
    const get = () => fetch(`${server.baseUrl}/api/user`, { headers: account.headers });
    expect((await get()).status).toBe(200);

    const held = await Promise.all(Array.from({ length: CAP }, heldClientPost));
    await until(() => server.runtime.app.inFlight() >= CAP, 10_000, 20);

    const refused = await get();
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe(String(OVERLOADED_RETRY_AFTER_S));
    expect(((await refused.json()) as { message: string }).message).toBe(OVERLOADED_MESSAGE);
    // A login is refused the same way (it would otherwise queue behind the held ones).
    expect((await fetch(`${server.baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(503);
    // Liveness and readiness are never shed, nor is the web app.
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/api/ready`)).status).toBe(200);

    // The held requests were admitted: they complete normally (a 4xx/2xx from the route, never the 503).
    const answers = await Promise.all(held.map((h) => h.finish()));
    for (const a of answers) expect(a).not.toMatch(/^HTTP\/1\.1 503/);
    await until(() => server.runtime.app.inFlight() === 0, 10_000, 20);
    expect((await get()).status).toBe(200);
  });

  it('a client that gives up (aborts) frees its place', async () => {
    const port = Number(new URL(server.baseUrl).port);
    const sockets = await Promise.all(Array.from({ length: CAP }, async () => {
      const s = net.connect(port, '127.0.0.1');
      await new Promise<void>((r) => s.once('connect', () => r()));
      s.write(`POST /api/clients HTTP/1.1\r\nhost: x\r\nauthorization: ${account.headers.authorization}\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{`);
      return s;
    }));
    await until(() => server.runtime.app.inFlight() >= CAP, 10_000, 20);
    expect((await fetch(`${server.baseUrl}/api/user`, { headers: account.headers })).status).toBe(503);
    for (const s of sockets) s.destroy();
    let status = 0;
    for (let i = 0; i < 200 && status !== 200; i++) {
      status = (await fetch(`${server.baseUrl}/api/user`, { headers: account.headers })).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(200);
  });
});

describe('the loop watch (the PGlite overload signal), on a given clock', () => {
  it('refuses only requests read after the loop went longer than the limit without a tick, with a backlog behind them', () => {
    const watch = new LoopWatch(1000, 0, 3);
    // Within the limit: never refused, however many.
    for (let i = 0; i < 10; i++) expect(watch.stalled(1000)).toBe(false);
    watch.tick(2000);
    // Past the limit: the first few (a lone user on a starved machine) pass, the backlog behind them does not.
    expect([watch.stalled(3500), watch.stalled(3500), watch.stalled(3500)]).toEqual([false, false, false]);
    expect(watch.stalled(3500)).toBe(true);
    expect(watch.stalled(3600)).toBe(true);
    // A breath resets both the clock and the count.
    watch.tick(3700);
    expect(watch.stalled(3800)).toBe(false);
    expect(watch.stalled(5000)).toBe(false);
  });
});
