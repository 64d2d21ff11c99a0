import { currencyDecimals as catalogDecimals } from '../catalogs/rules';

/**
 * Decimals SAT allows for amounts in `moneda` (c_Moneda "Decimales": MXN → 2, JPY → 0, CLF → 4,
 * XXX → 0). Reads the catalog shipped in catalogs/ (pure data, browser-safe).
 * @throws Error (Spanish) when the code is not in c_Moneda.
 */
export function currencyDecimals(moneda: string): number {
  return catalogDecimals(moneda.trim().toUpperCase());
}
