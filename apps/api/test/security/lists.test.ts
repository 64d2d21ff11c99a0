import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { routePath, routes, type RouteDef } from '@facturo/contract';
import { startTestServer, type TestServer } from '../server';
import { createAccount, randomRfc, type TestAccount } from '../accounts';
import { callApi } from '../http';

// Real server, real HTTP, hundreds of requests on a shared 2-core machine: generous time per test.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

/**
 * Issue 12 §6: every list and search of the route table under hostile query values. SQL metacharacters in each
 * search or filter parameter, and huge, negative or non-numeric page/perPage → a 2xx with sane paging, or a 422;
 * never a 5xx. A search for a LIKE wildcard (`%`, `_`) or a quote finds nothing: the account's records contain
 * none of them, so a match would mean the value reached SQL unescaped.
 */
const META = [`' OR 1=1 --`, `'; DROP TABLE clients; --`, '%', '_', '\\', '%%', '\\%', `"`, ')', '*', '$1', 'ñ%_\\'];
const PAGING = ['0', '-1', '-999999', '1.5', 'abc', '', '1e3', '2147483648', '99999999999999999999', '1000000000', ' 1', '0x10', 'NaN', 'Infinity'];
const PAGING_KEYS = new Set(['page', 'perPage', 'limit']);
/** Query keys that are modes or flags rather than text (booleans, enums): swept too, only for "never a 5xx". */
const TEXT_KEYS = /^(search|searchQuery|q|query\[value\])$/;

interface Listing { name: string; def: RouteDef; queryKeys: string[] }

const listings: Listing[] = Object.entries(routes as Record<string, RouteDef>).flatMap(([name, def]) => {
  if (def.method !== 'GET' || !def.query || def.access.public) return [];
  const json = z.toJSONSchema(def.query, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
  const queryKeys = Object.keys(json.properties ?? {});
  return queryKeys.length ? [{ name, def, queryKeys }] : [];
});

let server: TestServer;
let account: TestAccount;
const now = new Date(Date.now() - 6 * 3_600_000);

/** The entry's path with plausible values (month, year, list type, the account's RFC). */
const pathOf = (def: RouteDef) => routePath(def.path, new Proxy({}, {
  get: (_t, key: string) => ({ month: now.getUTCMonth() + 1, year: now.getUTCFullYear(), type: 1, status: 1, rfc: account.rfc })[key] ?? 1,
}) as Record<string, unknown>);

beforeAll(async () => {
  server = await startTestServer();
  account = await createAccount(server.baseUrl, { rol: 1 });
  // A few records of the account's own, none with a wildcard, quote or backslash in them.
  for (const name of ['ALFA COMERCIAL', 'BETA SERVICIOS', 'GAMMA DISTRIBUIDORA']) {
    const res = await callApi(server.baseUrl, account.headers, 'POST', '/api/clients', {
      rfc: randomRfc('moral'), r_social: name, email: ['c@ejemplo.mx'], regimen: '601', uso_cfdi: 'G03', domicilio: { cp: '44100' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  const product = await callApi(server.baseUrl, account.headers, 'POST', '/api/products', {
    claveProducto: '84111506', claveUnidad: 'E48', descripcionUnidad: 'Servicio', descripcionProducto: 'Servicio contable',
    valorUnitario: '100.00', objetoImp: '02', impuestos: { traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000' }], retenciones: [] }, add: true,
  });
  expect(product.status).toBe(201);
});
afterAll(() => server?.close());

const get = (url: string) => callApi(server.baseUrl, account.headers, 'GET', url);

describe('lists and searches under hostile query values (issue 12 §6)', () => {
  it('the sweep finds the lists of the table (clients, products, employees, incomes, outcomes, payroll…)', () => {
    const names = listings.map((l) => l.name);
    expect(names).toEqual(expect.arrayContaining(['clients.list', 'products.list', 'employees.list', 'incomes.list', 'outcomes.list', 'payroll.prePayrolls', 'statements.list']));
  });

  it('SQL metacharacters in every query parameter → 2xx or 4xx, never 5xx; text searches find nothing', async () => {
    const wrong: string[] = [];
    let requests = 0;
    for (const { name, def, queryKeys } of listings) {
      for (const key of queryKeys.filter((k) => !PAGING_KEYS.has(k))) {
        for (const value of META) {
          requests++;
          const url = `${pathOf(def)}?${new URLSearchParams({ [key]: value }).toString()}`;
          const res = await get(url);
          if (res.status >= 500) wrong.push(`${name} ${key}=${value} → ${res.status}`);
          else if (TEXT_KEYS.test(key) && res.status === 200 && typeof res.body?.total === 'number' && res.body.total > 0) {
            wrong.push(`${name} ${key}=${value} → ${res.body.total} resultados`);
          } else if (TEXT_KEYS.test(key) && res.status === 200 && Array.isArray(res.body?.data) && res.body.data.length > 0 && res.body.total === undefined) {
            wrong.push(`${name} ${key}=${value} → ${res.body.data.length} resultados`);
          }
        }
      }
    }
    // The tables are intact and the plain search still works.
    expect((await get('/api/clients?search=BETA')).body.total).toBe(1);
    expect((await get('/api/clients')).body.total).toBe(3);
    console.log(`[security] listas: ${listings.length} rutas con query, ${requests} peticiones con metacaracteres`);
    expect(wrong).toEqual([]);
  });

  it('huge, negative and non-numeric page/perPage/limit → 2xx with sane paging, or 422; never 5xx', async () => {
    const wrong: string[] = [];
    let requests = 0;
    for (const { name, def, queryKeys } of listings) {
      for (const key of queryKeys.filter((k) => PAGING_KEYS.has(k))) {
        for (const value of PAGING) {
          requests++;
          const res = await get(`${pathOf(def)}?${new URLSearchParams({ [key]: value }).toString()}`);
          const label = `${name} ${key}=${JSON.stringify(value)} → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`;
          if (res.status >= 500) wrong.push(label);
          else if (res.status === 200 && res.body && typeof res.body === 'object' && 'current_page' in res.body) {
            const { current_page: page, per_page: perPage, data } = res.body as { current_page: number; per_page: number; data: unknown[] };
            const sane = Number.isSafeInteger(page) && page >= 1 && Number.isSafeInteger(perPage) && perPage >= 1 && perPage <= 500 && data.length <= perPage;
            if (!sane) wrong.push(label);
          } else if (res.status === 200 && Array.isArray(res.body?.data) && res.body.data.length > 500) wrong.push(label);
          else if (res.status !== 200 && res.status !== 422) wrong.push(label);
        }
      }
    }
    console.log(`[security] paginación: ${requests} peticiones`);
    expect(requests).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });
});
