import { ExchangeRateUnavailable, type ExchangeRatePort } from './exchange-rate-port';

/**
 * Banxico SIE series of pesos per unit: SF43718 is the FIX (USD) that CFDI uses; the others are the
 * daily rates Banxico publishes for the main currencies.
 */
export const BANXICO_SERIES: Record<string, string> = {
  USD: 'SF43718',
  EUR: 'SF46410',
  GBP: 'SF46407',
  JPY: 'SF46406',
  CAD: 'SF60632',
};

export const BANXICO_DEFAULT_URL = 'https://www.banxico.org.mx/SieAPIRest/service/v1';

interface SieAnswer {
  bmx?: { series?: { idSerie: string; datos?: { fecha: string; dato: string }[] }[] };
}

const shift = (isoDate: string, days: number) => new Date(Date.parse(`${isoDate}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** SIE writes dates as dd/mm/yyyy. */
const isoOf = (sieDate: string) => sieDate.replace(/^(\d{2})\/(\d{2})\/(\d{4})$/, '$3-$2-$1');

/**
 * The Banxico SIE REST client (`GET /series/{id}/datos/{from}/{to}` with the Bmx-Token header). Asks for
 * the week before the date, since no rate is published on weekends and holidays, and takes the last
 * numeric value ("N/E" marks a day without one).
 */
export function banxicoRates(opts: { token: string; baseUrl?: string; fetch?: typeof fetch; timeoutMs?: number }): ExchangeRatePort {
  const baseUrl = (opts.baseUrl ?? BANXICO_DEFAULT_URL).replace(/\/$/, '');
  const doFetch = opts.fetch ?? fetch;
  return {
    async rate(moneda, fecha) {
      const serie = BANXICO_SERIES[moneda];
      if (!serie) return undefined;
      const url = `${baseUrl}/series/${serie}/datos/${shift(fecha, -7)}/${fecha}`;
      let res: Response;
      try {
        res = await doFetch(url, { headers: { 'Bmx-Token': opts.token, accept: 'application/json' }, signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000) });
      } catch {
        throw new ExchangeRateUnavailable('Banxico no respondió; escribe el tipo de cambio a mano');
      }
      if (!res.ok) throw new ExchangeRateUnavailable(`Banxico respondió ${res.status}; escribe el tipo de cambio a mano`);
      const body = (await res.json()) as SieAnswer;
      const datos = body.bmx?.series?.find((s) => s.idSerie === serie)?.datos ?? [];
      const published = datos.filter((d) => /^\d+(\.\d+)?$/.test(d.dato.replace(/,/g, '')));
      const last = published.at(-1);
      if (!last) return undefined;
      const value = last.dato.replace(/,/g, '');
      // Anexo 20: TipoCambio has at most 6 decimals; SIE publishes 4 for the FIX.
      const [int, dec = ''] = value.split('.');
      return { moneda, fecha: isoOf(last.fecha), tipoCambio: dec ? `${int}.${dec.slice(0, 6)}` : int!, fuente: 'banxico' };
    },
  };
}
