import type { ExchangeRatePort } from './exchange-rate-port';

/**
 * Fixed rates from configuration (EXCHANGE_RATES="USD=17.2500,EUR=18.90"): the offline provider. The
 * value is the same for every date; the form still lets the user type the rate of the day.
 */
export function manualRates(spec: string | undefined, today: () => string): ExchangeRatePort {
  const table = new Map<string, string>();
  for (const pair of (spec ?? '').split(',')) {
    const [code, value] = pair.split('=').map((s) => s.trim());
    if (code && value && /^\d{1,18}(\.\d{1,6})?$/.test(value)) table.set(code.toUpperCase(), value);
  }
  return {
    async rate(moneda, fecha) {
      const value = table.get(moneda);
      return value ? { moneda, fecha: fecha || today(), tipoCambio: value, fuente: 'manual' } : undefined;
    },
  };
}
