import type { RouteDef } from '../route';
import { specCalls, specSocketEvents, type SpecCall } from './spec-calls';

/** Parameter names do not matter for coverage: `/api/x/:id` and `/api/x/:uuid` are the same call. */
const shape = (method: string, path: string) => `${method} ${path.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, ':')}`;

export interface CoverageRow extends SpecCall {
  /** The table entry that serves the call, or null while it is pending. */
  entry: string | null;
}

export interface Coverage {
  rows: CoverageRow[];
  built: number;
  pending: number;
  /** Entries no §7 call names (session, health, catalogs, dev aids…). */
  extra: { name: string; method: string; path: string }[];
}

/** Compares spec §7 with the route table as it is now: nothing about status is written by hand. */
export function coverage(table: Record<string, RouteDef>, calls: SpecCall[] = specCalls): Coverage {
  const byShape = new Map<string, string>();
  for (const [name, e] of Object.entries(table)) if (!byShape.has(shape(e.method, e.path))) byShape.set(shape(e.method, e.path), name);
  const rows = calls.map((call) => ({ ...call, entry: byShape.get(shape(call.method, call.path)) ?? null }));
  const named = new Set(calls.map((call) => shape(call.method, call.path)));
  const extra = Object.entries(table)
    .filter(([, e]) => !named.has(shape(e.method, e.path)))
    .map(([name, e]) => ({ name, method: e.method, path: e.path }));
  const built = rows.filter((r) => r.entry).length;
  return { rows, built, pending: rows.length - built, extra };
}

/** docs/api-coverage.md, and what `npm run routes` prints. */
export function renderCoverage(table: Record<string, RouteDef>): string {
  const { rows, built, pending, extra } = coverage(table);
  const out: string[] = [
    '# Cobertura de la API (spec §7)',
    '',
    '<!-- Generado por `npm run routes -- --write` desde packages/contract/src/coverage; no se edita a mano. -->',
    '',
    `Llamadas de §7: **${rows.length}** · construidas: **${built}** · pendientes: **${pending}** · entradas en la tabla: **${Object.keys(table).length}**`,
    '',
    'Una llamada está construida cuando la tabla de rutas (packages/contract/src/routes.ts) tiene una entrada con su método y su ruta.',
    '«(propuesta)»: ruta que ningún issue fija todavía.',
  ];
  for (const section of [...new Set(rows.map((r) => r.section))]) {
    const inSection = rows.filter((r) => r.section === section);
    out.push('', `## §${section} (${inSection.filter((r) => r.entry).length}/${inSection.length})`, '', '| Llamada | Método | Ruta | Entrada |', '| --- | --- | --- | --- |');
    for (const r of inSection) {
      out.push(`| ${r.call} | ${r.method} | \`${r.path}\`${r.proposed ? ' (propuesta)' : ''} | ${r.entry ? `\`${r.entry}\`` : 'pendiente'} |`);
    }
  }
  out.push('', '## §7.16 Canales en vivo', '', `Eventos de Socket.IO, fuera de la tabla HTTP: ${specSocketEvents.join(', ')}.`);
  out.push('', `## Entradas fuera de §7 (${extra.length})`, '', '| Entrada | Método | Ruta |', '| --- | --- | --- |');
  for (const e of extra) out.push(`| \`${e.name}\` | ${e.method} | \`${e.path}\` |`);
  return `${out.join('\n')}\n`;
}
