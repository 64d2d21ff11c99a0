import { describe, expect, it } from 'vitest';
import { isrToWithhold } from './isr';
import type { PeriodType } from './types';

const subsidio = (income: string, periodType: PeriodType, paymentDate: string, extra: object = {}) =>
  isrToWithhold({ income, periodType, paymentDate, ...extra });

describe('subsidio para el empleo: monthly ceiling', () => {
  it.each([
    ['2025-06-30', '10171.00', '10171.01', '474.65'], // 3,439.46 × 13.80 %
    ['2026-06-30', '11492.66', '11492.67', '535.65'], // 3,566.22 × 15.02 % (not the press's 536.22)
  ])('%s: income at the ceiling gets it, one cent above does not', (date, atCeiling, above, amount) => {
    const at = subsidio(atCeiling, 'mensual', date);
    expect(at.subsidioCausado).toBe(amount);
    const over = subsidio(above, 'mensual', date);
    expect(over.subsidioCausado).toBe('0.00');
    expect(over.isrRetener).toBe(over.isrCausado);
  });

  it('2025 at the ceiling: ISR 789.51 less 474.65 = 314.86 withheld', () => {
    // 371.83 + (10,171.00 − 6,332.06) × 10.88 % = 789.506672
    expect(subsidio('10171.00', 'mensual', '2025-06-30')).toMatchObject({ isrCausado: '789.51', subsidioAplicado: '474.65', isrRetener: '314.86' });
  });
});

describe('subsidio for periods shorter than a month: monthly ÷ 30.4 × days', () => {
  it.each([
    ['diario', '2025-06-30', '334.57', '334.58', '15.61'],
    ['semanal', '2025-06-30', '2342.01', '2342.02', '109.29'],
    ['decenal', '2025-06-30', '3345.72', '3345.73', '156.13'],
    ['quincenal', '2025-06-30', '5018.59', '5018.60', '234.20'],
    ['diario', '2026-06-30', '378.05', '378.06', '17.62'],
    ['semanal', '2026-06-30', '2646.34', '2646.35', '123.34'],
    ['decenal', '2026-06-30', '3780.48', '3780.49', '176.20'],
    ['quincenal', '2026-06-30', '5670.72', '5670.73', '264.30'],
  ] as const)('%s %s: prorated ceiling %s, amount %s', (periodType, date, ceiling, above, amount) => {
    expect(subsidio(ceiling, periodType, date).subsidioCausado).toBe(amount);
    expect(subsidio(above, periodType, date).subsidioCausado).toBe('0.00');
  });

  it('a partial month prorates both the amount and the ceiling', () => {
    expect(subsidio('6691.45', 'mensual', '2025-06-30', { daysPaid: '20' }).subsidioCausado).toBe('312.27');
    expect(subsidio('6691.46', 'mensual', '2025-06-30', { daysPaid: '20' }).subsidioCausado).toBe('0.00');
  });

  it('never exceeds the monthly amount within a calendar month', () => {
    expect(subsidio('4000', 'quincenal', '2025-06-30', { subsidioPrevioMes: '234.20' }).subsidioCausado).toBe('234.20');
    expect(subsidio('4000', 'quincenal', '2025-06-30', { subsidioPrevioMes: '400.00' }).subsidioCausado).toBe('74.65');
    expect(subsidio('4000', 'quincenal', '2025-06-30', { subsidioPrevioMes: '474.65' }).subsidioCausado).toBe('0.00');
  });
});

describe('January uses the previous UMA with the decree’s January percentage', () => {
  it.each([
    ['2025-01-31', 'mensual', '474.95'], // 3,300.53 (UMA 2024) × 14.39 %
    ['2025-01-15', 'quincenal', '234.35'], // contaduriaccii's January quincenal figure
    ['2025-02-01', 'mensual', '474.65'], // UMA 2025 from 1 February
    ['2026-01-31', 'mensual', '536.21'], // 3,439.46 (UMA 2025) × 15.59 %
    ['2026-01-15', 'quincenal', '264.58'],
    ['2026-02-15', 'quincenal', '264.30'],
  ] as const)('%s %s → %s', (date, periodType, amount) => {
    expect(subsidio('3000.00', periodType, date).subsidioCausado).toBe(amount);
  });

  it('the January 2026 ceiling is already the new one', () => {
    expect(subsidio('11492.66', 'mensual', '2026-01-31').subsidioCausado).toBe('536.21');
    expect(subsidio('10171.01', 'mensual', '2025-01-31').subsidioCausado).toBe('0.00');
  });
});

describe('how the subsidio meets the ISR', () => {
  it('credits up to the ISR and pays no cash for the excess', () => {
    // 2026: 16.22 + (3,000 − 844.60) × 6.40 % = 154.17 < 535.65
    const r = subsidio('3000.00', 'mensual', '2026-03-31');
    expect(r).toMatchObject({ isrCausado: '154.17', subsidioCausado: '535.65', subsidioAplicado: '154.17', subsidioEntregado: '0.00', isrRetener: '0.00' });
  });

  it('tests the ceiling against subsidyIncome when given (separation payments left out)', () => {
    expect(subsidio('6000.00', 'quincenal', '2025-06-30').subsidioCausado).toBe('0.00');
    expect(subsidio('6000.00', 'quincenal', '2025-06-30', { subsidyIncome: '5000.00' }).subsidioCausado).toBe('234.20');
  });

  it('is skipped when another employer applies it', () => {
    expect(subsidio('3000.00', 'mensual', '2026-03-31', { applySubsidio: false })).toMatchObject({ subsidioCausado: '0.00', isrRetener: '154.17' });
  });
});
