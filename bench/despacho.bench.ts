/**
 * Issue 26 §5: the accountant's board with 500 accounts, over real HTTP against `npm start`'s server in its
 * own process (PGlite embedded): GET /api/despacho page 1 and 3 (200 per page) and all 500 at once; p95.
 * The 499 client accounts go in with one INSERT while the server is stopped (migration 0800's trigger gives
 * each its owner person), then the accountant's person joins each as contador; some have cancellation
 * requests, DIOTs, downloads and stamps so every sub-select has rows to read.
 * Run: npx tsx bench/despacho.bench.ts
 */
import path from 'node:path';
import { createAccount, randomRfc } from '../apps/api/test/accounts';
import { openDatabase } from '../apps/api/src/db/client';
import { load, machineLoad, startServer } from './support';

const port = 3362;
const base = `http://127.0.0.1:${port}`;
const ACCOUNTS = 500;
const unlimited = { LOGIN_MAX_ATTEMPTS: '1000000', RATE_LIMIT_PER_MINUTE: '10000000', AUTH_RATE_LIMIT_PER_MINUTE: '10000000' };

const first = await startServer(port, unlimited);
const accountant = await createAccount(base);
await first.stop();

const database = await openDatabase({ kind: 'pglite', dataDir: path.join(first.dataDir, 'db') });
const [{ id: ownId }] = (await database.query<{ id: number }>('SELECT id FROM users WHERE rfc = $1', [accountant.rfc])).rows;
const [{ id: personId }] = (await database.query<{ id: number }>('SELECT id FROM persons WHERE login_account_id = $1', [ownId])).rows;
const rfcs = new Set<string>([accountant.rfc]);
while (rfcs.size < ACCOUNTS) rfcs.add(randomRfc());
const others = [...rfcs].slice(1);
const [{ hash }] = (await database.query<{ hash: string }>('SELECT password_hash AS hash FROM users WHERE id = $1', [ownId])).rows;
let t = performance.now();
await database.query(
  `INSERT INTO users (rfc, email, password_hash, full_name, persona, regimen, is_confirmed, profile_completed, rol_id, plan_id)
   SELECT r, lower(r) || '@despacho.mx', $2, 'Cliente ' || r, 'fisica', '612', true, true, 11, 2 FROM unnest($1::text[]) AS r`,
  [others, hash],
);
await database.query(`INSERT INTO memberships (user_id, person_id, rol) SELECT id, $1, 'contador' FROM users WHERE id <> $2 AND rfc = ANY($3::text[])`, [personId, ownId, others]);
await database.query(`INSERT INTO stamp_balances (user_id, balance) SELECT user_id, 100 FROM memberships WHERE person_id = $1 ON CONFLICT DO NOTHING`, [personId]);
await database.query(
  `INSERT INTO cancellation_requests (user_id, uuid, rfc_emisor, requested_at, deadline, status)
   SELECT m.user_id, gen_random_uuid()::text, 'XAXX010101000', now(), now() + interval '48 hours', 'pendiente'
   FROM memberships m, generate_series(1, 3) WHERE m.person_id = $1 AND m.user_id % 4 = 0`, [personId],
);
console.log(`${ACCOUNTS} cuentas con su persona dueña y la membresía del contador: ${Math.round(performance.now() - t)} ms`);
await database.close();

const server = await startServer(port, unlimited, first.dataDir);
const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: accountant.rfc, password: accountant.password }) });
const headers = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };

async function measure(label: string, url: string, rows: number) {
  t = performance.now();
  const res = await fetch(`${base}${url}`, { headers });
  const body = (await res.json()) as { total: number; data: unknown[] };
  if (res.status !== 200 || body.total !== ACCOUNTS || body.data.length !== rows) throw new Error(`${url} → ${res.status} total ${body.total} filas ${body.data?.length}`);
  const cold = performance.now() - t;
  const one = async () => {
    const r = await fetch(`${base}${url}`, { headers });
    if (r.status !== 200) throw new Error(String(r.status));
    await r.arrayBuffer();
  };
  // One at a time (an accountant's browser) and four at once (a few accountants of the same firm).
  const serial = await load(one, { seconds: 5, concurrency: 1 });
  const four = await load(one, { seconds: 5, concurrency: 4 });
  console.log(`${label}: de una en una p50 ${serial.p50} ms, p95 ${serial.p95} ms; 4 a la vez ${four.rps} req/s, p95 ${four.p95} ms; errores ${serial.errors + four.errors} (primera ${cold.toFixed(1)} ms)`);
}

await measure('GET /api/despacho página 1 (200 cuentas)', '/api/despacho?page=1&perPage=200', 200);
await measure('GET /api/despacho página 3 (cuentas 401-500)', '/api/despacho?page=3&perPage=200', 100);
await measure('GET /api/despacho las 500 cuentas', '/api/despacho?page=1&perPage=500', 500);
console.log(await machineLoad());
await server.stop();
