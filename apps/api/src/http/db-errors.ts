/**
 * What a failed database call may put in the log, and whether it means "the database is not there".
 * A failed query is logged with its SQL text and PostgreSQL error code only: its parameters are the
 * user's typed data (names, RFCs, addresses), and a driver's `detail` repeats them ("Key (email)=(…)").
 */

const CONNECTION_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN',
  '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300',
]);
// PGlite closed under a running server (its data dir gone, a shutdown racing a request) says so in its message.
const CONNECTION_TEXT = /Connection terminated|connection timeout|Client has encountered a connection error|Cannot use a pool after calling end|terminating connection|PGlite is clos(ed|ing)/i;

interface Causes { code?: unknown; message?: unknown; cause?: unknown; query?: unknown; params?: unknown; errors?: unknown }

function* chain(err: unknown): Generator<Causes> {
  let e = err as Causes | undefined;
  for (let i = 0; e && typeof e === 'object' && i < 6; i++) {
    yield e;
    // AggregateError (dual-stack connect attempts) keeps its causes in `errors`.
    if (Array.isArray(e.errors)) for (const inner of e.errors) yield inner as Causes;
    e = e.cause as Causes | undefined;
  }
}

/** True when the error (or its cause) says the database cannot be reached right now. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of chain(err)) {
    if (typeof e.code === 'string' && CONNECTION_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && CONNECTION_TEXT.test(e.message)) return true;
  }
  return false;
}

/** A loggable summary of a failed query: SQL text, error code and the driver's message, never parameters. */
export function describeQueryError(err: unknown): { sql: string; code?: string; reason: string } | undefined {
  const top = err as Causes;
  if (!top || typeof top.query !== 'string' || !('params' in top)) return undefined;
  const cause = top.cause as Causes | undefined;
  return {
    sql: top.query,
    code: typeof cause?.code === 'string' ? cause.code : undefined,
    // PostgreSQL's primary message names the constraint or column, not the value (that is in `detail`).
    reason: typeof cause?.message === 'string' ? cause.message : 'consulta fallida',
  };
}
