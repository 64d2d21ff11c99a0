import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DB_UNAVAILABLE_MESSAGE } from '../../src/http/errors';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { startApi, type ApiRuntime } from '../../src/runtime';
import { cloneTemplateDatabase } from '../server';
import { createAccount } from '../accounts';
import { closedPort, runMain, TcpProxy } from './support';

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
    const target = new URL(databaseUrl);
    const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    let runtime: ApiRuntime;
    let baseUrl = '';
    let drop: () => Promise<void> = async () => undefined;
    beforeAll(async () => {
      await proxy.start();
      const clone = await cloneTemplateDatabase();
      const url = new URL(clone.database.connectionString!);
      await clone.database.close();
      drop = clone.drop;
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
      const database = await openDatabase({ kind: 'postgres', connectionString: url.toString(), poolSize: 5 });
      const config = loadConfig({
        NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'facturo-dbout-')), APP_SECRET: 'test-secret-test-secret-test-secret-0001',
        SAT_LOCAL_LATENCY_MS: '0', DATABASE_URL: url.toString(), LOG_LEVEL: 'fatal',
      });
      runtime = await startApi(config, { database });
      await runtime.app.listen({ port: 0, host: '127.0.0.1' });
      baseUrl = `http://127.0.0.1:${(runtime.app.server.address() as { port: number }).port}`;
    });
    afterAll(async () => {
      await proxy.start();
      await runtime?.close();
      await proxy.stop();
      await drop();
    });

    it('answers 503 in Spanish while the database is away and recovers without a restart', async () => {
      const account = await createAccount(baseUrl);
      expect((await fetch(`${baseUrl}/api/user`, { headers: account.headers })).status).toBe(200);
      await proxy.stop();
      for (const path of ['/api/user', '/api/clients']) {
        const res = await fetch(`${baseUrl}${path}`, { headers: account.headers });
        expect(res.status).toBe(503);
        expect(((await res.json()) as { message: string }).message).toBe(DB_UNAVAILABLE_MESSAGE);
      }
      expect((await fetch(`${baseUrl}/api/health`)).status).toBe(503);
      await proxy.start();
      expect((await fetch(`${baseUrl}/api/user`, { headers: account.headers })).status).toBe(200);
      expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
    }, 60_000);
  });
}
