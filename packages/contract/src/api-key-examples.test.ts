import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { API_KEY_ROUTES } from './api-keys';
import { API_KEY_EXAMPLES } from './api-key-examples';
import { routes, type RouteDef } from './routes';

const entry = (name: string): RouteDef => (routes as Record<string, RouteDef>)[name]!;
const problems = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('API key examples (issue 29 §4)', () => {
  it('every entry a key reaches has an example, and nothing else does', () => {
    expect([...API_KEY_ROUTES].filter((name) => !API_KEY_EXAMPLES[name])).toEqual([]);
    expect(Object.keys(API_KEY_EXAMPLES).filter((name) => !API_KEY_ROUTES.has(name))).toEqual([]);
  });

  it.each([...API_KEY_ROUTES])('%s: its example parses with the entry\u2019s own schemas', (name) => {
    const def = entry(name);
    const ex = API_KEY_EXAMPLES[name]!;
    const req = ex.request ?? {};
    for (const [part, schema, value] of [['params', def.params, req.params], ['query', def.query, req.query], ['body', def.body, req.body]] as const) {
      // A part the entry has no schema for must not be in the example; a body schema needs its body.
      if (!schema) expect(value, `${name} ${part}`).toBeUndefined();
      else if (part !== 'query' || value !== undefined) expect(problems(schema, value ?? {}), `${name} ${part}`).toEqual([]);
    }
    if (def.response) expect(problems(def.response, ex.response), `${name} response`).toEqual([]);
    else expect(typeof ex.response, `${name}: a file answer is described in words`).toBe('string');
  });
});
