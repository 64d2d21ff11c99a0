import { Writable } from 'node:stream';

/**
 * Human-readable log lines for `npm start` in a terminal (issue 18): "12:04:05 INFO  message", errors with
 * their stack, and the "listo" line set apart so its URL is easy to find. Production, CI and anything that
 * is not a terminal keep pino's JSON lines (see `wantsPrettyLogs`). A few lines of our own instead of
 * pino-pretty: one dependency less, and the format is ours to keep short.
 */

const LEVELS: Record<number, [string, string]> = {
  10: ['TRACE', '\x1b[90m'], 20: ['DEBUG', '\x1b[90m'], 30: ['INFO ', '\x1b[36m'],
  40: ['WARN ', '\x1b[33m'], 50: ['ERROR', '\x1b[31m'], 60: ['FATAL', '\x1b[41m'],
};
const RESET = '\x1b[0m';
const BOLD_GREEN = '\x1b[1;32m';
const DIM = '\x1b[2m';
/** pino's own keys, not worth repeating on every line. */
const SKIP = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'err', 'v']);

const paint = (on: boolean, code: string, s: string) => (on ? `${code}${s}${RESET}` : s);

/** One pino JSON line as one (or, with a stack, several) readable lines. Not JSON → returned as is. */
export function formatLogLine(line: string, color = true): string {
  let rec: Record<string, unknown>;
  try {
    rec = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const time = new Date(typeof rec.time === 'number' ? rec.time : Date.now()).toTimeString().slice(0, 8);
  const [name, code] = LEVELS[Number(rec.level)] ?? ['LOG  ', ''];
  const msg = String(rec.msg ?? '');
  const extras = Object.entries(rec)
    .filter(([k, v]) => !SKIP.has(k) && v !== undefined)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  const tail = extras.length ? ` ${paint(color, DIM, extras.join(' '))}` : '';
  const err = rec.err as { stack?: string; message?: string } | undefined;
  const stack = err ? `\n${paint(color, DIM, err.stack ?? err.message ?? '')}` : '';
  if (/\blisto en\b/i.test(msg)) {
    // The line people look for: on its own, bold, with blank lines around it.
    return `\n${paint(color, BOLD_GREEN, `  ✔ ${msg}`)}\n\n`;
  }
  return `${paint(color, DIM, time)} ${paint(color, code, name)} ${msg}${tail}${stack}\n`;
}

/** A stream for Fastify's `logger.stream` that writes formatted lines to `out`. */
export function prettyStream(out: NodeJS.WritableStream = process.stdout, color = Boolean((out as { isTTY?: boolean }).isTTY)): Writable {
  let pending = '';
  return new Writable({
    write(chunk: Buffer, _enc, done) {
      pending += chunk.toString('utf8');
      let nl: number;
      while ((nl = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        if (line) out.write(formatLogLine(line, color));
      }
      done();
    },
  });
}

/**
 * Readable lines only for a person at a terminal: LOG_FORMAT=pretty|json forces either; otherwise
 * pretty when stdout is a TTY and neither production nor CI (machines read those logs as JSON).
 */
export function wantsPrettyLogs(env: NodeJS.ProcessEnv, isTty: boolean): boolean {
  if (env.LOG_FORMAT === 'pretty') return true;
  if (env.LOG_FORMAT === 'json') return false;
  return isTty && env.NODE_ENV !== 'production' && !env.CI;
}
