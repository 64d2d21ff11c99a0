import Decimal from 'decimal.js';

/**
 * Groups thousands of a decimal string without going through floats and keeps at least
 * `minDecimals` decimals: "1160" → "1,160.00", "853.448276" → "853.448276".
 */
export function formatAmount(value: string | undefined, minDecimals = 2): string {
  if (value === undefined || value.trim() === '') return '';
  let text: string;
  try {
    const d = new Decimal(value.trim());
    // Keep the decimals as written in the XML (8.620690 stays 8.620690), never fewer than minDecimals.
    const written = value.trim().split('.')[1]?.length ?? 0;
    const decimals = Math.max(minDecimals, written);
    text = d.toFixed(decimals);
  } catch {
    return value;
  }
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
  try {
    return `${new Decimal(value).mul(100).toDecimalPlaces(4).toString()}%`;
  } catch {
    return value;
  }
}
