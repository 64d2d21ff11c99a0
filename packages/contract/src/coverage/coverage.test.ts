import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { route, type RouteDef } from '../route';
import { routes } from '../routes';
import { coverage, renderCoverage } from './coverage';
import { specCalls } from './spec-calls';

describe('spec §7 coverage', () => {
  it('docs/api-coverage.md is what `npm run routes -- --write` writes from the current table', () => {
    const committed = readFileSync(new URL('../../../../docs/api-coverage.md', import.meta.url), 'utf8');
    expect(committed, 'run `npm run routes -- --write` and commit docs/api-coverage.md').toBe(renderCoverage(routes as Record<string, RouteDef>));
  });

  it('derives each status from the table at run time (parameter names do not matter)', () => {
    const calls = [
      { section: '7.5', call: 'lista', method: 'GET', path: '/api/incomes/:month/:year' },
      { section: '7.5', call: 'cancelar', method: 'POST', path: '/api/incomes/cancel' },
    ] as const;
    const table = { 'incomes.list': route({ method: 'GET', path: '/api/incomes/:m/:y', access: {} }), 'x.y': route({ method: 'GET', path: '/api/x', access: {} }) };
    const c = coverage(table, [...calls]);
    expect(c.rows.map((r) => r.entry)).toEqual(['incomes.list', null]);
    expect([c.built, c.pending]).toEqual([1, 1]);
    expect(c.extra.map((e) => e.name)).toEqual(['x.y']);
  });

  it('every call of §7 is listed once per method and path within its section, with a /api path', () => {
    const keys = specCalls.map((s) => `${s.section} ${s.method} ${s.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const s of specCalls) expect(s.path).toMatch(/^\/api\/[A-Za-z]/);
  });
});
