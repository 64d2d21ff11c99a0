import { Decimal, toDecimal } from '../money';

const UNIDADES = ['', 'UN', 'DOS', 'TRES', 'CUATRO', 'CINCO', 'SEIS', 'SIETE', 'OCHO', 'NUEVE'];
const DIEZ_A_VEINTINUEVE = [
  'DIEZ', 'ONCE', 'DOCE', 'TRECE', 'CATORCE', 'QUINCE', 'DIECISÉIS', 'DIECISIETE', 'DIECIOCHO', 'DIECINUEVE',
  'VEINTE', 'VEINTIÚN', 'VEINTIDÓS', 'VEINTITRÉS', 'VEINTICUATRO', 'VEINTICINCO', 'VEINTISÉIS', 'VEINTISIETE',
  'VEINTIOCHO', 'VEINTINUEVE',
];
const DECENAS = ['', '', '', 'TREINTA', 'CUARENTA', 'CINCUENTA', 'SESENTA', 'SETENTA', 'OCHENTA', 'NOVENTA'];
const CENTENAS = [
  '', 'CIENTO', 'DOSCIENTOS', 'TRESCIENTOS', 'CUATROCIENTOS', 'QUINIENTOS', 'SEISCIENTOS', 'SETECIENTOS',
  'OCHOCIENTOS', 'NOVECIENTOS',
];

/** 1..999 in words, with the apocopated "UN" since an amount is always followed by a noun. */
function hundreds(n: number): string {
  if (n === 100) return 'CIEN';
  const c = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (c > 0) parts.push(CENTENAS[c]);
  if (rest >= 30) {
    parts.push(DECENAS[Math.floor(rest / 10)] + (rest % 10 ? ` Y ${UNIDADES[rest % 10]}` : ''));
  } else if (rest >= 10) {
    parts.push(DIEZ_A_VEINTINUEVE[rest - 10]);
  } else if (rest > 0) {
    parts.push(UNIDADES[rest]);
  }
  return parts.join(' ');
}

/** 0..999,999 in words. */
function thousands(n: number): string {
  const miles = Math.floor(n / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  if (miles === 1) parts.push('MIL');
  else if (miles > 1) parts.push(`${hundreds(miles)} MIL`);
  if (rest > 0) parts.push(hundreds(rest));
  return parts.join(' ');
}

/**
 * A whole number in Spanish words (upper case, long scale: millón = 10^6, billón = 10^12),
 * e.g. 1160 → "MIL CIENTO SESENTA", 21 → "VEINTIÚN", 0 → "CERO".
 */
export function integerToSpanishWords(value: bigint): string {
  if (value < 0n) throw new RangeError('Solo se convierten cantidades no negativas');
  if (value === 0n) return 'CERO';
  const billones = value / 1_000_000_000_000n;
  const millones = Number((value / 1_000_000n) % 1_000_000n);
  const rest = Number(value % 1_000_000n);
  const parts: string[] = [];
  if (billones > 0n) parts.push(billones === 1n ? 'UN BILLÓN' : `${integerToSpanishWords(billones)} BILLONES`);
  if (millones > 0) parts.push(millones === 1 ? 'UN MILLÓN' : `${thousands(millones)} MILLONES`);
  if (rest > 0) parts.push(thousands(rest));
  return parts.join(' ');
}

/** Currency names for the legend: [singular, plural, suffix after the cents]. */
const CURRENCY_WORDS: Record<string, [string, string, string]> = {
  MXN: ['PESO', 'PESOS', 'M.N.'],
  USD: ['DÓLAR', 'DÓLARES', 'USD'],
  EUR: ['EURO', 'EUROS', 'EUR'],
};

/**
 * The "importe con letra" printed on Mexican invoices:
 * 1160.00 MXN → "MIL CIENTO SESENTA PESOS 00/100 M.N."; exact millions take "DE" ("UN MILLÓN DE PESOS").
 * Cents are rounded half-up to two digits.
 * @throws Error (Spanish) when `amount` is not a plain decimal ("1e3", "$100", "1,000.00").
 */
export function importeConLetra(amount: string, moneda = 'MXN'): string {
  const value = toDecimal(amount.trim() || '0').abs().toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const entero = BigInt(value.trunc().toFixed(0));
  const centavos = value.minus(value.trunc()).mul(100).toFixed(0).padStart(2, '0');
  const [singular, plural, suffix] = CURRENCY_WORDS[moneda] ?? [moneda, moneda, moneda];
  const words = integerToSpanishWords(entero);
  const noun = entero === 1n ? singular : plural;
  const de = entero > 0n && entero % 1_000_000n === 0n ? ' DE' : '';
  return `${words}${de} ${noun} ${centavos}/100 ${suffix}`;
}
