import { MONTHS, defaultFilterMonth, isValidMonth } from '@facturo/contract';

/** §2.6: paths where the dashboard month/year filter applies. */
export const periodFilterPaths = ['/dashboard/home', '/incomes', '/outcomes', '/credit-notes', '/retentions', '/payroll', '/statements'];

/** Whether the month/year filter shows on a path. */
export function periodFilterApplies(pathname: string): boolean {
  return periodFilterPaths.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** How many years back the filter offers (the dashboard endpoint may narrow it later). */
export const yearsBack = 5;

/** Years offered, newest first. */
export function availableYears(today: Date): number[] {
  const y = today.getFullYear();
  return Array.from({ length: yearsBack + 1 }, (_, i) => y - i);
}

/** Months available for a year: up to the current month in the current year, else all 12. */
export function availableMonthCount(year: number, today: Date): number {
  return year === today.getFullYear() ? today.getMonth() + 1 : 12;
}

/** Month options (value and text) for a year. */
export function monthOptions(year: number, today: Date): { value: number; text: string }[] {
  return MONTHS.slice(0, availableMonthCount(year, today)).map((text, i) => ({ value: i + 1, text }));
}

export interface PeriodInput {
  savedMonth: number | null;
  savedYear: number | null;
  regimen: string | null | undefined;
  today: Date;
}

/**
 * Initial selection (§4): saved year (if offered) else the current year; the month follows
 * the contract rule (saved, capped; regimen 13 → half of the month rounded down).
 */
export function initialPeriod({ savedMonth, savedYear, regimen, today }: PeriodInput): { month: number; year: number } {
  const years = availableYears(today);
  const year = savedYear != null && years.includes(savedYear) ? savedYear : today.getFullYear();
  const month = defaultFilterMonth({
    saved: savedMonth != null && isValidMonth(savedMonth) ? savedMonth : null,
    current: today.getMonth() + 1,
    available: availableMonthCount(year, today),
    regimen: regimen ?? null,
  });
  return { month, year };
}

/** Keeps a month inside the months available for a year (changing year can shrink them). */
export function capMonth(month: number, year: number, today: Date): number {
  return Math.max(1, Math.min(month, availableMonthCount(year, today)));
}
