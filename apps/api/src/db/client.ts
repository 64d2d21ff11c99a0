import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<any, typeof schema>;

/** Raw access used by migrations and pg-boss: parameterised queries and multi-statement scripts. */
export interface SqlRunner {
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: T[] }>;
  exec(text: string): Promise<void>;
}

export interface Database extends SqlRunner {
  kind: 'pglite' | 'postgres';
  /** Runs fn on one connection (session-level locks, BEGIN/COMMIT); PGlite has only one. */
  session<T>(fn: (sql: SqlRunner) => Promise<T>): Promise<T>;
  db: Db;
  /** Present for PGlite: pg-boss and tests reach the single embedded connection through it. */
  pglite?: PGlite;
  connectionString?: string;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; connectionString: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** Opens PostgreSQL (DATABASE_URL) or the embedded PGlite under DATA_DIR/db — one code path above this. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: opts.connectionString, max: opts.poolSize ?? 10 });
    // An idle connection closed by the server (restart, failover, DROP DATABASE … FORCE) is reported
    // on the pool; without a listener Node would treat it as an uncaught error and exit.
    pool.on('error', (err) => console.warn(`[db] se cerró una conexión inactiva: ${err.message}`));
    return {
      kind: 'postgres',
      db: drizzlePg(pool, { schema }) as unknown as Db,
      connectionString: opts.connectionString,
      query: async (text, values) => ({ rows: (await pool.query(text, values as any[])).rows }),
      exec: async (text) => void (await pool.query(text)),
      session: async (fn) => {
        const conn = await pool.connect();
        try {
          return await fn({
            query: async (text, values) => ({ rows: (await conn.query(text, values as any[])).rows }),
            exec: async (text) => void (await conn.query(text)),
          });
        } finally {
          conn.release();
        }
      },
      close: () => pool.end(),
    };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir });
  const runner: SqlRunner = {
    query: async (text, values) => ({ rows: (await client.query(text, values)).rows as any[] }),
    exec: async (text) => void (await client.exec(text)),
  };
  return {
    kind: 'pglite',
    db: drizzlePglite(client, { schema }) as unknown as Db,
    pglite: client,
    ...runner,
    session: (fn) => fn(runner),
    close: () => client.close(),
  };
}
