/**
 * `npm run bench:scale` (issue 12 §2): the scaled-out deployment on PostgreSQL + Redis — API processes that only
 * enqueue (JOBS_IN_PROCESS=false) and `npm run worker` processes — measured 1 vs 2 API processes and 1 vs 2
 * workers: throughput ratios for authenticated reads (autocannon, one instance per API process: the client
 * side of a round-robin balancer), invoice stamping (8 loops, each its own serie) and ZIP imports (4 accounts
 * × 150 received CFDIs, one ZIP each), with the CPU seconds the app processes spent per request (from
 * /proc/<pid>/stat). Figures only. Needs DATABASE_URL and REDIS_URL. Knobs: SCALE_SECONDS (15).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon, { type Request } from 'autocannon';
import { createAccount, type TestAccount } from '../apps/api/test/accounts';
import { stampedReceived } from '../apps/api/test/received-cfdis';
import { runProcess } from '../apps/api/test/security/support';
import { writeZip } from '../apps/api/src/modules/cfdi-import/zip-writer';
import { freshPostgres, machineLoad, percentile, stampingAccount } from './support';

if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
  console.log('bench:scale: requiere DATABASE_URL (PostgreSQL) y REDIS_URL; no se midió nada');
  process.exit(0);
}
const SECONDS = Number(process.env.SCALE_SECONDS ?? 15);
const PORTS = [3241, 3242];
const bases = PORTS.map((p) => `http://127.0.0.1:${p}`);
const db = await freshPostgres('facturo_scale');
const env: Record<string, string> = {
  ...(process.env as Record<string, string>),
  DATABASE_URL: db.url, REDIS_URL: process.env.REDIS_URL, APP_SECRET: 'scale-secret-scale-secret-scale-secret-01',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'facturo-scale-')), LOG_LEVEL: 'info', SAT_LOCAL_LATENCY_MS: '0',
  RATE_LIMIT_PER_MINUTE: '100000000', AUTH_RATE_LIMIT_PER_MINUTE: '100000000', LOGIN_MAX_ATTEMPTS: '100000000',
  RATE_LIMIT_NAMESPACE: `facturo-scale-${Date.now()}:`, JOBS_IN_PROCESS: 'false', NODE_ENV: 'development',
};
const apis: ChildProcess[] = [];
const workers: ChildProcess[] = [];

/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}
const cpuOf = (list: ChildProcess[]) => list.reduce((s, c) => s + cpuSeconds(c.pid!), 0);

async function withCpu<T extends { requests: number }>(label: string, procs: ChildProcess[], run: () => Promise<T>): Promise<T & { cpuMsPerRequest: number }> {
  const before = cpuOf(procs);
  const r = await run();
  const cpu = cpuOf(procs) - before;
  return { ...r, cpuMsPerRequest: (cpu * 1000) / Math.max(1, r.requests) };
}

async function reads(account: { headers: Record<string, string>; rfc: string }, apiCount: number) {
  const now = new Date();
  const [m, y] = [now.getMonth() + 1, now.getFullYear()];
  const get = (p: string): Request => ({ method: 'GET', path: p, headers: account.headers });
  const requests = [get('/api/user'), get('/api/clients?page=1&perPage=10'), get(`/api/incomes/${m}/${y}?page=1&perPage=10`), get(`/api/incomes/stats/${m}/${y}`), get(`/api/getInMesDashboard/${account.rfc}/${m}/${y}`), get('/api/background/process')];
  const results = await Promise.all(bases.slice(0, apiCount).map((url) => autocannon({ url, connections: 32 / apiCount, duration: SECONDS, requests })));
  const total = results.reduce((s, r) => s + r.requests.total, 0);
  const non2xx = results.reduce((s, r) => s + r.non2xx, 0);
  return { requests: total, rps: total / SECONDS, p99: Math.max(...results.map((r) => r.latency.p99)), non2xx };
}

async function stamps(account: Awaited<ReturnType<typeof stampingAccount>>, apiCount: number, round: number) {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(Array.from({ length: 8 }, async (_, i) => {
    const base = bases[i % apiCount]!;
    const body = account.invoiceBody(`R${round}L${i}`);
    while (performance.now() < end) {
      const t = performance.now();
      const res = await fetch(`${base}/api/invoice40`, { method: 'POST', headers: { ...account.headers, 'content-type': 'application/json' }, body });
      await res.arrayBuffer();
      if (res.status === 201) latencies.push(performance.now() - t);
      else errors++;
    }
  }));
  return { requests: latencies.length, rps: latencies.length / SECONDS, p99: percentile(latencies, 99), non2xx: errors };
}

async function imports(zips: { account: TestAccount; zip: Uint8Array }[]) {
  const t = performance.now();
  const ids = await Promise.all(zips.map(async ({ account, zip }, i) => {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(zip)]), 'mes.zip');
    const res = await fetch(`${bases[i % bases.length]}/api/cfdi/import`, { method: 'POST', headers: account.headers, body: form });
    return ((await res.json()) as { id: string }).id;
  }));
  let imported = 0;
  await Promise.all(ids.map(async (id, i) => {
    for (;;) {
      const s = (await (await fetch(`${bases[0]}/api/cfdi/import/${id}`, { headers: zips[i]!.account.headers })).json()) as { status: string; imported: number };
      if (s.status === 'done' || s.status === 'failed') {
        imported += s.imported;
        return;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }));
  const seconds = (performance.now() - t) / 1000;
  return { requests: imported, rps: imported / seconds, seconds };
}

async function importZips(count: number, perZip: number) {
  const out: { account: TestAccount; zip: Uint8Array }[] = [];
  for (let a = 0; a < count; a++) {
    const account = await createAccount(bases[0]!);
    const entries: { name: string; data: string }[] = [];
    for (let i = 0; i < perZip; i++) {
      const doc = await stampedReceived({ receptorRfc: account.rfc, fecha: `2026-03-${String(1 + (i % 28)).padStart(2, '0')}T10:${String(i % 60).padStart(2, '0')}:00`, valor: String(100 + i) });
      entries.push({ name: `${i}.xml`, data: doc.xml });
    }
    out.push({ account, zip: writeZip(entries) });
  }
  return out;
}

const f1 = (n: number) => n.toFixed(1);
try {
  apis.push(await runProcess('main', { ...env, PORT: String(PORTS[0]) }));
  apis.push(await runProcess('main', { ...env, PORT: String(PORTS[1]) }));
  workers.push(await runProcess('worker', env));
  const account = await stampingAccount(bases[0]!, 20);
  for (let i = 0; i < 30; i++) await fetch(`${bases[0]}/api/invoice40`, { method: 'POST', headers: { ...account.headers, 'content-type': 'application/json' }, body: account.invoiceBody('SEED') });
  await reads(account, 2); // warm-up both processes

  console.log(`\nPostgreSQL + Redis, ${SECONDS} s por medición · ${await machineLoad()}`);
  const r1 = await withCpu('lecturas', apis, () => reads(account, 1));
  const r2 = await withCpu('lecturas', apis, () => reads(account, 2));
  console.log(`Lecturas autenticadas (32 conexiones; sesión, clientes, ingresos, estadísticas, tablero, procesos):`);
  console.log(`  1 API: ${f1(r1.rps)} req/s, p99 ${r1.p99} ms, CPU ${f1(r1.cpuMsPerRequest)} ms/solicitud, no-2xx ${r1.non2xx}`);
  console.log(`  2 API: ${f1(r2.rps)} req/s, p99 ${r2.p99} ms, CPU ${f1(r2.cpuMsPerRequest)} ms/solicitud, no-2xx ${r2.non2xx} · razón ${(r2.rps / r1.rps).toFixed(2)}× · ${await machineLoad()}`);

  const s1 = await withCpu('timbrado', apis, () => stamps(account, 1, 1));
  const s2 = await withCpu('timbrado', apis, () => stamps(account, 2, 2));
  console.log(`Timbrado POST /api/invoice40 (8 en paralelo, una serie cada uno, una cuenta):`);
  console.log(`  1 API: ${f1(s1.rps)} facturas/s, p99 ${s1.p99.toFixed(0)} ms, CPU ${f1(s1.cpuMsPerRequest)} ms/factura, errores ${s1.non2xx}`);
  console.log(`  2 API: ${f1(s2.rps)} facturas/s, p99 ${s2.p99.toFixed(0)} ms, CPU ${f1(s2.cpuMsPerRequest)} ms/factura, errores ${s2.non2xx} · razón ${(s2.rps / s1.rps).toFixed(2)}× · ${await machineLoad()}`);

  const zipsA = await importZips(4, 150);
  const zipsB = await importZips(4, 150);
  const i1 = await withCpu('importación', workers, () => imports(zipsA));
  workers.push(await runProcess('worker', env));
  const i2 = await withCpu('importación', workers, () => imports(zipsB));
  console.log(`Importación de ZIP (4 cuentas × 150 CFDI recibidos, subidas a la vez):`);
  console.log(`  1 worker: ${f1(i1.seconds)} s, ${f1(i1.rps)} CFDI/s, CPU del worker ${f1(i1.cpuMsPerRequest)} ms/CFDI`);
  console.log(`  2 workers: ${f1(i2.seconds)} s, ${f1(i2.rps)} CFDI/s, CPU de los workers ${f1(i2.cpuMsPerRequest)} ms/CFDI · razón ${(i2.rps / i1.rps).toFixed(2)}× · ${await machineLoad()}`);
} finally {
  for (const c of [...apis, ...workers]) c.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 2000));
  for (const c of [...apis, ...workers]) c.kill('SIGKILL');
  await db.drop();
}
