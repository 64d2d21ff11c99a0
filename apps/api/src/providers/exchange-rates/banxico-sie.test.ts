import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banxicoRates } from './banxico-sie';
import { ExchangeRateUnavailable } from './exchange-rate-port';
import { manualRates } from './manual-rates';

/** A local server speaking Banxico SIE's JSON (GET /series/{id}/datos/{from}/{to}, Bmx-Token header). */
let server: Server;
let baseUrl: string;
const seen: { url: string; token?: string }[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', token: req.headers['bmx-token'] as string | undefined });
    if (req.headers['bmx-token'] !== 'token-prueba') {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"mensaje":"Token inválido"}}');
      return;
    }
    const m = /^\/series\/(SF\d+)\/datos\/(\d{4}-\d{2}-\d{2})\/(\d{4}-\d{2}-\d{2})$/.exec(req.url ?? '');
    const datos = m?.[1] === 'SF43718'
      ? [{ fecha: '12/01/2026', dato: '17.9812' }, { fecha: '13/01/2026', dato: '17.9567' }, { fecha: '14/01/2026', dato: 'N/E' }]
      : [];
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ bmx: { series: [{ idSerie: m?.[1], titulo: 'Tipo de cambio', datos }] } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('Banxico SIE client', () => {
  it('asks the FIX series for the week up to the date and takes the last published value (N/E skipped)', async () => {
    const rates = banxicoRates({ token: 'token-prueba', baseUrl });
    expect(await rates.rate('USD', '2026-01-15')).toEqual({ moneda: 'USD', fecha: '2026-01-13', tipoCambio: '17.9567', fuente: 'banxico' });
    expect(seen.at(-1)).toEqual({ url: '/series/SF43718/datos/2026-01-08/2026-01-15', token: 'token-prueba' });
  });
  it('answers undefined for a currency without a series or without published values', async () => {
    const rates = banxicoRates({ token: 'token-prueba', baseUrl });
    expect(await rates.rate('MXN', '2026-01-15')).toBeUndefined();
    expect(await rates.rate('EUR', '2026-01-15')).toBeUndefined();
  });
  it('turns an HTTP error or an unreachable host into ExchangeRateUnavailable with a Spanish message', async () => {
    await expect(banxicoRates({ token: 'otro', baseUrl }).rate('USD', '2026-01-15')).rejects.toThrow(ExchangeRateUnavailable);
    await expect(banxicoRates({ token: 'x', baseUrl: 'http://127.0.0.1:1' }).rate('USD', '2026-01-15')).rejects.toThrow(/escribe el tipo de cambio a mano/);
  });
});

describe('manual rates', () => {
  it('reads EXCHANGE_RATES pairs and ignores malformed ones', async () => {
    const rates = manualRates('USD=18.25, EUR=abc ,GBP=23.100000', () => '2026-02-01');
    expect(await rates.rate('USD', '')).toEqual({ moneda: 'USD', fecha: '2026-02-01', tipoCambio: '18.25', fuente: 'manual' });
    expect(await rates.rate('EUR', '2026-02-01')).toBeUndefined();
    expect((await rates.rate('GBP', '2026-02-03'))?.tipoCambio).toBe('23.100000');
  });
});
