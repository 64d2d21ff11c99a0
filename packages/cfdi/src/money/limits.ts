import { Decimal, countDecimals, toDecimal, type DecimalInput } from './decimal';
import { roundUpTo, truncateTo } from './rounding';

/** The range SAT accepts for a computed amount (inclusive), as decimal strings. */
export interface AmountLimits {
  inferior: string;
  superior: string;
}

// Anexo 20 subtracts 10^-12 from the upper bound so a value exactly on the half step is not counted twice.
const EPSILON = new Decimal('1e-12');

/** Half a unit of the last digit written: 10^-n / 2 for a value written with n decimals. */
function halfUnit(text: string): Decimal {
  return new Decimal(10).pow(-countDecimals(text)).div(2);
}

/** A lower limit below zero means "anything from zero", and "-0.00" would read oddly. */
function atLeastZero(value: Decimal): Decimal {
  return value.isNegative() ? new Decimal(0) : value;
}

function asText(value: DecimalInput): string {
  return typeof value === 'string' ? value.trim() : toDecimal(value).toFixed();
}

/**
 * Limits SAT uses to accept a tax Importe (Anexo 20 CFDI 4.0, Traslado/Retención Importe, also Pagos
 * ImporteDR): the Base written with n decimals stands for any value within ±10^-n/2, so
 * inferior = (Base − 10^-n/2) × TasaOCuota truncated to `decimals`,
 * superior = (Base + 10^-n/2 − 10^-12) × TasaOCuota rounded up to `decimals`.
 * @param base the Base exactly as written in the XML (its decimals count)
 * @param decimals the decimals of the Importe being checked (the currency's, or the Importe's own when greater)
 */
export function taxImporteLimits(base: DecimalInput, tasaOCuota: DecimalInput, decimals: number): AmountLimits {
  const baseText = asText(base);
  const b = toDecimal(baseText);
  const tasa = toDecimal(tasaOCuota);
  const half = halfUnit(baseText);
  return {
    inferior: atLeastZero(truncateTo(b.minus(half).times(tasa), decimals)).toFixed(decimals),
    superior: roundUpTo(b.plus(half).minus(EPSILON).times(tasa), decimals).toFixed(decimals),
  };
}

/**
 * Limits SAT uses to accept a Concepto Importe (Anexo 20 CFDI 4.0):
 * inferior = (Cantidad − 10^-nc/2) × (ValorUnitario − 10^-nv/2) truncated,
 * superior = (Cantidad + 10^-nc/2 − 10^-12) × (ValorUnitario + 10^-nv/2 − 10^-12) rounded up,
 * both to the currency decimals.
 */
export function conceptImporteLimits(
  cantidad: DecimalInput,
  valorUnitario: DecimalInput,
  decimals: number,
): AmountLimits {
  const cText = asText(cantidad);
  const vText = asText(valorUnitario);
  const c = toDecimal(cText);
  const v = toDecimal(vText);
  const hc = halfUnit(cText);
  const hv = halfUnit(vText);
  return {
    inferior: atLeastZero(truncateTo(c.minus(hc).times(v.minus(hv)), decimals)).toFixed(decimals),
    superior: roundUpTo(c.plus(hc).minus(EPSILON).times(v.plus(hv).minus(EPSILON)), decimals).toFixed(decimals),
  };
}

/** True when `value` lies within the limits (both ends included). */
export function isWithinLimits(value: DecimalInput, limits: AmountLimits): boolean {
  const v = toDecimal(value);
  return v.greaterThanOrEqualTo(limits.inferior) && v.lessThanOrEqualTo(limits.superior);
}
