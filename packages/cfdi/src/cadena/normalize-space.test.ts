import { describe, expect, it } from 'vitest';
import { normalizeSpace } from './normalize-space';

describe('normalizeSpace (XPath 1.0 normalize-space)', () => {
  it.each([
    ['abc', 'abc'],
    ['', ''],
    [' ', ''],
    ['  a  b  ', 'a b'],
    ['a\tb\nc\rd', 'a b c d'],
    ['\n\t a \t\n', 'a'],
    ['a  b', 'a b'],
    ['Ñandú  Pérez', 'Ñandú Pérez'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeSpace(input)).toBe(expected);
  });

  it('keeps non-XML spaces such as NBSP and em space', () => {
    expect(normalizeSpace('\u00a0a\u2003 b\u00a0')).toBe('\u00a0a\u2003 b\u00a0');
    expect(normalizeSpace(' \u00a0 ')).toBe('\u00a0');
  });
});
