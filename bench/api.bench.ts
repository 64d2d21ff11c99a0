/**
 * API figures over real HTTP against `npm start`'s server in its own process (PGlite embedded):
 * cold start to /api/health, login requests/s (argon2id cost stated), an authenticated read.
 */
import { createAccount } from '../apps/api/test/accounts';
import { ARGON2_OPTIONS } from '../apps/api/src/security/passwords';
import { load, startServer } from './support';

const port = 3310;
const base = `http://127.0.0.1:${port}`;
const unlimited = { LOGIN_MAX_ATTEMPTS: '1000000', RATE_LIMIT_PER_MINUTE: '10000000', AUTH_RATE_LIMIT_PER_MINUTE: '10000000' };

const first = await startServer(port, unlimited);
console.log(`npm start en frío (data dir nuevo: migraciones + catálogos) → /api/health listo: ${first.ms} ms`);
await first.stop();
const warm = await startServer(port, unlimited, first.dataDir);
console.log(`npm start con data dir existente → /api/health listo: ${warm.ms} ms`);

const account = await createAccount(base);
{
  // First catalog search right after start: measures when the preloaded SAT catalogs are usable.
  const t = performance.now();
  const res = await fetch(`${base}/api/products/find-service?search=servicios%20de%20contabilidad`, { headers: account.headers });
  console.log(`primera búsqueda en c_ClaveProdServ tras el arranque: ${res.status} en ${Math.round(performance.now() - t)} ms`);
}
const body = JSON.stringify({ username: account.rfc, password: account.password });
const login = await load(async () => {
  const res = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  if (res.status !== 200) throw new Error(String(res.status));
  await res.arrayBuffer();
}, { seconds: 5, concurrency: 4 });
console.log(`POST /api/login (argon2id m=${ARGON2_OPTIONS.memoryCost} KiB, t=${ARGON2_OPTIONS.timeCost}, p=${ARGON2_OPTIONS.parallelism}): ${login.rps} req/s, p50 ${login.p50} ms, p95 ${login.p95} ms, errores ${login.errors}`);

const read = await load(async () => {
  const res = await fetch(`${base}/api/user/plan`, { headers: account.headers });
  if (res.status !== 200) throw new Error(String(res.status));
  await res.arrayBuffer();
}, { seconds: 5, concurrency: 8 });
console.log(`GET /api/user/plan (autenticado, JWT + cuenta + plan): ${read.rps} req/s, p50 ${read.p50} ms, p95 ${read.p95} ms, errores ${read.errors}`);

const health = await load(async () => {
  const res = await fetch(`${base}/api/background/process`, { headers: account.headers });
  if (res.status !== 200) throw new Error(String(res.status));
  await res.arrayBuffer();
}, { seconds: 3, concurrency: 8 });
console.log(`GET /api/background/process (autenticado): ${health.rps} req/s, p50 ${health.p50} ms, p95 ${health.p95} ms`);
await warm.stop();
