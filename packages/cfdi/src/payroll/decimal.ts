import DecimalJs from 'decimal.js';

/**
 * Decimal arithmetic for payroll.
 *
 * Temporary local helpers until `src/money` lands: a private decimal.js clone (so nobody's
 * `Decimal.set` changes our rounding) with ROUND_HALF_UP, the "redondeo aritmético" SAT and IMSS use.
 */
export const Decimal = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP });
export type Decimal = InstanceType<typeof Decimal>;

/** An amount as decimal text ("1234.50") or a Decimal; JS numbers are refused near money. */
export type DecimalInput = string | Decimal;

const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** Reads decimal text or a Decimal. @throws Error (Spanish) on anything that is not a plain decimal. */
export function toDecimal(value: DecimalInput): Decimal {
  if (value instanceof Decimal) return value;
  if (typeof value !== 'string') throw new TypeError('Se esperaba un importe como texto decimal');
  const text = value.trim();
  if (!DECIMAL_TEXT.test(text)) throw new Error(`"${value}" no es un número decimal válido`);
  return new Decimal(text);
}

/** Rounds half up to `decimals` places (4.015 → 4.02). */
export function roundTo(value: DecimalInput, decimals: number): Decimal {
  return toDecimal(value).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
}

/** Writes a decimal with exactly `decimals` places after rounding half up ("1160" → "1160.00"). */
export function fixed(value: DecimalInput, decimals: number): string {
  return roundTo(value, decimals).toFixed(decimals);
}
