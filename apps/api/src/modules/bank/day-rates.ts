import type { ExchangeRatePort } from '../../providers/exchange-rates/exchange-rate-port';

/**
 * The payment day's exchange rates the matcher converts foreign-currency invoices with (issue 27 §2, decision
 * 317): one question to the exchange-rate port (Banxico's FIX, or the manual table offline) per currency and day
 * of the movements, asked before matching (the engine is synchronous and pure), a few at a time. A rate the port
 * does not know (or fails to give) is null: the engine then falls back to the invoice's own TipoCambio.
 */
export async function dayRates(port: ExchangeRatePort | undefined, monedas: string[], fechas: string[]): Promise<(moneda: string, fecha: string) => number | null> {
  const table = new Map<string, number>();
  if (!port || !monedas.length) return () => null;
  const asks = monedas.flatMap((m) => [...new Set(fechas)].map((f) => [m, f] as const));
  for (let i = 0; i < asks.length; i += 8) {
    await Promise.all(asks.slice(i, i + 8).map(async ([m, f]) => {
      const r = await port.rate(m, f).catch(() => undefined);
      const value = r ? Number(r.tipoCambio) : NaN;
      if (value > 0) table.set(`${m}|${f}`, value);
    }));
  }
  return (moneda, fecha) => table.get(`${moneda}|${fecha}`) ?? null;
}
