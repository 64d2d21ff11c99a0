import { Decimal, type DecimalInput } from './decimal';
import { roundTo } from './rounding';

function groupThousands(integerDigits: string, separator: string): string {
  return integerDigits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

function splitFixed(value: DecimalInput, decimals: number): { negative: boolean; int: string; frac: string } {
  const rounded = roundTo(value, decimals);
  const text = rounded.abs().toFixed(decimals);
  const [int, frac = ''] = text.split('.');
  return { negative: rounded.isNegative() && !rounded.isZero(), int, frac };
}

/**
 * Formats an amount for people, es-MX style (spec §9): "$" sign, comma thousands, dot decimals,
 * 2 decimals by default. `formatMoney('1234.5')` → "$1,234.50"; negatives as "-$1,234.50".
 */
export function formatMoney(value: DecimalInput, decimals = 2, symbol = '$'): string {
  const { negative, int, frac } = splitFixed(value, decimals);
  const body = groupThousands(int, ',') + (decimals > 0 ? `.${frac}` : '');
  return `${negative ? '-' : ''}${symbol}${body}`;
}

/**
 * Formats a price the way spec §9 asks for prices: comma decimals and dot thousands
 * (`formatPrice('1234.5')` → "1.234,50"), no currency sign.
 */
export function formatPrice(value: DecimalInput, decimals = 2): string {
  const { negative, int, frac } = splitFixed(value, decimals);
  return `${negative ? '-' : ''}${groupThousands(int, '.')}${decimals > 0 ? `,${frac}` : ''}`;
}

/** A user-typed amount that could not be read; the message is Spanish and fit to show. */
export class AmountParseError extends Error {
  constructor(readonly input: string, message: string) {
    super(message);
    this.name = 'AmountParseError';
  }
}

export interface ParseAmountOptions {
  /** Which character separates decimals in the input: '.' (es-MX, default) or ',' (price style). */
  decimalSeparator?: '.' | ',';
  /** Maximum decimals accepted (default 6, the most Anexo 20 allows for amounts). */
  maxDecimals?: number;
  /** Accept a leading minus (default false: amounts in invoices are never negative). */
  allowNegative?: boolean;
}

/**
 * Reads an amount a user typed ("$1,234.50", " 1234.5 ", "1.234,50" with decimalSeparator ',')
 * into a Decimal. Thousands separators must sit in groups of three.
 * @throws AmountParseError with a Spanish message on anything else.
 */
export function parseAmount(input: string, options: ParseAmountOptions = {}): Decimal {
  const { decimalSeparator = '.', maxDecimals = 6, allowNegative = false } = options;
  const thousands = decimalSeparator === '.' ? ',' : '.';
  let text = input.trim().replace(/\s+/g, '');
  if (text === '') throw new AmountParseError(input, 'Escribe un importe');
  let negative = false;
  if (text.startsWith('-')) {
    negative = true;
    text = text.slice(1);
  }
  if (text.startsWith('$')) text = text.slice(1);
  const esc = (c: string) => (c === '.' ? '\\.' : c);
  const shape = new RegExp(`^(\\d{1,3}(${esc(thousands)}\\d{3})+|\\d+)?(${esc(decimalSeparator)}(\\d*))?$`);
  const match = shape.exec(text);
  if (!match || !/\d/.test(text)) throw new AmountParseError(input, `"${input}" no es un importe válido`);
  const decimalsPart = match[4] ?? '';
  if (decimalsPart.length > maxDecimals) {
    throw new AmountParseError(input, `El importe admite como máximo ${maxDecimals} decimales`);
  }
  if (negative && !allowNegative) throw new AmountParseError(input, 'El importe no puede ser negativo');
  const integerPart = (match[1] ?? '0').split(thousands).join('');
  const value = new Decimal(`${integerPart}.${decimalsPart || '0'}`);
  return negative ? value.negated() : value;
}

/** Like parseAmount but answers a plain decimal string ("$1,234.50" → "1234.5") for API payloads. */
export function parseAmountText(input: string, options?: ParseAmountOptions): string {
  return parseAmount(input, options).toFixed();
}

