import { ConfigError } from './config';
import { DatabaseUnreachableError } from './db/unreachable';

/**
 * A start that cannot go on ends with one clear line on stderr and exit code 1 (issue 17 §1, §5):
 * a missing or wrong setting, or a database that did not answer in DB_CONNECT_TIMEOUT_S. Anything
 * else is unexpected and keeps its stack.
 */
export function exitOnStartupError(err: unknown, prefix = 'Facturo'): never {
  if (err instanceof ConfigError || err instanceof DatabaseUnreachableError) {
    console.error(`${prefix} no pudo iniciar: ${err.message}`);
  } else {
    console.error(`${prefix} no pudo iniciar:`, err);
  }
  process.exit(1);
}
