/**
 * `npm run bench:load` (issue 12 §3): one API process (`npm start`, workers in process) under a realistic mix
 * — logins, lists, month stats, the dashboard and invoice stamping — at a fixed 200 req/s for 60 s (autocannon,
 * 20 connections), on the embedded PGlite and, when DATABASE_URL is set, on PostgreSQL (+ Redis when
 * REDIS_URL is set). Prints the 5xx count and p50/p97.5/p99 (goal: 0 5xx, p99 < 200 ms), and p50/p99 by kind.
 * Then an overload: as fast as 300 connections go for 20 s; the process must shed (503 + Retry-After over MAX_IN_FLIGHT, 429 over
 * the rate limit) rather than fall over, and answer /api/health right after.
 * Figures only, no assertions. Knobs: LOAD_RATE (200), LOAD_SECONDS (60), OVERLOAD_SECONDS (20),
 * OVERLOAD_CONNECTIONS (300), LOAD_ONLY=pglite|postgres.
 */
import type { EventEmitter } from 'node:events';
import autocannon, { type Request, type Result } from 'autocannon';
import { machineLoad, freshPostgres, stampingAccount, startServer, type StampingAccount } from './support';

const port = 3236;
const base = `http://127.0.0.1:${port}`;
const RATE = Number(process.env.LOAD_RATE ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const OVER_SECONDS = Number(process.env.OVERLOAD_SECONDS ?? 20);
const OVER_CONNECTIONS = Number(process.env.OVERLOAD_CONNECTIONS ?? 300);
// Many users from many addresses in real life; one address here: the per-IP limits must not be what we measure.
const unlimited = { RATE_LIMIT_PER_MINUTE: '100000000', AUTH_RATE_LIMIT_PER_MINUTE: '100000000', LOGIN_MAX_ATTEMPTS: '100000000', LOGIN_ACCOUNT_MAX_FAILURES: '100000000' };

type Kind = 'login' | 'timbrado' | 'lectura';

/**
 * 20 requests a connection walks through in turn: 1 login (argon2), 1 stamp (seal + PAC + store),
 * 18 reads of what the screens ask for (session, plan, lists, month stats, dashboard, jobs, notices).
 */
function mix(a: StampingAccount, month: number, year: number): { request: Request; kind: Kind }[] {
  const auth = a.headers;
  const json = { ...auth, 'content-type': 'application/json' };
  const get = (path: string) => ({ request: { method: 'GET', path, headers: auth } as Request, kind: 'lectura' as const });
  const reads = [
    get('/api/user'), get('/api/user/plan'), get('/api/clients?page=1&perPage=10'), get(`/api/incomes/${month}/${year}?page=1&perPage=10`),
    get(`/api/incomes/stats/${month}/${year}`), get(`/api/getInMesDashboard/${a.rfc}/${month}/${year}`), get('/api/background/process'),
    get('/api/notificaciones/urgentes'), get(`/api/outcomes/${month}/${year}?page=1&perPage=10`), get(`/api/outcomes/stats/${month}/${year}`),
  ];
  const all = [
    { request: { method: 'POST', path: '/api/login', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: a.email, password: a.password }) } as Request, kind: 'login' as const },
    ...reads.slice(0, 9),
    { request: { method: 'POST', path: '/api/invoice40', headers: json, body: a.invoiceBody('LOAD') } as Request, kind: 'timbrado' as const },
    ...reads, reads[3]!, reads[4]!, reads[5]!,
  ];
  return all.slice(0, 20);
}

/**
 * Runs the mix with every connection starting at its own place in it (connection i at request i), like
 * users who are each somewhere else in their day. The same list on every connection would march them in
 * step: all 20 stamps of a round would reach the serie's folio lock in the same instant, 20 times a
 * second being one account's 20 simultaneous stamps (a case stamp-concurrency.test.ts covers, not a load).
 * Also times every answer by its kind, from the order each connection walks its list.
 */
async function run(opts: autocannon.Options, steps: { request: Request; kind: Kind }[]): Promise<{ result: Result; byKind: Map<Kind, number[]> }> {
  const byKind = new Map<Kind, number[]>();
  const walk = new Map<unknown, { offset: number; n: number }>();
  let next = 0;
  const instance = autocannon({
    ...opts,
    requests: steps.map((s) => s.request),
    setupClient(client) {
      const offset = next++ % steps.length;
      walk.set(client, { offset, n: 0 });
      client.setRequests([...steps.slice(offset), ...steps.slice(0, offset)].map((s) => s.request));
    },
  }) as unknown as Promise<Result> & EventEmitter; // without a callback the instance is both
  instance.on('response', (client: unknown, _status: number, _bytes: number, ms: number) => {
    const w = walk.get(client);
    if (!w) return;
    const kind = steps[(w.offset + w.n++) % steps.length]!.kind;
    const times = byKind.get(kind) ?? [];
    times.push(ms);
    byKind.set(kind, times);
  });
  const result = await instance;
  return { result, byKind };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : NaN;
};
const kinds = (byKind: Map<Kind, number[]>) =>
  [...byKind].map(([k, v]) => `${k} ×${v.length}: p50 ${percentile(v, 0.5).toFixed(0)} ms, p99 ${percentile(v, 0.99).toFixed(0)} ms`).join(' · ');

const count = (r: Result, code: number) => Number((r.statusCodeStats as Record<string, { count: number }>)[String(code)]?.count ?? 0);
const codes = (r: Result) => Object.entries(r.statusCodeStats as Record<string, { count: number }>).map(([c, v]) => `${c}×${v.count}`).join(' ');

async function leg(label: string, env: Record<string, string>): Promise<void> {
  const server = await startServer(port, { ...unlimited, ...env });
  try {
    const account = await stampingAccount(base);
    // A month with some documents, so the lists and stats read real rows.
    for (let i = 0; i < 30; i++) {
      const res = await fetch(`${base}/api/invoice40`, { method: 'POST', headers: { ...account.headers, 'content-type': 'application/json' }, body: account.invoiceBody('SEED') });
      if (res.status !== 201) throw new Error(`siembra: ${res.status} ${await res.text()}`);
    }
    const now = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: 'numeric' }).formatToParts(new Date());
    const month = Number(now.find((p) => p.type === 'month')!.value);
    const year = Number(now.find((p) => p.type === 'year')!.value);
    const steps = mix(account, month, year);
    // Warm-up (JIT, caches, pools), not counted.
    await run({ url: base, connections: 10, amount: 200 }, steps);

    console.log(`\n${label}: ${RATE} req/s durante ${SECONDS} s (20 conexiones; mezcla de 20: 1 login, 1 timbrado, 18 lecturas) · ${await machineLoad()}`);
    const { result: steady, byKind } = await run({ url: base, connections: 20, overallRate: RATE, duration: SECONDS }, steps);
    const fivexx = steady['5xx'];
    const l = steady.latency;
    console.log(`  ${steady.requests.total} solicitudes (${steady.requests.average} req/s promedio), 5xx: ${fivexx}, errores de conexión: ${steady.errors}, timeouts: ${steady.timeouts} · códigos ${codes(steady)}`);
    console.log(`  latencia p50 ${l.p50} ms, p97.5 ${l.p97_5} ms, p99 ${l.p99} ms, máx ${l.max} ms ${fivexx === 0 && l.p99 < 200 ? '(meta cumplida: 0 5xx, p99 < 200 ms)' : '(fuera de la meta: 0 5xx y p99 < 200 ms)'} · ${await machineLoad()}`);
    console.log(`  por tipo: ${kinds(byKind)}`);

    console.log(`${label}: sobrecarga, ${OVER_CONNECTIONS} conexiones lo más rápido posible durante ${OVER_SECONDS} s`);
    const { result: over } = await run({ url: base, connections: OVER_CONNECTIONS, duration: OVER_SECONDS, timeout: 30 }, steps);
    const shed = count(over, 503) + count(over, 429);
    const other5xx = over['5xx'] - count(over, 503);
    console.log(`  ${over.requests.total} solicitudes (${over.requests.average} req/s), 2xx ${over['2xx']}, rechazadas por carga (503/429) ${shed}, otros 5xx ${other5xx}, errores de conexión ${over.errors}, timeouts ${over.timeouts}`);
    console.log(`  latencia p50 ${over.latency.p50} ms, p99 ${over.latency.p99} ms · códigos ${codes(over)}`);
    const t = performance.now();
    const health = await fetch(`${base}/api/health`);
    const healthMs = performance.now() - t;
    const t2 = performance.now();
    const user = await fetch(`${base}/api/user`, { headers: account.headers });
    console.log(`  justo después: /api/health → ${health.status} en ${healthMs.toFixed(0)} ms, /api/user → ${user.status} en ${(performance.now() - t2).toFixed(0)} ms; proceso vivo: ${server.child.exitCode === null ? 'sí' : 'no'} · ${await machineLoad()}`);
  } finally {
    await server.stop();
  }
}

const only = process.env.LOAD_ONLY;
if (only !== 'postgres') await leg('PGlite (embebida)', { DATABASE_URL: '', REDIS_URL: '' });
if (process.env.DATABASE_URL && only !== 'pglite') {
  const db = await freshPostgres('facturo_load');
  try {
    await leg(`PostgreSQL${process.env.REDIS_URL ? ' + Redis' : ''}`, { DATABASE_URL: db.url, APP_SECRET: 'load-secret-load-secret-load-secret-0001', RATE_LIMIT_NAMESPACE: `facturo-load-${Date.now()}:` });
  } finally {
    await db.drop();
  }
} else if (only !== 'pglite') {
  console.log('\nPostgreSQL: sin DATABASE_URL, no se midió (define DATABASE_URL=postgres://… y REDIS_URL para la segunda pasada)');
}
