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
