import { mkdirSync } from 'node:fs';
import { DatabaseUnreachableError } from './unreachable';
import { PGlite, types, type QueryOptions } from '@electric-sql/pglite';
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
  /**
   * `SELECT 1` for the health probes. On PostgreSQL it runs on a connection of its own, outside the pool: with
   * every pool connection taken by admitted requests (an overload), a live process must not look dead to the
   * balancer (bench:load measured health waiting 10.5 s behind the pool on the shared machine).
   */
  ping(): Promise<void>;
  db: Db;
  /** Present for PGlite: pg-boss and tests reach the single embedded connection through it. */
  pglite?: PGlite;
  /** With PGlite: the options that give a raw statement PGlite's own parsers (a Date for a timestamp). */
  pgliteRaw?: { parsers: Record<number, (value: string, typeId?: number) => unknown> };
  connectionString?: string;
  /** PostgreSQL: connections in the pool. */
  poolSize?: number;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; connectionString: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** Opens PostgreSQL (DATABASE_URL) or the embedded PGlite under DATA_DIR/db — one code path above this. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.kind === 'postgres') {
    const poolSize = opts.poolSize ?? 10;
    const pool = new pg.Pool({ connectionString: opts.connectionString, max: poolSize });
    // An idle connection closed by the server (restart, failover, DROP DATABASE … FORCE) is reported
    // on the pool; without a listener Node would treat it as an uncaught error and exit.
    pool.on('error', (err) => console.warn(`[db] se cerró una conexión inactiva: ${err.message}`));
    let probe: Promise<pg.Client> | undefined;
    const probeConnection = (): Promise<pg.Client> =>
      (probe ??= (async () => {
        const client = new pg.Client({ connectionString: opts.connectionString, connectionTimeoutMillis: 2_000 });
        client.on('error', () => { probe = undefined; }); // terminated by the server: the next ping reconnects
        await client.connect();
        return client;
      })().catch((err) => {
        probe = undefined;
        throw err;
      }));
    const dropProbe = async () => {
      const current = probe;
      probe = undefined;
      await current?.then((c) => c.end()).catch(() => undefined);
    };
    return {
      kind: 'postgres',
      db: drizzlePg(pool, { schema }) as unknown as Db,
      connectionString: opts.connectionString,
      poolSize,
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
      async ping() {
        const client = await probeConnection();
        try {
          await client.query('SELECT 1');
        } catch (err) {
          await dropProbe();
          throw err;
        }
      },
      async close() {
        await dropProbe();
        await pool.end();
      },
    };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir });
  const dates = textDatesOnTheClient(client);
  const statements = yieldBeforeEachStatement(client);
  const runner: SqlRunner = {
    query: async (text, values) => ({ rows: (await client.query(text, values, dates)).rows as any[] }),
    exec: async (text) => void (await client.exec(text, dates)),
  };
  return {
    kind: 'pglite',
    db: drizzlePglite(client, { schema }) as unknown as Db,
    pglite: client,
    pgliteRaw: dates,
    ...runner,
    session: (fn) => fn(runner),
    ping: async () => void (await client.query('SELECT 1')),
    close: async () => {
      await statements.handedOver();
      await client.close();
    },
  };
}

/** The types drizzle reads as text (it parses them itself): dates, times, intervals and their arrays, and numeric[]. */
const DRIZZLE_TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];

/**
 * Drizzle passes its own parsers (the types above as text) with every statement, and PGlite then copies its map of
 * several hundred type parsers into a new object before reading the rows: about 0.2 ms of CPU per statement on this
 * machine, a fifth of a simple indexed SELECT (decision 326). So those parsers are installed once on the client and
 * dropped from drizzle's statements, which PGlite then reads with its own map as it is. Everything else that
 * reaches the client (pg-boss, migrations, raw queries) gets the returned options, PGlite's own parsers for those
 * types (a Date for a timestamp), as it did before.
 */
export function textDatesOnTheClient(client: PGlite): { parsers: Record<number, (value: string, typeId?: number) => unknown> } {
  const own: Record<number, (value: string, typeId?: number) => unknown> = {};
  for (const oid of DRIZZLE_TEXT_TYPES) {
    own[oid] = client.parsers[oid] ?? ((value: string) => value);
    client.parsers[oid] = (value: string) => value;
  }
  const isDrizzles = (parsers: object) => {
    const keys = Object.keys(parsers);
    return keys.length === DRIZZLE_TEXT_TYPES.length && DRIZZLE_TEXT_TYPES.every((oid) => String(oid) in parsers);
  };
  const strip = (options: QueryOptions | undefined): QueryOptions | undefined => {
    if (!options?.parsers || options.parsers === own || !isDrizzles(options.parsers)) return options;
    const { parsers: _dropped, ...rest } = options;
    return rest;
  };
  const lighten = (target: Pick<PGlite, 'query'>) => {
    const query = target.query.bind(target);
    target.query = ((text: string, params?: unknown[], options?: QueryOptions) => query(text, params, strip(options))) as typeof target.query;
  };
  lighten(client);
  // Drizzle's transactions run their statements on PGlite's transaction object.
  const transaction = client.transaction.bind(client);
  client.transaction = ((fn: Parameters<typeof transaction>[0]) => transaction((tx) => {
    lighten(tx);
    return fn(tx);
  })) as typeof client.transaction;
  return { parsers: own };
}

/**
 * PGlite runs each statement synchronously on this thread, and hands its lock from one waiting statement to the
 * next through promises: with a queue of statements the process went from one to the next without returning
 * to the event loop. The sockets were not read meanwhile — an overload waited in the kernel, invisible to
 * load shedding's in-flight count — and timers did not fire. One turn of the loop before each statement and each
 * transaction (setImmediate: after the pending I/O, not a timer's minimum delay) lets requests in, so the
 * in-flight cap sheds the excess with 503 as it does on PostgreSQL, and health answers (decision 260).
 */
function yieldBeforeEachStatement(client: PGlite): { handedOver(): Promise<void> } {
  // Statements asked for but still waiting for their turn: close() lets them reach PGlite first, as they did
  // when they reached it at once (else a pg-boss completion asked for just before the shutdown would find
  // PGlite closed).
  let waiting = 0;
  const wakers: (() => void)[] = [];
  const inTurn = async <T>(run: () => Promise<T>): Promise<T> => {
    waiting += 1;
    await new Promise<void>((resolve) => setImmediate(resolve));
    try {
      return run(); // handed to PGlite now (not awaited here), so `finally` runs before it settles
    } finally {
      waiting -= 1;
      if (waiting === 0) for (const wake of wakers.splice(0)) wake();
    }
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<typeof query>) => inTurn(() => query(...args))) as typeof client.query;
  client.exec = (...args: Parameters<typeof exec>) => inTurn(() => exec(...args));
  client.transaction = ((...args: Parameters<typeof transaction>) => inTurn(() => transaction(...args))) as typeof client.transaction;
  return { handedOver: () => (waiting === 0 ? Promise.resolve() : new Promise<void>((resolve) => wakers.push(resolve))) };
}

/** Start-up could not reach the database in time: main.ts prints this one line and exits 1. */
export { DatabaseUnreachableError };

/** "host:port" of a PostgreSQL URL, for messages (never the user or password). */
export function databaseTarget(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    return `${url.hostname || 'localhost'}:${url.port || '5432'}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * Waits for PostgreSQL at start (issue 17 §5): retries `SELECT 1` with a backoff of 0.5 s doubling up
 * to 5 s, for at most `timeoutS` seconds, then gives up with one line that names host and port.
 * PGlite is in-process and always reachable.
 */
export async function waitUntilReachable(
  database: Database, timeoutS: number, onRetry?: (line: string) => void,
): Promise<void> {
  if (database.kind !== 'postgres') return;
  const target = databaseTarget(database.connectionString!);
  const deadline = Date.now() + timeoutS * 1000;
  let delay = 500;
  let warned = false;
  for (;;) {
    try {
      await database.query('SELECT 1');
      return;
    } catch (err) {
      const e = err as { code?: string; message?: string; errors?: { code?: string }[] };
      const reason = e.code ?? e.errors?.[0]?.code ?? e.message ?? 'error desconocido';
      if (Date.now() + delay > deadline) {
        throw new DatabaseUnreachableError(
          `No se pudo conectar a la base de datos PostgreSQL en ${target} después de ${timeoutS} s (${reason}); revisa DATABASE_URL y que el servidor esté en marcha`,
        );
      }
      if (!warned) onRetry?.(`[db] PostgreSQL en ${target} no responde (${reason}); reintentando hasta ${timeoutS} s`);
      warned = true;
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 5_000);
    }
  }
}
