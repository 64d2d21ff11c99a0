import { describe, expect, it } from 'vitest';
import { formatLogLine, prettyStream, wantsPrettyLogs } from './pretty-log';

const at = Date.UTC(2026, 10, 25, 18, 4, 5);

describe('readable logs for npm start in a terminal (issue 18)', () => {
  it('formats a pino line as time, level and message with its extra fields', () => {
    const out = formatLogLine(JSON.stringify({ level: 30, time: at, pid: 1, hostname: 'h', msg: 'Catálogos del SAT cargados', ms: 12 }), false);
    expect(out).toMatch(/^\d{2}:\d{2}:\d{2} INFO {2}Catálogos del SAT cargados ms=12\n$/);
  });
  it('sets the "listo" line apart', () => {
    const out = formatLogLine(JSON.stringify({ level: 30, time: at, msg: 'Facturo listo en http://localhost:3000 (PGlite embebido, 900 ms)' }), false);
    expect(out).toBe('\n  ✔ Facturo listo en http://localhost:3000 (PGlite embebido, 900 ms)\n\n');
  });
  it('prints an error with its stack; non-JSON text passes through', () => {
    const out = formatLogLine(JSON.stringify({ level: 50, time: at, msg: 'falló', err: { message: 'x', stack: 'Error: x\n    at f' } }), false);
    expect(out).toMatch(/ERROR falló\nError: x\n {4}at f\n$/);
    expect(formatLogLine('texto suelto', false)).toBe('texto suelto\n');
  });
  it('the stream splits chunks into lines', () => {
    const written: string[] = [];
    const stream = prettyStream({ write: (s: string) => written.push(s) } as never, false);
    const line = JSON.stringify({ level: 40, time: at, msg: 'aviso' });
    stream.write(line.slice(0, 10));
    stream.write(`${line.slice(10)}\n`);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/WARN {2}aviso\n$/);
  });
  it('JSON stays for production, CI and pipes', () => {
    expect(wantsPrettyLogs({}, true)).toBe(true);
    expect(wantsPrettyLogs({}, false)).toBe(false);
    expect(wantsPrettyLogs({ NODE_ENV: 'production' }, true)).toBe(false);
    expect(wantsPrettyLogs({ CI: 'true' }, true)).toBe(false);
    expect(wantsPrettyLogs({ LOG_FORMAT: 'json' }, true)).toBe(false);
    expect(wantsPrettyLogs({ LOG_FORMAT: 'pretty', CI: 'true' }, false)).toBe(true);
  });
});
