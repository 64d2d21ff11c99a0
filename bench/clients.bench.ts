/**
 * Customers list with 10,000 customers, over real HTTP against `npm start`'s server in its own
 * process (PGlite embedded): page 1 and a search, requests/s and p95.
 * The rows go in with one multi-row INSERT while the server is stopped (PGlite has one owner).
 * Run: npx tsx bench/clients.bench.ts
 */
import path from 'node:path';
import { withCheckDigit } from '@facturo/contract';
import { createAccount } from '../apps/api/test/accounts';
import { openDatabase } from '../apps/api/src/db/client';
import { load, startServer } from './support';

const port = 3321;
const base = `http://127.0.0.1:${port}`;
const CUSTOMERS = 10_000;
const unlimited = { LOGIN_MAX_ATTEMPTS: '1000000', RATE_LIMIT_PER_MINUTE: '10000000', AUTH_RATE_LIMIT_PER_MINUTE: '10000000' };

const WORDS = ['Comercializadora', 'Servicios', 'Distribuidora', 'Grupo', 'Constructora', 'Consultores', 'Transportes', 'Abarrotes', 'Ñandú', 'Óptica', 'Médica', 'Papelería'];
const PLACES = ['del Norte', 'del Bajío', 'de Occidente', 'Peninsular', 'del Pacífico', 'Integral', 'Mexicana', 'Industrial'];

/** A deterministic, valid persona moral RFC for customer i. */
function rfcFor(i: number): string {
  const letters = String.fromCharCode(65 + (i % 26), 65 + (Math.floor(i / 26) % 26), 65 + (Math.floor(i / 676) % 26));
  const day = String(1 + (i % 28)).padStart(2, '0');
  const month = String(1 + (Math.floor(i / 28) % 12)).padStart(2, '0');
  const homo = `${'ABCDEFGHJKLMNPQRSTUVWXYZ'[i % 24]}${(Math.floor(i / 24) % 9) + 1}`;
  return withCheckDigit(`${letters}90${month}${day}${homo}`);
}

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

const first = await startServer(port, unlimited);
const account = await createAccount(base);
await first.stop();

// One multi-row INSERT of every customer, straight into the server's PGlite data dir.
const database = await openDatabase({ kind: 'pglite', dataDir: path.join(first.dataDir, 'db') });
const [{ id: userId }] = (await database.query<{ id: number }>('SELECT id FROM users WHERE rfc = $1', [account.rfc])).rows;
const values: string[] = [];
const params: unknown[] = [];
const seen = new Set<string>();
for (let i = 0; values.length < CUSTOMERS; i++) {
  const rfc = rfcFor(i);
  if (seen.has(rfc)) continue;
  seen.add(rfc);
  const name = `${WORDS[i % WORDS.length]} ${PLACES[Math.floor(i / WORDS.length) % PLACES.length]} ${i}`;
  const n = params.length;
  values.push(`($${n + 1}, $${n + 2}, $${n + 3}, '["pagos@ejemplo.mx"]', 'moral', '601', 'G03', '06600', 'CMX', '015', 'MEX', $${n + 4})`);
  params.push(userId, rfc, name, fold(`${rfc} ${name}`));
}
let t = performance.now();
await database.query(
  `INSERT INTO clients (user_id, rfc, r_social, emails, persona, regimen, uso_cfdi, cp, state, municipality, pais, search_text) VALUES ${values.join(', ')}`,
  params,
);
console.log(`INSERT de ${CUSTOMERS.toLocaleString('es-MX')} clientes en una sola sentencia: ${Math.round(performance.now() - t)} ms`);
await database.close();

const server = await startServer(port, unlimited, first.dataDir);
const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: account.rfc, password: account.password }) });
const headers = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };

async function measure(label: string, url: string, expectTotal: (n: number) => boolean) {
  t = performance.now();
  const res = await fetch(`${base}${url}`, { headers });
  const body = (await res.json()) as { total: number; data: unknown[] };
  if (res.status !== 200 || !expectTotal(body.total)) throw new Error(`${url} → ${res.status} total ${body.total}`);
  const cold = performance.now() - t;
  const figures = await load(async () => {
    const r = await fetch(`${base}${url}`, { headers });
    if (r.status !== 200) throw new Error(String(r.status));
    await r.arrayBuffer();
  }, { seconds: 5, concurrency: 8 });
  console.log(`${label}: ${figures.rps} req/s, p50 ${figures.p50} ms, p95 ${figures.p95} ms, errores ${figures.errors} (primera ${cold.toFixed(1)} ms, total ${body.total}, filas ${body.data.length})`);
}

// Same guards (JWT, account, plan product) without touching the customers table: the floor under the list figures.
const floor = await load(async () => {
  const r = await fetch(`${base}/api/clients/states`, { headers });
  if (r.status !== 200) throw new Error(String(r.status));
  await r.arrayBuffer();
}, { seconds: 5, concurrency: 8 });
console.log(`GET /api/clients/states (referencia: mismos guardias, sin consultar clientes): ${floor.rps} req/s, p50 ${floor.p50} ms, p95 ${floor.p95} ms`);
await measure('GET /api/clients página 1 (10 por página)', '/api/clients?page=1&perPage=10', (n) => n === CUSTOMERS);
await measure('GET /api/clients página 500 (20 por página)', '/api/clients?page=500&perPage=20', (n) => n === CUSTOMERS);
await measure('GET /api/clients?search=nandu (sin acento → "Ñandú")', '/api/clients?search=nandu', (n) => n > 0 && n < CUSTOMERS);
await measure('GET /api/clients?search=ABC90 (parte de un RFC)', '/api/clients?search=ABC90', (n) => n >= 0);
console.log(`Carga de la máquina al terminar (load average 1 min): ${(await import('node:os')).loadavg()[0]!.toFixed(2)} en ${(await import('node:os')).cpus().length} núcleos`);
await server.stop();
