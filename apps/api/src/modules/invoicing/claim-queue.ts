/**
 * The claiming transactions of one account (Idempotency-Key, folio, stamp, seal), one at a time in this process.
 * They serialize anyway: each takes the serie's folio row and the account's stamp balance row, so on PostgreSQL a
 * second claim waits for the first's row locks — holding one of the pool's connections while it waits. Fifty
 * invoices sent at once filled the pool with waiting transactions and every other account's reads queued behind
 * them (decision 282, addendum). Waiting here holds no connection. Claims from other processes still meet at the
 * row locks, which remain the guarantee; this only keeps one process from spending its pool on waiting.
 */
const tails = new Map<number, Promise<unknown>>();

export function oneClaimAtATime<T>(userId: number, work: () => Promise<T>): Promise<T> {
  const previous = tails.get(userId) ?? Promise.resolve();
  const run = previous.then(work, work);
  const tail = run.then(() => undefined, () => undefined);
  tails.set(userId, tail);
  void tail.then(() => {
    if (tails.get(userId) === tail) tails.delete(userId);
  });
  return run;
}

/** Accounts with a claim running or waiting in this process (tests check the map empties). */
export const claimsInFlight = (): number => tails.size;
