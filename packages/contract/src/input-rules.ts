import { z } from 'zod';

/**
 * Rules every request input obeys, whatever the route (issue 17). They live here, once, so the API
 * applies them to every route's params, query and body before its own schema runs, and new routes
 * are covered without remembering to.
 */

/** PostgreSQL `integer` (int4) upper bound: every serial id column. */
export const INT4_MAX = 2_147_483_647;

/** Marks an id that is a number but no record can have: the API answers 404, not 422. */
export const NOT_FOUND_ISSUE = { notFound: true } as const;

/**
 * A path id: a positive int4 (the serial columns' range). A number out of that range names no record,
 * so it carries NOT_FOUND_ISSUE and the API answers 404 with `message`; before, 2^31 reached the
 * database and overflowed into a 500.
 */
export const idParam = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(INT4_MAX, message)
    .superRefine((n, ctx) => {
      if (n < 1 || n > INT4_MAX) ctx.addIssue({ code: 'custom', message, params: NOT_FOUND_ISSUE });
    });

export const NUL_MESSAGE = 'El texto contiene un carácter no permitido (NUL)';

/**
 * The first field (dotted path, e.g. `concepts.0.name`) whose text holds a NUL byte (`\u0000`),
 * searching keys and values of objects and arrays; undefined when there is none. PostgreSQL text
 * cannot store NUL, so such a value is refused up front with 422 instead of failing in the driver.
 */
export function findNulField(value: unknown, path: string[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || 'body' : undefined;
  if (!value || typeof value !== 'object' || depth > 64) return undefined;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, child] of entries) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '')].join('.') || 'body';
    const found = findNulField(child, [...path, key], depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
