/**
 * Decimals each currency allows (c_Moneda "Decimales").
 *
 * A short built-in table kept so money stays usable without the catalogs module; it covers every
 * c_Moneda entry whose decimals are not 2 plus the common currencies. Anything else falls back to 2,
 * which is what c_Moneda lists for almost every currency.
 */
const KNOWN_DECIMALS: Readonly<Record<string, number>> = {
  MXN: 2, USD: 2, EUR: 2, CAD: 2, GBP: 2, CHF: 2, CNY: 2,
  JPY: 0, KRW: 0, CLP: 0, PYG: 0, ISK: 0, VND: 0, XAF: 0, XOF: 0, XPF: 0, UGX: 0, RWF: 0, KMF: 0,
  GNF: 0, DJF: 0, BIF: 0, VUV: 0, XXX: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
  CLF: 4, UYW: 4,
};

/** Decimals SAT allows for amounts in `moneda` (MXN → 2, JPY → 0, CLF → 4, XXX → 0). */
export function currencyDecimals(moneda: string): number {
  return KNOWN_DECIMALS[moneda.trim().toUpperCase()] ?? 2;
}
