import DecimalJs from 'decimal.js';

/**
 * The decimal type every amount in the engine uses.
 *
 * A private clone so nobody else's `Decimal.set` can change our arithmetic. 40 significant digits are
 * far more than any CFDI amount needs (18 integer digits + 6 decimals), so products and quotients of
 * amounts never lose digits before we round them on purpose.
 *
 * The default rounding is ROUND_HALF_UP because SAT rounds "aritméticamente" (half away from zero:
 * 4.015 → 4.02, -4.015 → -4.02) in Anexo 20 and its validators; banker's rounding (half-even,
 * decimal.js's default) would give 4.01 and a document SAT rejects.
 */
export const Decimal = DecimalJs.clone({
  precision: 40,
  rounding: DecimalJs.ROUND_HALF_UP,
  toExpNeg: -30,
  toExpPos: 40,
});
export type Decimal = InstanceType<typeof Decimal>;

/** Anything that can become a decimal without going through a JS float. */
export type DecimalInput = string | Decimal | bigint;

const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Converts a decimal string (or decimal) into a Decimal. Numbers are refused on purpose: a JS number
 * near money is already a float and may not be the amount the user typed.
 * @throws Error (Spanish message) when the text is not a plain decimal number.
 */
export function toDecimal(value: DecimalInput): Decimal {
  if (value instanceof Decimal) return value;
  if (typeof value === 'bigint') return new Decimal(value.toString());
  if (typeof value !== 'string') throw new TypeError('Se esperaba un importe como texto decimal');
  const text = value.trim();
  if (!DECIMAL_TEXT.test(text)) throw new Error(`"${value}" no es un número decimal válido`);
  return new Decimal(text);
}

/** Number of digits after the decimal point as written ("1.50" → 2, "7" → 0). */
export function countDecimals(text: string): number {
  const trimmed = text.trim();
  const dot = trimmed.indexOf('.');
  return dot < 0 ? 0 : trimmed.length - dot - 1;
}

/** Sums decimals (empty → 0). */
export function sum(values: Iterable<DecimalInput>): Decimal {
  let total = new Decimal(0);
  for (const v of values) total = total.plus(toDecimal(v));
  return total;
}
