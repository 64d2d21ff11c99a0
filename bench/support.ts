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
