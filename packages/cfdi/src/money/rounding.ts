import { Decimal, toDecimal, type DecimalInput } from './decimal';

/**
 * Rounds half up ("redondeo aritmético", SAT's rule) to `decimals` places.
 * Works on the decimal digits, so 4.015 gives 4.02 (a float would give 4.01).
 */
export function roundTo(value: DecimalInput, decimals: number): Decimal {
  return toDecimal(value).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
}

/** Cuts digits beyond `decimals` (toward zero), as SAT does for lower limits and Pagos 2.0 sums. */
export function truncateTo(value: DecimalInput, decimals: number): Decimal {
  return toDecimal(value).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
}

/** Rounds away from zero ("redondear hacia arriba") to `decimals` places, for upper limits. */
export function roundUpTo(value: DecimalInput, decimals: number): Decimal {
  return toDecimal(value).toDecimalPlaces(decimals, Decimal.ROUND_UP);
}

/**
 * Writes a decimal with exactly `decimals` places, rounding half up first ("1160" → "1160.00").
 * This is the attribute format for amounts in the XML.
 */
export function fixed(value: DecimalInput, decimals: number): string {
  return roundTo(value, decimals).toFixed(decimals);
}

/** Writes a TasaOCuota the way SAT's catalog spells it: always 6 decimals ("0.16" → "0.160000"). */
export function formatTasaOCuota(value: DecimalInput): string {
  return toDecimal(value).toFixed(6);
}
