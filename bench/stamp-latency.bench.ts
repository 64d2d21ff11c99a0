/**
 * Issue 30 §4 (decision 282): stamping as a real PAC answers (SANDBOX_PAC_LATENCY_MS, default here 800 ms).
 * One account sends 50 invoices at once in ONE serie while another account reads its customer list in a loop
 * (4 readers). Prints how long the 50 took (goal < 10 s) and the other account's read latencies during them
 * (goal p99 < 200 ms), with the machine's load average (the machine is shared).
 * Embedded database (PGlite) by default; with DATABASE_URL set, a fresh PostgreSQL database (`… pg`: both).
 * Run: npm run bench stamp-latency   or   SANDBOX_PAC_LATENCY_MS=800 npx tsx bench/stamp-latency.bench.ts [pglite|pg|both] [n]
 */
import { createAccount, randomRfc } from '../apps/api/test/accounts';
import { freshPostgres, machineLoad, percentile, stampingAccount, startServer } from './support';

const port = 3207;
const base = `http://127.0.0.1:${port}`;
const latency = process.env.SANDBOX_PAC_LATENCY_MS ?? '800';
const mode = process.argv[2] ?? (process.env.DATABASE_URL ? 'both' : 'pglite');
const N = Number(process.argv[3] ?? 50);

async function run(kind: 'pglite' | 'pg'): Promise<void> {
  const pg = kind === 'pg' ? await freshPostgres('bench_stamp_latency') : undefined;
  const env: Record<string, string> = {
    SANDBOX_PAC_LATENCY_MS: latency, RATE_LIMIT_PER_MINUTE: '10000000', MAX_IN_FLIGHT: '100000',
    ...(pg ? { DATABASE_URL: pg.url } : {}),
  };
  if (!pg) env.DATABASE_URL = '';
  const server = await startServer(port, env);
  try {
    const owner = await stampingAccount(base, 1);
    const json = { ...owner.headers, 'content-type': 'application/json' };
    const reader = await createAccount(base, { rfc: randomRfc('fisica') });
    const rjson = { ...reader.headers, 'content-type': 'application/json' };
    for (let i = 0; i < 20; i++) {
      await fetch(`${base}/api/clients`, {
        method: 'POST', headers: rjson,
        body: JSON.stringify({ rfc: randomRfc('fisica'), r_social: `CLIENTE ${i}`, email: [], regimen: '612', uso_cfdi: 'G03', domicilio: { cp: '44100' } }),
      });
    }
    const read = async () => {
      const t = performance.now();
      const res = await fetch(`${base}/api/clients`, { headers: reader.headers });
      if (res.status !== 200) throw new Error(`lectura: ${res.status}`);
      await res.arrayBuffer();
      return performance.now() - t;
    };
    for (let i = 0; i < 20; i++) await read(); // warm-up
    const warm = await fetch(`${base}/api/invoice40`, { method: 'POST', headers: json, body: owner.invoiceBody('WARM') });
    if (warm.status !== 201) throw new Error(`calentamiento: ${warm.status} ${await warm.text()}`);

    let stamping = true;
    const reads: number[] = [];
    const readers = Array.from({ length: 4 }, async () => {
      while (stamping) reads.push(await read());
    });
    const t0 = performance.now();
    const results = await Promise.all(Array.from({ length: N }, async () => {
      const res = await fetch(`${base}/api/invoice40`, { method: 'POST', headers: json, body: owner.invoiceBody('LAT') });
      const body = (await res.json()) as { folio?: string; message?: string };
      return { status: res.status, folio: body.folio, message: body.message };
    }));
    const ms = Math.round(performance.now() - t0);
    stamping = false;
    await Promise.all(readers);
    const bad = results.filter((r) => r.status !== 201);
    const folios = new Set(results.map((r) => r.folio));
    const label = kind === 'pg' ? 'PostgreSQL' : 'PGlite (embebida)';
    console.log(
      `${label}, PAC sandbox a ${latency} ms: ${N} facturas a la vez en una serie en ${ms} ms (${bad.length} errores, ${folios.size} folios distintos); ` +
      `lecturas de otra cuenta durante ellas: ${reads.length}, p50 ${Math.round(percentile(reads, 50))} ms, p99 ${Math.round(percentile(reads, 99))} ms, máx ${Math.round(Math.max(...reads))} ms — ${await machineLoad()}`,
    );
    if (bad.length) console.log(`  primer error: ${bad[0]!.status} ${bad[0]!.message}`);
  } finally {
    await server.stop();
    await pg?.drop();
  }
}

if (mode === 'pglite' || mode === 'both') await run('pglite');
if ((mode === 'pg' || mode === 'both') && process.env.DATABASE_URL) await run('pg');
