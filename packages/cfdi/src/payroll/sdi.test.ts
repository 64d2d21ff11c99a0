import { describe, expect, it } from 'vitest';
import { PayrollError } from './errors';
import { integratedDailySalary, vacationDaysForServiceYear } from './sdi';

describe('vacation days (LFT art. 76, 2023 reform)', () => {
  it.each([
    [1, 12], [2, 14], [3, 16], [4, 18], [5, 20], [6, 22], [10, 22], [11, 24], [15, 24], [16, 26], [20, 26], [21, 28],
    [25, 28], [26, 30], [30, 30], [31, 32], [35, 32],
  ])('service year %i → %i days', (year, days) => expect(vacationDaysForServiceYear(year)).toBe(days));

  it('rejects year 0', () => expect(() => vacationDaysForServiceYear(0)).toThrow(PayrollError));
});

describe('integratedDailySalary', () => {
  it('minimum benefits in the first year: factor 1 + (15 + 12 × 25 %) ÷ 365', () => {
    // 1 + 18/365 = 1.04931506…; 278.80 × that = 292.5490…
    expect(integratedDailySalary({ salarioDiario: '278.80' })).toEqual({
      aguinaldoDias: 15, vacacionesDias: 12, primaVacacionalPct: '25.00', factor: '1.049315', sdi: '292.55',
    });
  });

  it('grows with seniority and richer benefits', () => {
    // 6th year: 22 days; 30 days aguinaldo, 50 % prima → 1 + (30 + 11)/365 = 1.112329; 1,000 × that = 1,112.33
    expect(integratedDailySalary({ salarioDiario: '1000', aniosCumplidos: 5, aguinaldoDias: 30, primaVacacionalPct: '50' }))
      .toMatchObject({ vacacionesDias: 22, factor: '1.112329', sdi: '1112.33' });
  });

  it('adds other fixed daily benefits after the factor', () => {
    expect(integratedDailySalary({ salarioDiario: '500', otrasPrestacionesDiarias: '20.00' }).sdi).toBe('544.66'); // 524.657… + 20
  });

  it.each([
    [{ salarioDiario: '0' }, /mayor que cero/],
    [{ salarioDiario: '500', aguinaldoDias: 10 }, /LFT art. 87/],
    [{ salarioDiario: '500', aniosCumplidos: 3, vacacionesDias: 14 }, /18 días/],
    [{ salarioDiario: '500', primaVacacionalPct: '20' }, /LFT art. 80/],
  ])('rejects %j below the legal minimums', (input, message) => {
    expect(() => integratedDailySalary(input)).toThrow(message);
  });
});
