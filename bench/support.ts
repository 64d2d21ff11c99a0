import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/** p-th percentile (0-100) of a list of numbers. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Runs `fn` with `concurrency` loops for `seconds`; returns requests/s and latency percentiles (ms). */
export async function load(fn: () => Promise<void>, { seconds = 5, concurrency = 8 } = {}) {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  let errors = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() < end) {
      const t = performance.now();
      try {
        await fn();
        latencies.push(performance.now() - t);
      } catch {
        errors++;
      }
    }
  }));
  return {
    rps: Math.round(latencies.length / seconds),
    p50: percentile(latencies, 50).toFixed(1),
    p95: percentile(latencies, 95).toFixed(1),
    errors,
  };
}

/** Starts the real server (`node scripts/start.mjs`) on a port with a fresh data dir; resolves once healthy. */
export async function startServer(port: number, env: Record<string, string> = {}, dataDir?: string): Promise<{ child: ChildProcess; ms: number; dataDir: string; stop(): Promise<void> }> {
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'facturo-bench-'));
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dir, LOG_LEVEL: 'warn', SKIP_WEB_BUILD: '1', ...env },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null) throw new Error('el servidor terminó antes de estar listo');
    await new Promise((r) => setTimeout(r, 25));
  }
  const ms = Math.round(performance.now() - started);
  return {
    child, ms, dataDir: dir,
    stop: () => new Promise((resolve) => { child.once('exit', () => resolve()); child.kill('SIGTERM'); }),
  };
}

/**
 * Operations per CPU-second (user + system of this process), best of `rounds` windows of about
 * `ms` wall milliseconds. CPU time rather than wall time: on the shared machine the wall clock also
 * counts the time other processes hold the core.
 */
export function cpuRate(fn: () => unknown, { rounds = 5, ms = 400 } = {}): number {
  for (let i = 0; i < 200; i++) fn(); // warm-up
  let best = 0;
  for (let r = 0; r < rounds; r++) {
    let n = 0;
    const wallStart = process.hrtime.bigint();
    const cpuStart = process.cpuUsage();
    const limit = BigInt(ms) * 1_000_000n;
    while (process.hrtime.bigint() - wallStart < limit) {
      for (let k = 0; k < 20; k++) fn();
      n += 20;
    }
    const cpu = process.cpuUsage(cpuStart);
    best = Math.max(best, n / ((cpu.user + cpu.system) / 1e6));
  }
  return best;
}

/**
 * Makes an account premium the way a user does (and the way that works on `npm start`, where the
 * test-only /api/dev/account-flags does not exist): adds the local payment provider's test card and
 * subscribes to the monthly premium plan. Needs the local provider (no STRIPE_SECRET_KEY).
 */
export async function subscribePremium(base: string, headers: Record<string, string>): Promise<void> {
  const json = { ...headers, 'content-type': 'application/json' };
  const card = await fetch(`${base}/api/payments/cards`, { method: 'POST', headers: json, body: JSON.stringify({ paymentMethod: 'pm_card_visa', name: 'Bench' }) });
  if (card.status !== 201) throw new Error(`tarjeta: ${card.status} ${await card.text()}`);
  const paymentMethod = ((await card.json()) as { data: { id: string }[] }).data[0]!.id;
  const sub = await fetch(`${base}/api/subscription`, { method: 'POST', headers: json, body: JSON.stringify({ priceId: 'price_premium_monthly', paymentMethod, cancelAtPeriodEnd: false }) });
  if (sub.status !== 201) throw new Error(`suscripción: ${sub.status} ${await sub.text()}`);
}

export interface StampingAccount {
  rfc: string;
  email: string;
  password: string;
  headers: Record<string, string>;
  /** The body of POST /api/invoice40: a 3-concept invoice (IVA 16 %, a discount) to a persona física. */
  invoiceBody(serie?: string): string;
}

/**
 * The SAT test CSD's account, premium (subscribed), with its CSD validated, `packages` × 500 stamps and
 * one customer: ready to stamp through POST /api/invoice40 and to read every premium screen.
 */
export async function stampingAccount(base: string, packages = 4): Promise<StampingAccount> {
  const { createAccount, randomRfc } = await import('../apps/api/test/accounts');
  const { fixturePath } = await import('../packages/cfdi/test/fixtures');
  const { readFileSync } = await import('node:fs');
  const account = await createAccount(base, { rfc: 'EKU9003173C9', persona: 'moral' });
  await subscribePremium(base, account.headers);
  const form = new FormData();
  for (const [field, file] of [['cer', 'EKU9003173C9.cer'], ['key', 'EKU9003173C9.key']] as const) {
    form.append(field, new Blob([new Uint8Array(readFileSync(fixturePath('certs/csd', file)))]), file);
  }
  form.append('password', '12345678a');
  await fetch(`${base}/api/profile/csd`, { method: 'POST', headers: account.headers, body: form });
  for (let i = 0; ; i++) {
    const s = (await (await fetch(`${base}/api/profile/csd`, { headers: account.headers })).json()) as { credential: { status: string } | null };
    if (s.credential?.status === 'valid') break;
    if (i > 1200) throw new Error('el CSD no quedó válido');
    await new Promise((r) => setTimeout(r, 50));
  }
  const json = { ...account.headers, 'content-type': 'application/json' };
  for (let i = 0; i < packages; i++) await fetch(`${base}/api/timbres`, { method: 'POST', headers: json, body: JSON.stringify({ paquete: '500', paymentMethod: 'pm_card_visa' }) });
  const client = (await (await fetch(`${base}/api/clients`, {
    method: 'POST', headers: json,
    body: JSON.stringify({ rfc: randomRfc('fisica'), r_social: 'MARÍA LÓPEZ', email: [], regimen: '612', uso_cfdi: 'G03', domicilio: { cp: '44100' } }),
  })).json()) as { id: number };
  const iva = [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000' }];
  return {
    rfc: account.rfc, email: account.email, password: account.password, headers: account.headers,
    invoiceBody: (serie = 'BENCH') => JSON.stringify({
      clientId: client.id, usoCFDI: 'G03', formaPago: '03', metodoPago: 'PUE', serie,
      conceptos: [
        { claveProdServ: '84111506', cantidad: '2', claveUnidad: 'E48', descripcion: 'Consultoría', valorUnitario: '1500.00', descuento: '100.00', objetoImp: '02', traslados: iva },
        { claveProdServ: '43211500', cantidad: '1', claveUnidad: 'H87', descripcion: 'Teclado', valorUnitario: '850.50', objetoImp: '02', traslados: iva },
        { claveProdServ: '84111506', cantidad: '3', claveUnidad: 'E48', descripcion: 'Asesoría', valorUnitario: '99.99', objetoImp: '02', traslados: iva },
      ],
    }),
  };
}

/** A fresh PostgreSQL database next to DATABASE_URL's, for one bench run; `drop()` removes it. */
export async function freshPostgres(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const pg = (await import('pg')).default;
  const base = new URL(process.env.DATABASE_URL!);
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/** "load average 2.31 (1 min) on 2 cores": printed with every figure (the machine is shared). */
export async function machineLoad(): Promise<string> {
  const os = await import('node:os');
  return `load average ${os.loadavg()[0]!.toFixed(2)} (1 min) en ${os.cpus().length} núcleos`;
}
