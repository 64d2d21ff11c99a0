import { toDecimal, type Decimal } from '../../money';

/**
 * A decimal as written in a received XML, or undefined when it is not a plain decimal. Stricter than
 * `new Decimal()`, which would also read "1e3", "0x10" or "Infinity" and print a number the XML
 * does not hold: such values are shown as written instead.
 */
export function readDecimal(value: string | undefined): Decimal | undefined {
  if (value === undefined) return undefined;
  try {
    return toDecimal(value);
  } catch {
    return undefined;
  }
}

/**
 * Groups thousands of a decimal string without going through floats and keeps at least
 * `minDecimals` decimals: "1160" → "1,160.00", "853.448276" → "853.448276".
 */
export function formatAmount(value: string | undefined, minDecimals = 2): string {
  if (value === undefined || value.trim() === '') return '';
  const d = readDecimal(value);
  if (d === undefined) return value;
  // Keep the decimals as written in the XML (8.620690 stays 8.620690), never fewer than minDecimals.
  const written = value.trim().split('.')[1]?.length ?? 0;
  const text = d.toFixed(Math.max(minDecimals, written));
  const negative = text.startsWith('-');
  const [int, dec] = (negative ? text.slice(1) : text).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${dec ? `.${dec}` : ''}`;
}

/** Money as printed: "$1,160.00". */
export const formatMoney = (value: string | undefined): string => (value ? `$${formatAmount(value)}` : '');

/** A rate as a percentage: "0.160000" → "16%", "0.106667" → "10.6667%". */
export function formatRate(value: string | undefined): string {
  if (!value) return '';
  const d = readDecimal(value);
  return d === undefined ? value : `${d.mul(100).toDecimalPlaces(4).toString()}%`;
}
