/**
 * The database did not answer within DB_CONNECT_TIMEOUT_S. Its own module (re-exported by db/client) so the
 * start-up error path can name it without loading the database drivers (issue 25 §3: a fast refusal).
 */
export class DatabaseUnreachableError extends Error {}
