import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes, routePath, type RouteDef } from '@facturo/contract';
import { DB_UNAVAILABLE_MESSAGE } from '../../src/http/errors';
import { startTestServer, type TestServer } from '../server';
import { createAccount, type TestAccount } from '../accounts';
import { startApiBehindPostgresProxy, type ProxiedApi } from './api-behind-pg-proxy';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const PARAM_TRIES = ['1', '00000000-0000-4000-8000-000000000001', 'EKU9003173C9', '2026', '01', 'a'];

/** A concrete path for an entry: each param gets the first sample value its schema accepts. */
function concrete(entry: RouteDef): string {
  const shape = (entry.params as { shape?: Record<string, { safeParse(v: unknown): { success: boolean } }> } | undefined)?.shape ?? {};
  const values: Record<string, string> = {};
  for (const name of entry.path.match(/:([A-Za-z_][A-Za-z0-9_]*)/g)?.map((p) => p.slice(1)) ?? []) {
    values[name] = PARAM_TRIES.find((v) => shape[name]?.safeParse(v).success) ?? '1';
  }
  return routePath(entry.path, values);
}

/**
 * Issue 25 §11: with the database gone, every route answers 503 with the Spanish message (a request that
 * never needed the database — validation, health — may answer its own status, never a 500), and the app
 * serves again once the database is back.
 */
async function walkEveryRoute(baseUrl: string, account: TestAccount): Promise<{ name: string; status: number; message?: string }[]> {
  const out: { name: string; status: number; message?: string }[] = [];
  for (const [name, entry] of Object.entries(routes as Record<string, RouteDef>)) {
    const hasBody = entry.method !== 'GET' && entry.method !== 'DELETE';
    const res = await fetch(`${baseUrl}${concrete(entry)}`, {
      method: entry.method,
      headers: { ...account.headers, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
      body: hasBody ? '{}' : undefined,
    });
    const text = await res.text();
    let message: string | undefined;
    try { message = (JSON.parse(text) as { message?: string }).message; } catch { /* a file */ }
    out.push({ name, status: res.status, message });
  }
  return out;
}

function expectNo500(rows: { name: string; status: number; message?: string }[]) {
  // The probes (health, ready) answer their own 503 body: the balancer reads the status.
  const bad = rows.filter((r) => r.status >= 500 && !(r.status === 503 && (r.message === DB_UNAVAILABLE_MESSAGE || r.name.startsWith('health.'))));
  expect(bad, JSON.stringify(bad)).toEqual([]);
}

const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  describe('PostgreSQL lost while running: every route of the table', () => {
    let api: ProxiedApi;
    let baseUrl = '';
    beforeAll(async () => {
      api = await startApiBehindPostgresProxy(databaseUrl, { RATE_LIMIT_PER_MINUTE: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
      baseUrl = api.baseUrl;
    });
    afterAll(async () => {
      await api?.close();
    });

    it('answers 503 in Spanish on every route, never 500, and serves again once the database is back', async () => {
      const account = await createAccount(baseUrl);
      await api.proxy.stop();
      const rows = await walkEveryRoute(baseUrl, account);
      expectNo500(rows);
      // Private routes read the account first: all of them are the 503.
      const privateRows = rows.filter((r) => !(routes as Record<string, RouteDef>)[r.name]!.access.public);
      expect(privateRows.filter((r) => r.status !== 503), JSON.stringify(privateRows.filter((r) => r.status !== 503))).toEqual([]);
      await api.proxy.start();
      expect((await fetch(`${baseUrl}/api/user`, { headers: account.headers })).status).toBe(200);
      expect((await fetch(`${baseUrl}/api/clients`, { headers: account.headers })).status).toBe(200);
    });
  });
} else {
  describe('PGlite closed under the running server: every route of the table', () => {
    let server: TestServer;
    let account: TestAccount;
    beforeAll(async () => {
      server = await startTestServer({ LOG_LEVEL: 'fatal' }, { workers: false });
      account = await createAccount(server.baseUrl);
    });
    afterAll(async () => {
      await server?.close().catch(() => undefined);
    });

    it('answers 503 in Spanish on every route, never 500', async () => {
      expect((await fetch(`${server.baseUrl}/api/user`, { headers: account.headers })).status).toBe(200);
      await server.runtime.ctx.database.close();
      const rows = await walkEveryRoute(server.baseUrl, account);
      expectNo500(rows);
      const privateRows = rows.filter((r) => !(routes as Record<string, RouteDef>)[r.name]!.access.public);
      expect(privateRows.filter((r) => r.status !== 503), JSON.stringify(privateRows.filter((r) => r.status !== 503))).toEqual([]);
    });
  });
}
