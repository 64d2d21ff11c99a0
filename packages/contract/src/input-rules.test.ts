import { describe, expect, it } from 'vitest';
import { findNulField, idParam, INT4_MAX, NOT_FOUND_ISSUE } from './input-rules';

describe('findNulField (one rule for every route)', () => {
  it('names the first field holding a NUL byte, nested in objects and arrays', () => {
    expect(findNulField({ a: 'ok', b: { c: ['x', 'y\u0000'] } })).toBe('b.c.1');
    expect(findNulField({ username: 'a\u0000' })).toBe('username');
    expect(findNulField('\u0000')).toBe('body');
    expect(findNulField({ ['k\u0000ey']: 1 })).toBe('key');
  });
  it('finds nothing in clean input', () => {
    expect(findNulField({ a: 'ñandú', n: 1, z: null, l: [true, 'x'] })).toBeUndefined();
    expect(findNulField(undefined)).toBeUndefined();
  });
});

describe('idParam', () => {
  const id = idParam('Cliente no encontrado');
  it('accepts positive int4 ids from a path string', () => {
    expect(id.parse('1')).toBe(1);
    expect(id.parse(String(INT4_MAX))).toBe(INT4_MAX);
  });
  it('refuses what no int4 serial can be, with the route\'s message', () => {
    for (const bad of [String(INT4_MAX + 1), String(2 ** 53), '0', '-3', '1.5', 'abc', '']) {
      const r = id.safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(r.error!.issues[0]!.message).toBe('Cliente no encontrado');
    }
  });
  it('marks a number no record can have (the API answers 404); text stays a plain validation error', () => {
    const marked = (v: string) => id.safeParse(v).error!.issues.some((i) => (i as { params?: unknown }).params === NOT_FOUND_ISSUE);
    expect([String(INT4_MAX + 1), String(2 ** 53), '0', '-3'].every(marked)).toBe(true);
    expect(marked('abc')).toBe(false);
  });
});
