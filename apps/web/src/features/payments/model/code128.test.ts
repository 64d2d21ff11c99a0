import { describe, expect, it } from 'vitest';
import { CODE128_PATTERNS, code128cBars, code128cValues } from './code128';

describe('Code 128 C (the OXXO reference barcode)', () => {
  it('has 106 distinct symbols of 11 modules, three bars each', () => {
    expect(CODE128_PATTERNS).toHaveLength(106);
    expect(new Set(CODE128_PATTERNS).size).toBe(106);
    for (const p of CODE128_PATTERNS) expect(p.split('').reduce((s, d) => s + Number(d), 0)).toBe(11);
  });

  it('encodes digit pairs after start C with the mod-103 checksum', () => {
    // (105 + 1×12 + 2×34) mod 103 = 82
    expect(code128cValues('1234')).toEqual([105, 12, 34, 82]);
    expect(code128cValues('00')).toEqual([105, 0, 105 % 103]);
  });

  it('draws 11 modules per symbol plus the 13-module stop; refuses an odd count of digits', () => {
    const ref = '93000262281402';
    const { bars, width } = code128cBars(ref);
    expect(width).toBe(11 * (1 + 7 + 1) + 13);
    expect(bars).toHaveLength(3 * 9 + 4);
    expect(() => code128cValues('123')).toThrow(/par de dígitos/);
  });
});
