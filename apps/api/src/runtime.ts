import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { openDatabase, waitUntilReachable, type Database } from './db/client';
import { migrate } from './db/migrate';
import type { JobContext } from './jobs/context';
import { createBoss, startBoss } from './jobs/queue';
import { registerWorkers } from './modules/workers';
import { outboxMailer, smtpMailer } from './providers/mail/mailer';
import { localSatGateway } from './providers/sat/sat-gateway';
import { ioPublisher, nullPublisher, redisPublisher, type Publisher } from './realtime/publisher';
import { attachSocket } from './realtime/socket';
import { SecretBox } from './security/secrets';
import { buildApp } from './app';
import { resilientRedis } from './redis';

export interface RuntimeOptions {
  /** A database opened by the caller (tests clone a migrated template); otherwise from config. */
  database?: Database;
  /** Run queue workers in this process (embedded default); false for scaled-out API processes. */
  workers?: boolean;
  /** Where the HTTP log goes (tests scan it); stdout otherwise. */
  logStream?: NodeJS.WritableStream;
}

/** Opens the configured database and, for PostgreSQL, waits for it (DB_CONNECT_TIMEOUT_S) before anything else. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', connectionString: config.databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'db') });
  try {
    // The retry notice goes to stdout: stderr carries only the one line that ends a failed start.
    await waitUntilReachable(database, config.dbConnectTimeoutS, (line) => console.log(line));
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
  return database;
}

/** Everything the API and the workers share: database, queue, mail, SAT, secrets. */
export async function createJobContext(config: Config, database: Database, publisher: Publisher, role: JobContext['role']): Promise<JobContext> {
  await migrate(database);
  const boss = await startBoss(createBoss(database));
  return {
    role,
    config,
    database,
    db: database.db,
    boss,
    publisher,
    secrets: new SecretBox(config.appSecret),
    sat: localSatGateway({ latencyMs: config.satLocalLatencyMs }),
    mailer: config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(database.db),
  };
}

export interface ApiRuntime {
  app: FastifyInstance;
  ctx: JobContext;
  /**
   * Graceful stop (SIGTERM, issue 12): readiness turns 503 at once, the HTTP server stops accepting and
   * finishes the requests in flight, in-process workers finish their current job step, then connections close.
   */
  close(): Promise<void>;
}

/** The API process: HTTP + socket.io (+ workers unless scaled out). Call app.listen() afterwards. */
export async function startApi(config: Config, opts: RuntimeOptions = {}): Promise<ApiRuntime> {
  const database = opts.database ?? (await openConfiguredDatabase(config));
  const publisherRef: { current: Publisher } = { current: nullPublisher };
  const ctx = await createJobContext(config, database, {
    publish: (event, message) => publisherRef.current.publish(event, message),
    disconnectRoom: (room) => publisherRef.current.disconnectRoom?.(room),
    close: async () => undefined,
  }, 'api');
  // One command connection for rate limits, attempt counters and socket.io publishing: one warning
  // line when Redis goes away, one when it is back (issue 17 §4).
  const redis = config.redisUrl ? resilientRedis(config.redisUrl, { role: 'límites y eventos en vivo' }) : undefined;
  let draining = false;
  const app = await buildApp(ctx, { redis, logStream: opts.logStream, draining: () => draining });
  await app.ready();
  const socket = await attachSocket(app, ctx.db, redis && config.redisUrl ? { url: config.redisUrl, pub: redis } : undefined);
  publisherRef.current = ioPublisher(socket.io);
  if (opts.workers ?? config.jobsInProcess) await registerWorkers(ctx.boss, ctx);
  return {
    app,
    ctx,
    async close() {
      draining = true;
      // Live sockets first (an open websocket would keep the HTTP server from closing); then stop taking
      // requests and let those in flight finish (Fastify answers 503 to new ones meanwhile); then let the
      // in-process workers finish the step they are on.
      await socket.close();
      const waiting = app.inFlight();
      if (waiting > 0) app.log.info({ waiting }, 'apagando: esperando las peticiones en curso');
      await app.close();
      await ctx.boss.stop({ graceful: true, wait: true, timeout: 10_000 }).catch(() => undefined);
      redis?.disconnect();
      await database.close();
    },
  };
}

/** `npm run worker`: queue workers only; live messages reach browsers through Redis. */
export async function startWorker(config: Config): Promise<{ close(): Promise<void> }> {
  const database = await openConfiguredDatabase(config);
  const publisher = config.redisUrl ? redisPublisher(config.redisUrl) : nullPublisher;
  if (!config.redisUrl) console.warn('[worker] sin REDIS_URL el avance no llega en vivo a los navegadores');
  const ctx = await createJobContext(config, database, publisher, 'worker');
  await registerWorkers(ctx.boss, ctx);
  return {
    async close() {
      await ctx.boss.stop({ graceful: true, wait: true, timeout: 10_000 }).catch(() => undefined);
      await publisher.close();
      await database.close();
    },
  };
}
