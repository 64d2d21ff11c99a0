import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { openDatabase, textDatesOnTheClient } from './client';

// PGlite takes one turn of the event loop before each statement (decision 260): the loop reads sockets and
// fires timers between statements instead of running a whole queue of them in one go.
describe('embedded PGlite between statements', () => {
  it('lets timers fire while requests run their statements one after another', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      const order: string[] = [];
      // Five "requests", each running ten statements in sequence, as a handler does.
      const requests = Array.from({ length: 5 }, async (_, r) => {
        for (let i = 0; i < 10; i++) await database.query('SELECT $1::int AS n', [i]);
        order.push(`r${r}`);
      });
      setTimeout(() => order.push('timer'), 0);
      await Promise.all(requests);
      // Without the turn, every statement was handed from one to the next through promises and the timer waited
      // for all fifty.
      expect(order[0]).toBe('timer');
    } finally {
      await database.close();
    }
  });

  it('close() lets the statements already asked for reach the database first', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    const pending = database.query<{ n: number }>('SELECT 1 AS n');
    await database.close();
    await expect(pending).resolves.toEqual({ rows: [{ n: 1 }] });
  });
});

// Decision 326: drizzle's text parsers live on the client; its statements no longer carry them, and raw
// statements still get PGlite's own Date.
describe('embedded PGlite and drizzle parsers', () => {
  it('drizzle reads dates, timestamps, intervals and arrays as text, in and out of transactions; raw statements get a Date', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      const row = sql`SELECT timestamp '2026-01-02 03:04:05' AS local, timestamptz '2026-01-02 03:04:05+00' AS utc,
        date '2026-01-02' AS day, interval '1 day' AS span, ARRAY[date '2026-01-02'] AS days`;
      const outside = (await database.db.execute(row)).rows[0];
      const inside = await database.db.transaction(async (tx) => (await tx.execute(row)).rows[0]);
      for (const r of [outside, inside]) {
        expect(r).toEqual({ local: '2026-01-02 03:04:05', utc: '2026-01-02 03:04:05+00', day: '2026-01-02', span: '1 day', days: '{2026-01-02}' });
      }
      const raw = (await database.query<{ utc: unknown }>(`SELECT timestamptz '2026-01-02 03:04:05+00' AS utc`)).rows[0]!.utc;
      expect(raw).toBeInstanceOf(Date);
      expect((raw as Date).toISOString()).toBe('2026-01-02T03:04:05.000Z');
      const boss = (await database.pglite!.query<{ t: unknown }>(`SELECT now() AS t`, [], database.pgliteRaw)).rows[0]!.t;
      expect(boss).toBeInstanceOf(Date);
    } finally {
      await database.close();
    }
  });

  it('drops the parsers of drizzle\'s statements before PGlite, and keeps anyone else\'s', async () => {
    const client = await PGlite.create();
    try {
      const carried: (object | undefined)[] = [];
      const query = client.query.bind(client);
      client.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
        carried.push(options?.parsers);
        return query(text, params, options);
      }) as typeof client.query;
      const raw = textDatesOnTheClient(client);
      const db = drizzle(client);
      await db.execute(sql`SELECT now() AS t`);
      await db.transaction(async (tx) => { await tx.execute(sql`SELECT 1`); });
      await client.query('SELECT 1', [], raw);
      expect(carried).toEqual([undefined, raw.parsers]);
    } finally {
      await client.close();
    }
  });
});
