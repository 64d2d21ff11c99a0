import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const port = Number(process.env.E2E_PORT ?? 3199);
const baseURL = `http://127.0.0.1:${port}`;
// One fresh data dir per run; workers re-evaluate this file but inherit the variable.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'facturo-e2e-'));

const passThrough = Object.fromEntries(
  ['DATABASE_URL', 'REDIS_URL'].flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])),
);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    viewport: { width: 1600, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { viewport: { width: 1600, height: 900 } } }],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      NODE_ENV: 'test',
      // Every test registers its own account from one IP: lift the per-IP auth limit,
      // the per-account login lockout (what the 429 test exercises) stays.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // The whole suite is one IP loading the bundle dozens of times a minute: lift the general
      // per-IP limit too (the 429 toast has its own unit test).
      RATE_LIMIT_PER_MINUTE: '10000',
      // One browser on a loaded CI machine: a long pause of the loop (a PDF, a stamp) is the machine, not an
      // overload to shed (load shedding has its own tests in apps/api/test/security/load-shedding.test.ts).
      MAX_LOOP_STALL_MS: '60000',
      // Slow the local SAT adapter a little so the live bar visibly moves.
      SAT_LOCAL_LATENCY_MS: '1500',
      ...passThrough,
    },
  },
});
