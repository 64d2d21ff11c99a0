import { PayrollError } from './errors';

/** A calendar date as the engine needs it: no time zone, no clock. */
export interface PayrollDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Reads a payment date written "YYYY-MM-DD". Text on purpose: a JS Date carries a time zone, and
 * 2026-01-31T20:00-06:00 is already February in UTC, which would pick the wrong UMA.
 * @throws PayrollError when the text is not a real calendar date.
 */
export function parsePaymentDate(text: string, field = 'paymentDate'): PayrollDate {
  const match = ISO_DATE.exec(text.trim());
  if (!match) throw new PayrollError(`La fecha de pago "${text}" debe tener el formato AAAA-MM-DD`, field);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    throw new PayrollError(`La fecha de pago "${text}" no existe en el calendario`, field);
  }
  return { year, month, day };
}

/**
 * Year whose UMA is in force on `date`: INEGI's UMA runs 1 February to 31 January, so every January
 * still uses the previous year's value.
 */
export function umaYearFor(date: PayrollDate): number {
  return date.month === 1 ? date.year - 1 : date.year;
}
