import { defineConfig } from 'vitest/config';

// Two cores on the reference machine: never more than two workers.
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      // The engine and the contract are pure modules: their test files share one module graph per worker
      // (isolate: false), so the engine, its catalogs and pdfmake load twice a run instead of once per file
      // (import was more than half of this project's time).
      { extends: true, test: { name: 'cfdi', include: ['packages/cfdi/**/*.test.ts'], environment: 'node', isolate: false } },
      { extends: true, test: { name: 'contract', include: ['packages/contract/**/*.test.ts'], environment: 'node', isolate: false } },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['apps/api/**/*.test.ts'],
          // `*.pg.test.ts` need PostgreSQL (a pool, separate processes): collected only on the PostgreSQL leg,
          // so the PGlite leg neither runs nor reports them as skipped.
          exclude: ['**/*.scaled.test.ts', '**/node_modules/**', ...(process.env.DATABASE_URL ? [] : ['**/*.pg.test.ts'])],
          environment: 'node',
          // One module graph per worker here too (decision 321): importing the whole API again for every file was
          // about a third of this project's CPU. Each file still starts its own server over its own copy of the
          // template database. The API tests mock no module; what the API keeps per process is read-only (fixture
          // certificates, catalogs), keyed by credential row and update time (opened CSDs), or emptied when each
          // call ends (PAC calls in flight); a test that sets process.env puts it back in afterAll.
          isolate: false,
          globalSetup: ['apps/api/test/global-setup.ts'],
        },
      },
      // Separate processes (API ×2 + worker) over PostgreSQL + Redis: run by scripts/test-scaled.mjs.
      { extends: true, test: { name: 'scaled', include: ['apps/api/**/*.scaled.test.ts'], environment: 'node', testTimeout: 120_000 } },
      { extends: true, test: { name: 'web', include: ['apps/web/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['apps/web/src/test/setup.ts'] } },
    ],
  },
});
