import { describe, expect, it } from 'vitest';
import { availableMonthCount, availableYears, capMonth, initialPeriod, monthOptions, periodFilterApplies } from './period-rules';

const may = new Date(2026, 4, 20); // 20 May 2026
const nov = new Date(2026, 10, 23);

describe('month filter (§2.6, §4)', () => {
  it('applies only on home, incomes, outcomes, credit notes, retentions, payroll and statements', () => {
    for (const p of ['/dashboard/home', '/incomes', '/outcomes', '/credit-notes/emitted', '/retentions/received', '/payroll', '/payroll/emitted', '/statements']) {
      expect(periodFilterApplies(p)).toBe(true);
    }
    for (const p of ['/products', '/clients', '/pre-payroll', '/profile', '/plans', '/incomes-x']) expect(periodFilterApplies(p)).toBe(false);
  });
  it('caps months at those available: the current year only up to this month', () => {
    expect(availableMonthCount(2026, may)).toBe(5);
    expect(availableMonthCount(2025, may)).toBe(12);
    expect(monthOptions(2026, may).map((m) => m.text)).toEqual(['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo']);
  });
  it('uses the saved month, capped at the months available', () => {
    expect(initialPeriod({ savedMonth: 3, savedYear: 2026, regimen: '601', today: may })).toEqual({ month: 3, year: 2026 });
    expect(initialPeriod({ savedMonth: 11, savedYear: 2026, regimen: '601', today: may })).toEqual({ month: 5, year: 2026 });
    expect(initialPeriod({ savedMonth: 11, savedYear: 2025, regimen: '601', today: may })).toEqual({ month: 11, year: 2025 });
  });
  it('defaults to the current month without a saved one', () => {
    expect(initialPeriod({ savedMonth: null, savedYear: null, regimen: '601', today: nov })).toEqual({ month: 11, year: 2026 });
  });
  it('gives regimen 13 (RIF) half the month rounded down when none is saved', () => {
    expect(initialPeriod({ savedMonth: null, savedYear: null, regimen: '13', today: nov }).month).toBe(5);
    expect(initialPeriod({ savedMonth: null, savedYear: null, regimen: '13', today: may }).month).toBe(2);
    expect(initialPeriod({ savedMonth: null, savedYear: null, regimen: '13', today: new Date(2026, 0, 5) }).month).toBe(1);
    expect(initialPeriod({ savedMonth: 7, savedYear: 2026, regimen: '13', today: nov }).month).toBe(7);
  });
  it('ignores saved values out of range', () => {
    expect(initialPeriod({ savedMonth: 13, savedYear: 1990, regimen: null, today: may })).toEqual({ month: 5, year: 2026 });
  });
  it('re-caps the month when the year changes', () => {
    expect(capMonth(11, 2026, may)).toBe(5);
    expect(capMonth(11, 2025, may)).toBe(11);
    expect(availableYears(may)[0]).toBe(2026);
  });
});
