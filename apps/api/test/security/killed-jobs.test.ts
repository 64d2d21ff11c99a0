import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { startTestServer, type TestServer } from '../server';
import { createAccount } from '../accounts';
import { listen, until } from '../live';
import { EMBEDDED_POLL_S, MAINTENANCE_INTERVAL_S, QUEUES, QUEUE_POLICIES } from '../../src/jobs/queue';
import { RETRYING_MESSAGE } from '../../src/jobs/progress';
import { registerWorkers } from '../../src/modules/workers';
import { runMain } from './support';

// Real servers, real HTTP, sometimes child processes, on a shared 2-core machine: generous time per test.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/**
 * Issue 17 §6: after kill -9 during a validation the job stayed "active" for pg-boss's default expiry
 * (~15 min) and the bar froze. Each job type now has an expiry that fits its work (a validation: 60 s),
 * maintenance looks every 15 s, and a retried job says "Reintentando…" and finishes, once.
 */
describe('a validation whose worker died (service level)', () => {
  let server: TestServer;
  beforeAll(async () => {
    // An API that only enqueues: the test plays the worker that takes the job and dies.
    server = await startTestServer({}, { workers: false });
  });
  afterAll(() => server?.close());

  it('validation queues expire after about a minute', () => {
    expect(QUEUE_POLICIES[QUEUES.ciecValidate].expireInSeconds).toBe(60);
    expect(QUEUE_POLICIES[QUEUES.credentialValidate].expireInSeconds).toBe(60);
  });

  it('a job abandoned at that expiry runs again within 2 minutes: expiry + a maintenance round + retry delay + a poll', () => {
    const p = QUEUE_POLICIES[QUEUES.ciecValidate];
    expect(p.expireInSeconds + MAINTENANCE_INTERVAL_S + p.retryDelay + EMBEDDED_POLL_S).toBeLessThan(120);
  });

  it('is picked up again, says "Reintentando…", and finishes once', async () => {
    const { boss } = server.runtime.ctx;
    // The mechanism at a 2-second expiry on this test's own database copy (the minute above is the policy's, the
    // process-level test below waits it out for real), with maintenance asked for rather than waited for.
    await boss.updateQueue(QUEUES.ciecValidate, { name: QUEUES.ciecValidate, ...QUEUE_POLICIES[QUEUES.ciecValidate], expireInSeconds: 2 });
    const account = await createAccount(server.baseUrl, { rfc: 'EKU9003173C9', persona: 'moral' });
    const live = await listen(server.baseUrl, account.token);
    const res = await fetch(`${server.baseUrl}/api/ciec/process`, {
      method: 'POST', headers: { ...account.headers, 'content-type': 'application/json' }, body: JSON.stringify({ ciec: 'Clave1234' }),
    });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    // The worker that took the job and was killed: the job is active and nobody will finish it.
    const taken = await boss.fetch(QUEUES.ciecValidate);
    expect(taken).toHaveLength(1);
    // The process restarts: its workers start polling.
    const restarted = Date.now();
    await registerWorkers(boss, server.runtime.ctx);
    const finished = () => live.progress.some((m) => m.jobId === id && m.finished);
    for (const end = Date.now() + 60_000; !finished() && Date.now() < end;) {
      await boss.maintain(); // what the 15-second round does: the expired job goes back to the queue as a retry
      await until(finished, 1_000, 100).catch(() => undefined);
    }
    expect(finished()).toBe(true);
    const seconds = (Date.now() - restarted) / 1000;
    console.log(`[security] validación abandonada terminada ${seconds.toFixed(1)} s después del reinicio (servicio)`);
    live.socket.close();
    const mine = live.progress.filter((m) => m.jobId === id);
    expect(mine.some((m) => m.message === RETRYING_MESSAGE && m.attempt === 2)).toBe(true);
    expect(mine.filter((m) => m.finished)).toHaveLength(1);
    expect(mine.at(-1)).toMatchObject({ finished: true, code: 200, attempt: 2 });
    const record = (await (await fetch(`${server.baseUrl}/api/background/process/${id}`, { headers: account.headers })).json()) as { finished: boolean; code: number };
    expect(record).toMatchObject({ finished: true, code: 200 });
    const creds = await server.runtime.ctx.database.query<{ n: number }>("SELECT count(*)::int AS n FROM fiscal_credentials WHERE kind = 'ciec'");
    expect(creds.rows[0]!.n).toBe(1);
  }, 150_000);
});

// kill -9 of a real API process needs a database that outlives it: PostgreSQL (the second CI leg).
const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  describe('kill -9 of the API during a validation, then restart (process level)', () => {
    let dbName = '';
    let env: Record<string, string> = {};
    const port = String(3400 + Math.floor(Math.random() * 400));
    const base = `http://127.0.0.1:${port}`;
    const children: { kill(signal?: NodeJS.Signals): boolean }[] = [];
    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      dbName = `facturo_kill_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE DATABASE "${dbName}"`);
      await admin.end();
      const url = new URL(databaseUrl);
      url.pathname = `/${dbName}`;
      env = {
        NODE_ENV: 'test', DATABASE_URL: url.toString(), APP_SECRET: 'kill-secret-kill-secret-kill-secret-0001', PORT: port, HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'facturo-kill-')), SAT_LOCAL_LATENCY_MS: '2000', LOG_LEVEL: 'info',
        RATE_LIMIT_PER_MINUTE: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      };
    }, 60_000);
    afterAll(async () => {
      for (const c of children) c.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 1500));
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await admin.end();
    });

    it('the frozen validation finishes within 2 minutes of the restart', async () => {
      const first = runMain(env, { untilReady: true, timeoutMs: 120_000 });
      children.push(first.child);
      expect((await first.done).ready).toBe(true);
      const account = await createAccount(base, { rfc: 'EKU9003173C9', persona: 'moral' });
      const res = await fetch(`${base}/api/ciec/process`, {
        method: 'POST', headers: { ...account.headers, 'content-type': 'application/json' }, body: JSON.stringify({ ciec: 'Clave1234' }),
      });
      const { id } = (await res.json()) as { id: string };
      const record = async () => (await (await fetch(`${base}/api/background/process/${id}`, { headers: account.headers })).json()) as { progress: number; finished: boolean; code: number };
      let midway = { progress: 0, finished: false, code: 0 };
      for (let i = 0; i < 150 && midway.progress < 35; i++) {
        midway = await record();
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(midway).toMatchObject({ finished: false });
      first.child.kill('SIGKILL');
      await first.done;

      const second = runMain(env, { untilReady: true, timeoutMs: 200_000 });
      children.push(second.child);
      expect((await second.done).ready).toBe(true);
      const restarted = Date.now();
      let last = await record();
      while (!last.finished && Date.now() - restarted < 120_000) {
        await new Promise((r) => setTimeout(r, 500));
        last = await record();
      }
      const seconds = (Date.now() - restarted) / 1000;
      console.log(`[security] kill -9 con la validación al ${midway.progress} %: terminó ${seconds.toFixed(1)} s después del reinicio`);
      expect(last).toMatchObject({ finished: true, code: 200, progress: 100 });
    }, 240_000);
  });
}
