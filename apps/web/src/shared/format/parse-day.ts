// What a Mexican user types into a date field, read back as the ISO calendar day the API expects.

const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (n: number) => String(n).padStart(2, '0');

/** Days in a month of the proleptic Gregorian calendar (month 1-12). */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * Reads "15/01/2026" (also "1/1/2026", "15-01-2026", "15.01.2026" or a pasted "2026-01-15") as
 * "2026-01-15". Always day first, never the US month-first order, and checked against the
 * calendar so 31/02/2026 is rejected instead of rolling over to March. Returns null when the
 * text is not a real day; plain arithmetic, no Date, so no time zone can shift the day.
 */
export function parseDayFirst(text: string): string | null {
  const s = text.trim();
  const iso = ISO_DAY.exec(s);
  const m = iso ? [iso[3], iso[2], iso[1]] : DAY_FIRST.exec(s)?.slice(1, 4);
  if (!m) return null;
  const [day, month, year] = m.map(Number);
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}
