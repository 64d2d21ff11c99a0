import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromCents, toCents } from './cents';
import {
  AmountParseError,
  conceptImporteLimits,
  currencyDecimals,
  fixed,
  formatMoney,
  formatPrice,
  formatTasaOCuota,
  isWithinLimits,
  parseAmount,
  roundTo,
  roundUpTo,
  taxImporteLimits,
  toDecimal,
  truncateTo,
} from './index';

describe('rounding', () => {
  it('rounds half up on decimal digits, where floats would round down', () => {
    expect(fixed('4.015', 2)).toBe('4.02');
    expect(fixed('1.005', 2)).toBe('1.01');
    expect(fixed('-4.015', 2)).toBe('-4.02');
    expect(fixed('2.5', 0)).toBe('3');
    expect(fixed('0.125', 2)).toBe('0.13'); // half-even would give 0.12
    expect(roundTo('1160', 2).toFixed(2)).toBe('1160.00');
  });

  it('truncates and rounds up for SAT limits', () => {
    expect(truncateTo('30.40999', 2).toFixed(2)).toBe('30.40');
    expect(roundUpTo('30.40001', 2).toFixed(2)).toBe('30.41');
    expect(roundUpTo('30.40', 2).toFixed(2)).toBe('30.40');
  });

  it('writes TasaOCuota with 6 decimals', () => {
    expect(formatTasaOCuota('0.16')).toBe('0.160000');
    expect(formatTasaOCuota('1.6')).toBe('1.600000');
  });

  it('refuses JS numbers and garbage', () => {
    expect(() => toDecimal(1.5 as unknown as string)).toThrow(/texto decimal/);
    expect(() => toDecimal('1e3')).toThrow(/no es un número decimal/);
    expect(() => toDecimal('abc')).toThrow(/no es un número decimal/);
  });

  it('knows currency decimals', () => {
    expect(currencyDecimals('MXN')).toBe(2);
    expect(currencyDecimals('JPY')).toBe(0);
    expect(currencyDecimals('CLF')).toBe(4);
    expect(currencyDecimals('XXX')).toBe(0);
    expect(currencyDecimals('BHD')).toBe(3);
    expect(currencyDecimals(' usd ')).toBe(2);
    expect(() => currencyDecimals('ZZZ')).toThrow(/c_Moneda/);
  });
});

describe('formatting and parsing', () => {
  it('formats money es-MX style', () => {
    expect(formatMoney('1234.5')).toBe('$1,234.50');
    expect(formatMoney('0')).toBe('$0.00');
    expect(formatMoney('1234567.895')).toBe('$1,234,567.90');
    expect(formatMoney('-1234.5')).toBe('-$1,234.50');
    expect(formatMoney('-0.001')).toBe('$0.00');
    expect(formatMoney('999.999')).toBe('$1,000.00');
  });

  it('formats prices with comma decimals and dot thousands', () => {
    expect(formatPrice('1234.5')).toBe('1.234,50');
    expect(formatPrice('1234567.891', 3)).toBe('1.234.567,891');
    expect(formatPrice('12')).toBe('12,00');
  });

  it('parses typed amounts', () => {
    expect(parseAmount('$1,234.50').toFixed()).toBe('1234.5');
    expect(parseAmount(' 1234.5 ').toFixed()).toBe('1234.5');
    expect(parseAmount('.5').toFixed()).toBe('0.5');
    expect(parseAmount('1.234,56', { decimalSeparator: ',' }).toFixed()).toBe('1234.56');
    expect(parseAmount('-5', { allowNegative: true }).toFixed()).toBe('-5');
  });

  it('rejects garbage with Spanish messages', () => {
    expect(() => parseAmount('')).toThrow('Escribe un importe');
    expect(() => parseAmount('12,34')).toThrow(AmountParseError);
    expect(() => parseAmount('1.2.3')).toThrow(/no es un importe válido/);
    expect(() => parseAmount('abc')).toThrow(/no es un importe válido/);
    expect(() => parseAmount('-5')).toThrow('El importe no puede ser negativo');
    expect(() => parseAmount('1.1234567')).toThrow('El importe admite como máximo 6 decimales');
  });
});

describe('SAT acceptance limits', () => {
  it('computes tax Importe limits from the Base as written', () => {
    // Base 190.01 stands for [190.005, 190.015): 30.4008 … 30.4024
    const limits = taxImporteLimits('190.01', '0.160000', 2);
    expect(limits).toEqual({ inferior: '30.40', superior: '30.41' });
    expect(isWithinLimits('30.40', limits)).toBe(true);
    expect(isWithinLimits('30.41', limits)).toBe(true);
    expect(isWithinLimits('30.42', limits)).toBe(false);
    expect(isWithinLimits('30.39', limits)).toBe(false);
  });

  it('widens the range when the base has fewer decimals', () => {
    // Base "1000" stands for [999.5, 1000.5): 159.92 … 160.08
    expect(taxImporteLimits('1000', '0.16', 2)).toEqual({ inferior: '159.92', superior: '160.08' });
  });

  it('computes Concepto Importe limits from Cantidad and ValorUnitario', () => {
    // "1.5" stands for 1.45…1.55 and "33.34" for 33.335…33.345: 48.33575 → 48.33, 51.68475 → 51.69
    expect(conceptImporteLimits('1.5', '33.34', 2)).toEqual({ inferior: '48.33', superior: '51.69' });
    expect(isWithinLimits('50.01', conceptImporteLimits('1.5', '33.34', 2))).toBe(true);
    expect(conceptImporteLimits('0', '0.001', 2).inferior).toBe('0.00');
  });
});

describe('browser safety', () => {
  it('money imports no Node built-ins and nothing of ours but catalogs', () => {
    const dir = new URL('.', import.meta.url);
    const sources = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(sources.length).toBeGreaterThan(5);
    for (const file of sources) {
      const imports = [...readFileSync(new URL(file, dir), 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]);
      for (const spec of imports) {
        expect(spec.startsWith('node:'), `${file} imports ${spec}`).toBe(false);
        if (spec.startsWith('..')) expect(spec, `${file} imports ${spec}`).toMatch(/^\.\.\/catalogs\//);
      }
    }
  });
});

describe('integer cents', () => {
  it('round-trips signed two-decimal amounts', () => {
    expect(['1234.5', '0.05', '-0.50', '-1234.56', '7', ' 12.30 '].map(toCents)).toEqual([123450, 5, -50, -123456, 700, 1230]);
    expect([123450, 5, -50, -123456, 700, 0].map(fromCents)).toEqual(['1234.50', '0.05', '-0.50', '-1234.56', '7.00', '0.00']);
  });
});
