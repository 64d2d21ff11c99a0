import { describe, expect, it } from 'vitest';
import { importeConLetra, integerToSpanishWords } from './amount-in-words';

describe('importeConLetra', () => {
  it.each([
    ['1160.00', 'MIL CIENTO SESENTA PESOS 00/100 M.N.'],
    ['1', 'UN PESO 00/100 M.N.'],
    ['0.50', 'CERO PESOS 50/100 M.N.'],
    ['21.5', 'VEINTIÚN PESOS 50/100 M.N.'],
    ['100', 'CIEN PESOS 00/100 M.N.'],
    ['101', 'CIENTO UN PESOS 00/100 M.N.'],
    ['3327.01', 'TRES MIL TRESCIENTOS VEINTISIETE PESOS 01/100 M.N.'],
    ['16016.16', 'DIECISÉIS MIL DIECISÉIS PESOS 16/100 M.N.'],
    ['1000000', 'UN MILLÓN DE PESOS 00/100 M.N.'],
    ['2501116.99', 'DOS MILLONES QUINIENTOS UN MIL CIENTO DIECISÉIS PESOS 99/100 M.N.'],
    ['0.995', 'UN PESO 00/100 M.N.'],
    ['999999999.999', 'MIL MILLONES DE PESOS 00/100 M.N.'],
  ])('%s → %s', (amount, words) => {
    expect(importeConLetra(amount)).toBe(words);
  });

  it('names other currencies', () => {
    expect(importeConLetra('3248.00', 'USD')).toBe('TRES MIL DOSCIENTOS CUARENTA Y OCHO DÓLARES 00/100 USD');
    expect(importeConLetra('1.10', 'EUR')).toBe('UN EURO 10/100 EUR');
  });

  it('spells large integers with the long scale', () => {
    expect(integerToSpanishWords(1_000_000_000_000n)).toBe('UN BILLÓN');
    expect(integerToSpanishWords(2_000_031_000_000n)).toBe('DOS BILLONES TREINTA Y UN MILLONES');
    expect(integerToSpanishWords(0n)).toBe('CERO');
  });
});
