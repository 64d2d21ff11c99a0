import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';

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
