/** Pesos per unit of a currency on a date: the value a CFDI's TipoCambio takes. */
export interface ExchangeRate {
  moneda: string;
  /** The date the value was published for (YYYY-MM-DD). */
  fecha: string;
  /** Decimal string, at most 6 decimals (Anexo 20 TipoCambio). */
  tipoCambio: string;
  fuente: 'banxico' | 'manual';
}

/** Exchange-rate port: a manual table offline, Banxico's FIX behind the same call in production. */
export interface ExchangeRatePort {
  /** The rate valid on `fecha` (the last one published on or before it), or undefined when none is known. */
  rate(moneda: string, fecha: string): Promise<ExchangeRate | undefined>;
}

export class ExchangeRateUnavailable extends Error {}
