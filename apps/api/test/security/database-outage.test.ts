import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DB_UNAVAILABLE_MESSAGE } from '../../src/http/errors';
import pg from 'pg';
import { startTestServer, type TestServer } from '../server';
import { startApiBehindPostgresProxy, type ProxiedApi } from './api-behind-pg-proxy';
import { createAccount } from '../accounts';
import { closedPort, runMain } from './support';

// Real servers, real HTTP, sometimes child processes, on a shared 2-core machine: generous time per test.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/**
 * Issue 17 §5: a closed DATABASE_URL at start used to print a raw ECONNREFUSED stack. Now start-up
 * retries for DB_CONNECT_TIMEOUT_S and ends with one line naming host and port; a connection lost
 * while running is a 503 in Spanish, and the app recovers by itself.
 */
describe('database unreachable at start', () => {
  it('retries, then exits 1 with one line that names host and port', async () => {
    const port = await closedPort();
    const { done } = runMain({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/facturo`, DB_CONNECT_TIMEOUT_S: '3',
      APP_SECRET: 'x'.repeat(40), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'facturo-nodb-')), PORT: '0',
    });
    const { code, stderr, stdout } = await done;
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`127.0.0.1:${port}`);
    expect(lines[0]).toContain('DATABASE_URL');
    expect(stdout).toMatch(/reintentando/);
    expect(stdout + stderr).not.toMatch(/\n\s+at /);
  }, 120_000);
});

// Cutting a live connection needs PostgreSQL (PGlite is in-process): the PostgreSQL leg of CI.
const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  describe('database lost while running (TCP proxy to PostgreSQL)', () => {
    let api: ProxiedApi;
    let baseUrl = '';
    beforeAll(async () => {
      api = await startApiBehindPostgresProxy(databaseUrl);
      baseUrl = api.baseUrl;
    });
    afterAll(async () => {
      await api?.close();
    });

    it('answers 503 in Spanish while the database is away and recovers without a restart', async () => {
      const account = await createAccount(baseUrl);
      expect((await fetch(`${baseUrl}/api/user`, { headers: account.headers })).status).toBe(200);
      await api.proxy.stop();
      for (const path of ['/api/user', '/api/clients']) {
        const res = await fetch(`${baseUrl}${path}`, { headers: account.headers });
        expect(res.status).toBe(503);
        expect(((await res.json()) as { message: string }).message).toBe(DB_UNAVAILABLE_MESSAGE);
      }
      expect((await fetch(`${baseUrl}/api/health`)).status).toBe(503);
      await api.proxy.start();
      expect((await fetch(`${baseUrl}/api/user`, { headers: account.headers })).status).toBe(200);
      expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
    }, 60_000);
  });
}

// Issue 12 §4: the server's own connections terminated by PostgreSQL (pg_terminate_backend: a failover, an
// administrator, an idle-session killer) — no proxy in between, the real driver errors.
if (databaseUrl) {
  describe('database backends terminated mid-run (pg_terminate_backend)', () => {
    let server: TestServer;
    let admin: pg.Client;
    let dbName = '';
    beforeAll(async () => {
      server = await startTestServer();
      dbName = new URL(server.runtime.ctx.database.connectionString!).pathname.slice(1);
      admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
    });
    afterAll(async () => {
      await admin?.end();
      await server?.close();
    });

    const terminateAll = async (except: number[] = []) =>
      (await admin.query<{ n: number }>(
        `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND NOT (pid = ANY($2::int[]))`,
        [dbName, except],
      )).rows[0]!.n;

    it('a request whose query is cut answers a clean 503 in Spanish; the next ones are served without a restart', async () => {
      const account = await createAccount(server.baseUrl);
      const get = () => fetch(`${server.baseUrl}/api/user`, { headers: account.headers });
      expect((await get()).status).toBe(200);

      // Hold a request inside the database: a lock makes its query wait, so its backend is busy with it.
      const locker = new pg.Client({ connectionString: server.runtime.ctx.database.connectionString! });
      await locker.connect();
      const lockerPid = (await locker.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
      const pending = get();
      for (let i = 0; i < 200; i++) {
        const waiting = await admin.query(`SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock' AND pid <> $2`, [dbName, lockerPid]);
        if (waiting.rowCount) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      // Every backend of the app (the pool, pg-boss) is terminated; the waiting query with it.
      expect(await terminateAll([lockerPid])).toBeGreaterThan(0);
      const cut = await pending;
      expect(cut.status).toBe(503);
      expect(((await cut.json()) as { message: string }).message).toBe(DB_UNAVAILABLE_MESSAGE);
      await locker.query('ROLLBACK');
      await locker.end();

      // No restart: the pool opens new connections (a first try may still meet a dead one: 503, never 500).
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) {
        const res = await get();
        statuses.push(res.status);
        if (res.status === 200) break;
        expect(res.status).toBe(503);
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(statuses.at(-1)).toBe(200);
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);

      // Terminated again while idle, then a burst: every answer is 200 or the clean 503, and it recovers.
      expect(await terminateAll()).toBeGreaterThan(0);
      const burst = await Promise.all(Array.from({ length: 10 }, async () => {
        const res = await get();
        return { status: res.status, body: (await res.json()) as { message?: string } };
      }));
      for (const r of burst) {
        expect([200, 503]).toContain(r.status);
        if (r.status === 503) expect(r.body.message).toBe(DB_UNAVAILABLE_MESSAGE);
      }
      expect((await get()).status).toBe(200);
    }, 90_000);
  });
}
