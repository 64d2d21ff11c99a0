import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const port = Number(process.env.E2E_PORT ?? 3199);
const baseURL = `http://127.0.0.1:${port}`;
// One fresh data dir per run; workers re-evaluate this file but inherit the variable.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'facturo-e2e-'));

const passThrough = Object.fromEntries(
  ['DATABASE_URL', 'REDIS_URL'].flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])),
);

// Specs on the shared SAT test account (EKU9003173C9): profile.spec registers it fresh and every spec that uses
// it (sat-*.spec by convention, and any spec importing e2e/support/sat-account, whatever its name) reads and
// writes that one account's data (counts, folios, stamps, memberships), so they run one at a time, in file
// order (profile sorts before sat-*), as one project limited to one worker.
const e2eDir = path.join(path.dirname(new URL(import.meta.url).pathname), 'e2e');
const satAccountFiles = readdirSync(e2eDir)
  .filter((f) => f.endsWith('.spec.ts'))
  .filter((f) => f === 'profile.spec.ts' || f.startsWith('sat-') || /support\/sat-account/.test(readFileSync(path.join(e2eDir, f), 'utf8')));
const firstSatFile = [...satAccountFiles].sort()[0];
if (firstSatFile !== 'profile.spec.ts') throw new Error(`${firstSatFile} usa la cuenta SAT y correría antes de profile.spec.ts (que la registra)`);
const satAccountSpecs = new RegExp(`(^|/)(${satAccountFiles.map((f) => f.replace(/[.]/g, '\\.')).join('|')})$`);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Three browsers on the one server (issue 30 item 9; decision 321): the SAT-account chain on one worker while
  // every other spec, each on its own fresh account, runs on the others. A browser spends most of a test waiting
  // for the screen or the server, so three keep the two cores busier than two did (5.7 min against 8.8).
  // E2E_WORKERS=1 brings back one browser (to tell a parallelism flake from a real one).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // Files run in parallel, the tests of one file in order (some files build on their own earlier tests).
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
    // A failed test keeps its trace: every action with the page's DOM before and after, the network and the
    // console. Not the screencast: filming every test for the few that fail kept Chromium's compositor drawing and
    // encoding frames through the whole run, CPU the two cores' other browser and the server were waiting for
    // (decision 321). The failure's own screenshot is still taken (`screenshot` below).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  // The SAT chain is listed first: the dispatcher hands out queued files in this order, so the longest
  // chain (one file at a time) starts at once and the independent specs fill the other worker around it.
  projects: [
    { name: 'cuenta-sat', testMatch: satAccountSpecs, workers: 1, use: { viewport: { width: 1600, height: 900 } } },
    { name: 'chromium', testIgnore: satAccountSpecs, use: { viewport: { width: 1600, height: 900 } } },
  ],
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
      // Two browsers on a loaded CI machine: a long pause of the loop (a PDF, a stamp) is the machine, not an
      // overload to shed (load shedding has its own tests in apps/api/test/security/load-shedding.test.ts).
      MAX_LOOP_STALL_MS: '60000',
      // Slow the local SAT adapter a little so the live bar visibly moves.
      SAT_LOCAL_LATENCY_MS: '1500',
      ...passThrough,
    },
  },
});
