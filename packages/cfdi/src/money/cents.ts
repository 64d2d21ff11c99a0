/**
 * Integer cents for amounts already rounded to two places (saldos, charges, bank movements): exact sums and
 * comparisons as plain integers, where a Decimal per value would be the slow part of a loop over 100,000 rows.
 */

/** "1234.5" → 123450, "-0.50" → -50. The text must already have at most two decimals that matter. */
export function toCents(text: string): number {
  const trimmed = text.trim();
  const neg = trimmed.startsWith('-');
  const [i = '0', f = ''] = trimmed.replace('-', '').split('.');
  const cents = Number(i) * 100 + Number(`${f}00`.slice(0, 2));
  return neg ? -cents : cents;
}

/** 123450 → "1234.50", -50 → "-0.50". */
export function fromCents(cents: number): string {
  const a = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}
