import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { startApi, type ApiRuntime } from '../src/runtime';

export interface TestServer {
  baseUrl: string;
  runtime: ApiRuntime;
  close(): Promise<void>;
}

/** A copy of the migrated template for this test file (PGlite dump, or a PostgreSQL database). */
export async function cloneTemplateDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  const pgTemplate = inject('postgresTemplate');
  if (url && pgTemplate) {
    const name = `${pgTemplate}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${pgTemplate}"`);
    await admin.end();
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', connectionString: dbUrl.toString(), poolSize: 5 });
    return {
      database,
      async drop() {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const blob = new Blob([readFileSync(inject('pgliteTemplate'))]);
  const database = await openDatabase({ kind: 'pglite', loadDataDir: blob });
  return { database, drop: async () => undefined };
}

export interface TestServerOptions {
  /** Interface to listen on (default 127.0.0.1; '0.0.0.0' lets tests connect from a non-loopback address). */
  host?: string;
  /** Receives the server's log lines (tests scan them). */
  logStream?: NodeJS.WritableStream;
  /** Run the queue workers in this process (default true). */
  workers?: boolean;
}

/** Starts the real API on a free port over a fresh database copy (real HTTP, real jobs). */
export async function startTestServer(env: Record<string, string> = {}, opts: TestServerOptions = {}): Promise<TestServer> {
  const { database, drop } = await cloneTemplateDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'facturo-test-')),
    APP_SECRET: 'test-secret-test-secret-test-secret-0001',
    SAT_LOCAL_LATENCY_MS: '0',
    RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    PORTAL_RATE_LIMIT_PER_MINUTE: '100000',
    // Like the rate limits: load shedding off unless a test turns it on (concurrency tests send 100 at
    // once, and a busy shared machine must not turn a slow test into 503s).
    MAX_IN_FLIGHT: '100000',
    MAX_LOOP_STALL_MS: '600000',
    RATE_LIMIT_NAMESPACE: `facturo-test:${randomBytes(4).toString('hex')}:`,
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...env,
  });
  const runtime = await startApi(config, { database, logStream: opts.logStream, workers: opts.workers });
  await runtime.app.listen({ port: 0, host: opts.host ?? '127.0.0.1' });
  const address = runtime.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    runtime,
    async close() {
      await runtime.close();
      await drop();
    },
  };
}
