import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server';

// PostgreSQL only (`*.pg.test.ts`: the PGlite leg does not collect it): PGlite has one connection, no pool.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('liveness with an exhausted pool (issue 12 §1)', () => {
  it('answers /api/health while every pooled connection is taken', async () => {
    const db = server.runtime.ctx.database;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    let holding = 0;
    const size = db.poolSize!;
    const holders = Array.from({ length: size }, () => db.session(async () => { holding += 1; await gate; }));
    try {
      while (holding < size) await new Promise((r) => setTimeout(r, 5));
      let queuedDone = false;
      const queued = db.query('SELECT 1').then(() => { queuedDone = true; });
      const res = await fetch(`${server.baseUrl}/api/health`);
      expect(res.status).toBe(200);
      expect(queuedDone).toBe(false); // the pool really was exhausted while health answered
      release();
      await queued;
    } finally {
      release();
      await Promise.all(holders);
    }
  });

});
