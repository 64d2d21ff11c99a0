import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { startApi } from '../../src/runtime';
import { cloneTemplateDatabase } from '../server';
import { TcpProxy } from './support';

export interface ProxiedApi {
  baseUrl: string;
  /** Stop it to cut the server away from PostgreSQL, start it to give the database back (same port). */
  proxy: TcpProxy;
  close(): Promise<void>;
}

/**
 * An API server on a fresh clone of the template database, reaching PostgreSQL only through a TCP proxy,
 * so a test can take the database away from a running server and give it back.
 */
export async function startApiBehindPostgresProxy(databaseUrl: string, env: Record<string, string> = {}): Promise<ProxiedApi> {
  const target = new URL(databaseUrl);
  const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  await proxy.start();
  const clone = await cloneTemplateDatabase();
  const url = new URL(clone.database.connectionString!);
  await clone.database.close();
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  const database = await openDatabase({ kind: 'postgres', connectionString: url.toString(), poolSize: 5 });
  const config = loadConfig({
    NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'facturo-dbout-')), APP_SECRET: 'test-secret-test-secret-test-secret-0001',
    SAT_LOCAL_LATENCY_MS: '0', DATABASE_URL: url.toString(), LOG_LEVEL: 'fatal', ...env,
  });
  const runtime = await startApi(config, { database });
  await runtime.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    baseUrl: `http://127.0.0.1:${(runtime.app.server.address() as { port: number }).port}`,
    proxy,
    async close() {
      // Give the database back first: closing the pool and dropping the clone need it.
      await proxy.start();
      await runtime.close();
      await proxy.stop();
      await clone.drop();
    },
  };
}
