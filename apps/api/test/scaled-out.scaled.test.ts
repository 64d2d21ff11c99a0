import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createAccount } from './accounts';
import { listen, until } from './live';

/**
 * The scaled-out deployment for real: two API processes that only enqueue (JOBS_IN_PROCESS=false)
 * and one `npm run worker`, over one PostgreSQL database and Redis. A job enqueued through API A is
 * done by the worker, and its progress reaches a socket connected to API B.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const children: ChildProcess[] = [];
let dbName = '';
let env: NodeJS.ProcessEnv = {};

function run(args: string[], extra: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: root, env: { ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      if (/Facturo listo|\[worker\] atendiendo/.test(out)) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} salió con ${code}: ${out}`)));
  });
}

beforeAll(async () => {
  const base = new URL(process.env.DATABASE_URL!);
  dbName = `facturo_scaled_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  await admin.end();
  base.pathname = `/${dbName}`;
  env = {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: base.toString(),
    REDIS_URL: process.env.REDIS_URL!,
    APP_SECRET: 'scaled-secret-scaled-secret-scaled-0001',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'facturo-scaled-')),
    SAT_LOCAL_LATENCY_MS: '200',
    LOG_LEVEL: 'info',
    RATE_LIMIT_NAMESPACE: `facturo-scaled:${dbName}:`,
  };
  // API A first so migrations are applied once; B and the worker then start concurrently.
  await run(['apps/api/src/main.ts'], { PORT: '3291', JOBS_IN_PROCESS: 'false' });
  await Promise.all([
    run(['apps/api/src/main.ts'], { PORT: '3292', JOBS_IN_PROCESS: 'false' }),
    run(['apps/api/src/worker.ts'], {}),
  ]);
}, 120_000);

afterAll(async () => {
  for (const c of children) c.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.end();
});

describe('scaled out: API ×2 + worker over PostgreSQL + Redis', () => {
  it('a job enqueued on API A is run by the worker and its progress reaches a socket on API B', async () => {
    const a = 'http://127.0.0.1:3291';
    const b = 'http://127.0.0.1:3292';
    const account = await createAccount(a, { rfc: 'EKU9003173C9', persona: 'moral' });
    const { socket, progress: messages } = await listen(b, account.token);

    const res = await fetch(`${a}/api/ciec/process`, {
      method: 'POST', headers: { ...account.headers, 'content-type': 'application/json' }, body: JSON.stringify({ ciec: 'Clave1234' }),
    });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    await until(() => messages.some((m) => m.finished), 30_000, 100);
    socket.close();

    const last = messages.at(-1)!;
    expect(last).toMatchObject({ jobId: id, finished: true, code: 200, rfc: 'EKU9003173C9' });
    expect(messages.length).toBeGreaterThanOrEqual(4);
    const worker = children[2]!;
    expect((last.data as { handledBy?: string }).handledBy).toBe(`worker:${worker.pid}`);
    // Both API processes see the finished record in the shared database.
    const fromB = (await (await fetch(`${b}/api/background/process/${id}`, { headers: account.headers })).json()) as any;
    expect(fromB).toMatchObject({ finished: true, code: 200 });
  });
});
