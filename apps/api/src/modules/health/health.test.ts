import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount } from '../../../test/accounts';
import { heldRequest } from '../../../test/held-request';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('liveness, readiness and graceful shutdown (issue 12 §1)', () => {
  it('/api/ready answers 200 with each check once the database is migrated', async () => {
    const res = await fetch(`${server.baseUrl}/api/ready`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', redis: process.env.REDIS_URL ? 'ok' : 'no configurado', process: 'ok' },
    });
  });

  it('a migration recorded as missing makes the process not ready, naming it', async () => {
    const db = server.runtime.ctx.database;
    const [last] = (await db.query<{ name: string }>('SELECT name FROM app_migrations ORDER BY name DESC LIMIT 1')).rows;
    await db.query('DELETE FROM app_migrations WHERE name = $1', [last!.name]);
    try {
      const res = await fetch(`${server.baseUrl}/api/ready`);
      expect(res.status).toBe(503);
      expect((await res.json()).checks.migrations).toBe(`pendientes: ${last!.name}`);
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    } finally {
      await db.query('INSERT INTO app_migrations (name) VALUES ($1)', [last!.name]);
    }
  });

  it('on shutdown the requests in flight finish, readiness turns 503 and new connections are refused', async () => {
    const other = await startTestServer();
    const account = await createAccount(other.baseUrl);
    // Four logins held in flight for certain, whatever the machine's speed: headers and part of the body are
    // sent (the process has counted them), the rest only once the stop has begun.
    const body = JSON.stringify({ username: account.rfc, password: account.password });
    const held = await Promise.all(Array.from({ length: 4 }, () => heldRequest(other.baseUrl, '/api/login', body)));
    while (other.runtime.app.inFlight() < 4) await new Promise((r) => setTimeout(r, 2));
    const closing = other.close();
    const answers = await Promise.all(held.map((h) => h.finish()));
    expect(answers.map((a) => a.split('\r\n')[0])).toEqual(Array(4).fill('HTTP/1.1 200 OK'));
    await closing;
    await expect(fetch(`${other.baseUrl}/api/health`)).rejects.toThrow();
  }, 120_000);
});
