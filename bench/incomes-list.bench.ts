/**
 * Incomes with 100,000 invoices for one RFC and 10 other RFCs with 10,000 each (PGlite embedded), over real
 * HTTP against `npm start`'s server: list page 1, monthly stats and the month's CSV, p95 of sequential
 * requests, each beside the bare SQL of the same statements (built by the same functions) timed in the same
 * run on the same data dir while the server is stopped (PGlite has one owner). Goal: list and stats
 * p95 < 20 ms and ≤ 2× the SQL. Also the month dashboard (issue 13: p95 < 50 ms and ≤ 2× its SQL).
 * Rows go in with INSERT … SELECT generate_series, not through storeCfdi (the HTTP path is not the subject).
 * Run: npx tsx bench/incomes-list.bench.ts
 */
import path from 'node:path';
import { createAccount } from '../apps/api/test/accounts';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { listSql, listWhere } from '../apps/api/src/modules/incomes/cfdi-list';
import { monthStatsSql } from '../apps/api/src/modules/incomes/cfdi-stats';
import { percentile, startServer } from './support';

const port = 3226;
const base = `http://127.0.0.1:${port}`;
const MAIN = 100_000;
const OTHERS = 10;
const PER_OTHER = 10_000;
const MONTHS = 24; // 2025-01 … 2026-12: about 4,200 documents a month for the main RFC
const unlimited = { LOGIN_MAX_ATTEMPTS: '1000000', RATE_LIMIT_PER_MINUTE: '10000000', AUTH_RATE_LIMIT_PER_MINUTE: '10000000' };
const PERIOD = { month: 3, year: 2026 };

const first = await startServer(port, unlimited);
const account = await createAccount(base);
await first.stop();

const database = await openDatabase({ kind: 'pglite', dataDir: path.join(first.dataDir, 'db') });
const [{ id: userId }] = (await database.query<{ id: number }>('SELECT id FROM users WHERE rfc = $1', [account.rfc])).rows;
// Premium plan, so the CSV mode (feature 31) is allowed.
await database.query('UPDATE users SET plan_id = 2, rol_id = 11 WHERE id = $1', [userId]);

/**
 * n documents for one tenant: 80 % PUE ingresos, 15 % PPD (half of them still open), 4 % payment complements
 * paying the PPD invoice before them, 1 % cancelled; one counterparty in 50; fecha spread over 24 months.
 */
async function seed(db: Database, uid: number, rfc: string, n: number): Promise<void> {
  const uuid = (g: string) => `upper(lpad(to_hex(${uid}), 8, '0') || '-0000-4000-8000-' || lpad(to_hex(${g}), 12, '0'))`;
  await db.query(`
    INSERT INTO cfdis (user_id, uuid, direction, source, version, tipo, serie, folio, fecha, fecha_timbrado, rfc_emisor, nombre_emisor,
      rfc_receptor, nombre_receptor, moneda, tipo_cambio, subtotal, total, iva_trasladado, base_iva16, metodo_pago, forma_pago,
      estado, fecha_pago, saldo, xml_key, xml_sha256, search_text)
    SELECT $1::int, ${uuid('g')}, 'emitido', 'app', '4.0', t.tipo, 'F', g::text, f.fecha, f.fecha, $2::text, 'EMISOR BENCH',
      'CLI' || lpad((g % 50)::text, 6, '0') || 'AB1', 'Cliente Número ' || (g % 50), 'MXN', 1,
      a.sub, a.sub * 1.16, a.sub * 0.16, a.sub, t.metodo, CASE WHEN t.metodo = 'PPD' THEN '99' ELSE '03' END,
      CASE WHEN g % 100 = 7 THEN 'cancelada' ELSE 'vigente' END,
      CASE WHEN t.metodo = 'PUE' THEN f.fecha::date WHEN t.metodo = 'PPD' AND g % 2 = 0 THEN (f.fecha + interval '20 days')::date END,
      CASE WHEN t.metodo = 'PPD' AND g % 2 = 1 THEN a.sub * 1.16 ELSE 0 END,
      'cfdi/' || $1::int || '/' || g || '.xml', repeat('0', 64),
      lower('cli' || lpad((g % 50)::text, 6, '0') || 'ab1 cliente numero ' || (g % 50) || ' f-' || g)
    FROM generate_series(1, $3::int) g
    CROSS JOIN LATERAL (SELECT timestamp '2025-01-01 08:00' + ((g * 7919) % ($4::int * 30)) * interval '1 day' + (g % 600) * interval '1 minute' AS fecha) f
    CROSS JOIN LATERAL (SELECT CASE WHEN g % 100 < 80 THEN 'I' WHEN g % 100 < 95 THEN 'I' ELSE 'P' END AS tipo,
                               CASE WHEN g % 100 < 80 THEN 'PUE' WHEN g % 100 < 95 THEN 'PPD' END AS metodo) t
    CROSS JOIN LATERAL (SELECT CASE WHEN t.tipo = 'P' THEN 0 ELSE round((100 + (g * 37) % 20000)::numeric, 2) END AS sub) a`,
    [uid, rfc, n, MONTHS]);
  // Each complement pays the PPD invoice numbered just before it (g − 5 … a PPD one by construction: 90..94 → 95..99).
  await db.query(`
    INSERT INTO cfdi_payments (user_id, pago_uuid, doc_uuid, direction, fecha_pago, moneda_p, moneda_dr, num_parcialidad,
      imp_saldo_ant, imp_pagado, imp_saldo_insoluto, base_mxn, iva_mxn)
    SELECT $1::int, ${uuid('g')}, ${uuid('g - 5')}, 'emitido', timestamp '2025-01-01 12:00' + ((g * 7919) % ($3::int * 30)) * interval '1 day',
      'MXN', 'MXN', 1, 1160, 580, 580, 500, 80
    FROM generate_series(1, $2::int) g WHERE g % 100 >= 95 AND g > 5`, [uid, n, MONTHS]);
  await db.query(`UPDATE cfdis SET total = 580 WHERE user_id = $1 AND tipo = 'P'`, [uid]);
}

const t = performance.now();
await seed(database, userId!, account.rfc, MAIN);
for (let i = 0; i < OTHERS; i++) {
  const rfc = `OTR${String(i).padStart(6, '0')}AB${i}`;
  const [{ id }] = (await database.query<{ id: number }>(
    `INSERT INTO users (rfc, email, password_hash, persona, is_confirmed, profile_completed) VALUES ($1, $2, 'x', 'moral', true, true) RETURNING id`,
    [rfc, `otro${i}@bench.mx`],
  )).rows;
  await seed(database, id!, rfc, PER_OTHER);
}
// The server applies migrations at start; apply them here too so the bare SQL runs with the same indexes.
await migrate(database);
// PostgreSQL's autovacuum would set the visibility map after a bulk load; PGlite has none, so do it once.
await database.exec('VACUUM ANALYZE');
console.log(`INSERT … generate_series de ${(MAIN + OTHERS * PER_OTHER).toLocaleString('es-MX')} CFDI (1 RFC × ${MAIN.toLocaleString('es-MX')} + ${OTHERS} × ${PER_OTHER.toLocaleString('es-MX')}): ${Math.round(performance.now() - t)} ms`);

// Bare SQL of the same statements the API runs, on the same data, same process kind (PGlite).
const query = { page: 1, perPage: 10, withBlacklist: false, cuentaspor: false, csv: false } as const;
const where = listWhere(userId!, 'emitido', PERIOD, query);
const list = listSql('emitido', where, 1, 10);
async function timeSql(label: string, run: () => Promise<unknown>, iterations = 200) {
  for (let i = 0; i < 20; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const s = performance.now();
    await run();
    times.push(performance.now() - s);
  }
  return { label, p50: percentile(times, 50), p95: percentile(times, 95) };
}
const sqlList = await timeSql('lista', async () => {
  await database.db.execute(list.rows);
  await database.db.execute(list.count);
});
const sqlStats = await timeSql('estadísticas', () => database.db.execute(monthStatsSql(userId!, 'emitido', PERIOD)));
// Issue 13: the month dashboard's three statements (documents, payment complements, open balances), as the service runs them.
const { documentSums, paymentSums, openBalances, monthStart, monthEnd } = await import('../apps/api/src/modules/dashboard/dashboard.service');
const [dStart, dEnd] = [monthStart(PERIOD.year, PERIOD.month), monthEnd(PERIOD.year, PERIOD.month)];
const sqlDashboard = await timeSql('tablero', () => Promise.all([
  documentSums(database.db, userId!, dStart, dEnd, 'day'), paymentSums(database.db, userId!, dStart, dEnd, 'day'), openBalances(database.db, userId!, dEnd),
]));
const monthRows = Number(((await database.db.execute(list.count)).rows[0] as { n: number }).n);
await database.close();

const server = await startServer(port, unlimited, first.dataDir);
const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: account.rfc, password: account.password }) });
const headers = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };

/** Sequential requests (latency, not queueing: PGlite serves one query at a time). */
async function timeHttp(url: string, iterations = 200) {
  const get = async () => {
    const r = await fetch(`${base}${url}`, { headers });
    if (r.status !== 200) throw new Error(`${url} → ${r.status}`);
    return r.arrayBuffer();
  };
  for (let i = 0; i < 20; i++) await get();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const s = performance.now();
    await get();
    times.push(performance.now() - s);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}
const f = (n: number) => n.toFixed(1);
let floor = { p50: 0, p95: 0 };
// Besides the ratio, the HTTP p50 minus the guards' floor: what the incomes handler itself adds, which stays
// meaningful when a loaded machine inflates every request alike.
const report = (label: string, http: { p50: number; p95: number }, bare: { p50: number; p95: number }) =>
  console.log(`${label}: HTTP p50 ${f(http.p50)} ms, p95 ${f(http.p95)} ms · SQL p50 ${f(bare.p50)} ms, p95 ${f(bare.p95)} ms · razón p95 ${(http.p95 / bare.p95).toFixed(2)}× · HTTP p50 − piso ${f(http.p50 - floor.p50)} ms ${http.p95 < 20 && http.p95 <= 2 * bare.p95 ? '(meta cumplida)' : '(fuera de la meta: < 20 ms y ≤ 2× SQL)'}`);

floor = await timeHttp('/api/clients/states');
console.log(`Referencia: GET /api/clients/states (mismos guardias JWT + cuenta + plan, sin CFDI): p50 ${f(floor.p50)} ms, p95 ${f(floor.p95)} ms`);
report(`GET /api/incomes/${PERIOD.month}/${PERIOD.year} página 1 (10 de ${monthRows.toLocaleString('es-MX')} del mes)`, await timeHttp(`/api/incomes/${PERIOD.month}/${PERIOD.year}?page=1&perPage=10`), sqlList);
report(`GET /api/incomes/stats/${PERIOD.month}/${PERIOD.year} (9 tarjetas)`, await timeHttp(`/api/incomes/stats/${PERIOD.month}/${PERIOD.year}`), sqlStats);
const dashboard = await timeHttp(`/api/getInMesDashboard/${account.rfc}/${PERIOD.month}/${PERIOD.year}`);
console.log(`GET /api/getInMesDashboard/{rfc}/${PERIOD.month}/${PERIOD.year} (tablero del mes, flujo de efectivo): HTTP p50 ${f(dashboard.p50)} ms, p95 ${f(dashboard.p95)} ms · SQL p50 ${f(sqlDashboard.p50)} ms, p95 ${f(sqlDashboard.p95)} ms · razón p95 ${(dashboard.p95 / sqlDashboard.p95).toFixed(2)}× ${dashboard.p95 < 50 && dashboard.p95 <= 2 * sqlDashboard.p95 ? '(meta cumplida)' : '(fuera de la meta: < 50 ms y ≤ 2× SQL)'}`);

// CSV of the month: every row, streamed in keyset batches; compared with reading the same rows by SQL.
const csvHttp = await timeHttp(`/api/incomes/${PERIOD.month}/${PERIOD.year}?csv=true`, 20);
const csvRes = await fetch(`${base}/api/incomes/${PERIOD.month}/${PERIOD.year}?csv=true`, { headers });
const csvLines = (await csvRes.text()).trimEnd().split('\r\n').length - 1;
await server.stop();
const db2 = await openDatabase({ kind: 'pglite', dataDir: path.join(first.dataDir, 'db') });
const { sql } = await import('drizzle-orm');
const { rowSelect } = await import('../apps/api/src/modules/incomes/cfdi-list');
const sqlCsv = await timeSql('csv', () => db2.db.execute(sql`SELECT ${rowSelect('emitido', { light: true })} FROM cfdis c WHERE ${where} ORDER BY c.fecha DESC, c.id DESC`), 20);
await db2.close();
console.log(`GET /api/incomes/${PERIOD.month}/${PERIOD.year}?csv=true (${csvLines.toLocaleString('es-MX')} filas): HTTP p50 ${f(csvHttp.p50)} ms, p95 ${f(csvHttp.p95)} ms · SQL de las mismas filas p95 ${f(sqlCsv.p95)} ms · razón ${(csvHttp.p95 / sqlCsv.p95).toFixed(2)}×`);
console.log(`Carga de la máquina al terminar (load average 1 min): ${(await import('node:os')).loadavg()[0]!.toFixed(2)} en ${(await import('node:os')).cpus().length} núcleos`);
