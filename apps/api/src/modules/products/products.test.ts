import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';
import { expectIsolated } from '../../../test/isolation';

let server: TestServer;
let owner: TestAccount;
let intruder: TestAccount;

const call = (account: TestAccount, method: string, path: string, body?: unknown) =>
  callApi(server.baseUrl, account.headers, method, path, body);

const iva16 = { impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.16' };
const product = (over: Record<string, unknown> = {}) => ({
  claveProducto: '84111506', claveUnidad: 'e48', descripcionUnidad: 'Servicio', descripcionProducto: 'Servicios de contabilidad mensual',
  valorUnitario: '1500.50', objetoImp: '02', impuestos: { traslados: [iva16], retenciones: [] }, add: true, ...over,
});
const total = async (account: TestAccount) => (await call(account, 'GET', '/api/products')).body.total as number;

beforeAll(async () => {
  server = await startTestServer();
  [owner, intruder] = await Promise.all([createAccount(server.baseUrl), createAccount(server.baseUrl)]);
});
afterAll(() => server?.close());

describe('products (spec §7.8)', () => {
  it('creates, lists, edits and deletes a product, amounts as decimal text', async () => {
    const created = await call(owner, 'POST', '/api/products', product({
      impuestos: { traslados: [iva16], retenciones: [{ impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: '0.10' }, { impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.106667' }] },
    }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      claveProducto: '84111506', claveProductoDescripcion: 'Servicios de facturación', claveUnidad: 'E48', claveUnidadDescripcion: 'Unidad de servicio',
      descripcionUnidad: 'Servicio', valorUnitario: '1500.5', objetoImp: '02', cadastral: false, cve_catastral: null,
      impuestos: {
        traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000' }],
        retenciones: [{ impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: '0.100000' }, { impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.106667' }],
      },
    });
    const id = created.body.id;
    const precise = await call(owner, 'PUT', `/api/products/${id}`, product({ add: false, valorUnitario: '123456789012345678.123456', impuestos: { traslados: [{ impuesto: '002', tipoFactor: 'Exento' }], retenciones: [] } }));
    expect(precise.status).toBe(200);
    expect(precise.body.valorUnitario).toBe('123456789012345678.123456');
    expect(precise.body.impuestos.traslados).toEqual([{ impuesto: '002', tipoFactor: 'Exento', tasaOCuota: null }]);

    const list = await call(owner, 'GET', '/api/products?search=CONTABILIDAD');
    expect(list.body.data.map((p: any) => p.id)).toContain(id);
    expect((await call(owner, 'GET', '/api/products?search=inexistente')).body.total).toBe(0);

    expect((await call(owner, 'DELETE', `/api/products/${id}`)).status).toBe(200);
    expect((await call(owner, 'DELETE', `/api/products/${id}`)).status).toBe(404);
  });

  it('carries the cadastral key only with the cadastral option on', async () => {
    const withKey = await call(owner, 'POST', '/api/products', product({ claveProducto: '80131500', claveUnidad: 'MON', cadastral: true, cve_catastral: '0101001A' }));
    expect(withKey.status).toBe(201);
    expect(withKey.body).toMatchObject({ cadastral: true, cve_catastral: '0101001A' });
    const off = await call(owner, 'PUT', `/api/products/${withKey.body.id}`, product({ add: false, claveProducto: '80131500', cadastral: false }));
    expect(off.body).toMatchObject({ cadastral: false, cve_catastral: null });
  });

  it('objeto de impuesto 01 has no taxes', async () => {
    const res = await call(owner, 'POST', '/api/products', product({ objetoImp: '01', impuestos: { traslados: [], retenciones: [] } }));
    expect(res.status).toBe(201);
    expect(res.body.objetoImpDescripcion).toBe('No objeto de impuesto.');
  });
});

describe('products: bad input → Spanish message naming the field, 4xx, nothing stored', () => {
  const long = (n: number) => 'x'.repeat(n);
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ['unknown clave prod/serv', { claveProducto: '99999999' }, 'claveProducto', /no existe en el catálogo/],
    ['clave prod/serv that is not 8 digits', { claveProducto: '8411' }, 'claveProducto', /8 dígitos/],
    ['unknown clave unidad', { claveUnidad: 'ZZZ' }, 'claveUnidad', /no existe en el catálogo/],
    ['unit description over 20', { descripcionUnidad: long(21) }, 'descripcionUnidad', /20 caracteres/],
    ['product description over 1,000', { descripcionProducto: long(1001) }, 'descripcionProducto', /1000 caracteres/],
    ['empty product description', { descripcionProducto: ' ' }, 'descripcionProducto', /obligatoria/],
    ['valorUnitario as a JSON number', { valorUnitario: 1500.5 }, 'valorUnitario', /texto/],
    ['valorUnitario in exponent notation', { valorUnitario: '1e3' }, 'valorUnitario', /número positivo/],
    ['valorUnitario with 7 decimals', { valorUnitario: '0.1234567' }, 'valorUnitario', /6 decimales/],
    ['valorUnitario negative', { valorUnitario: '-5' }, 'valorUnitario', /número positivo/],
    ['valorUnitario zero', { valorUnitario: '0.000000' }, 'valorUnitario', /mayor que cero/],
    ['valorUnitario with thousands separators', { valorUnitario: '1,500.00' }, 'valorUnitario', /número positivo/],
    ['valorUnitario NaN', { valorUnitario: 'NaN' }, 'valorUnitario', /número positivo/],
    ['unknown objeto de impuesto', { objetoImp: '09' }, 'objetoImp', /c_ObjetoImp/],
    ['objeto 02 without taxes', { impuestos: { traslados: [], retenciones: [] } }, 'impuestos', /al menos un impuesto/],
    ['objeto 01 with taxes', { objetoImp: '01' }, 'impuestos', /no lleva impuestos/],
    ['IVA 15 %', { impuestos: { traslados: [{ ...iva16, tasaOCuota: '0.15' }], retenciones: [] } }, 'impuestos.traslados.0', /no permite IVA tasa 0.150000/],
    ['ISR as a traslado', { impuestos: { traslados: [{ impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: '0.10' }], retenciones: [] } }, 'impuestos.traslados.0', /ISR/],
    ['exento retención', { impuestos: { traslados: [iva16], retenciones: [{ impuesto: '002', tipoFactor: 'Exento' }] } }, 'impuestos.retenciones.0', /exento/],
    ['IVA retención over 16 %', { impuestos: { traslados: [iva16], retenciones: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.17' }] } }, 'impuestos.retenciones.0', /retención/],
    ['IVA twice', { impuestos: { traslados: [iva16, iva16], retenciones: [] } }, 'impuestos.traslados.1', /ya está/],
    ['tasa missing', { impuestos: { traslados: [{ impuesto: '002', tipoFactor: 'Tasa' }], retenciones: [] } }, 'impuestos.traslados.0.tasaOCuota', /obligatoria/],
    ['cadastral key without the option', { cve_catastral: '0101001A' }, 'cve_catastral', /opción de cuenta predial/],
    ['cadastral option without a key', { cadastral: true }, 'cve_catastral', /obligatoria/],
    ['cadastral key with symbols', { cadastral: true, cve_catastral: '01-01' }, 'cve_catastral', /letras y números/],
    ['add flag false on create', { add: false }, 'add', /verdadera/],
  ];
  it.each(cases)('%s', async (_name, over, field, message) => {
    const before = await total(owner);
    const res = await call(owner, 'POST', '/api/products', product(over));
    expect(res.status).toBe(422);
    expect(res.body.errors?.[field]?.[0], JSON.stringify(res.body)).toMatch(message);
    expect(await total(owner)).toBe(before);
  });

  it('a bad edit leaves the product as it was', async () => {
    const { body: p } = await call(owner, 'POST', '/api/products', product());
    const bad = await call(owner, 'PUT', `/api/products/${p.id}`, product({ add: false, valorUnitario: '12.3.4' }));
    expect(bad.status).toBe(422);
    const addTrue = await call(owner, 'PUT', `/api/products/${p.id}`, product({ add: true }));
    expect(addTrue.status).toBe(422);
    const listed = (await call(owner, 'GET', '/api/products?perPage=100')).body.data.find((x: any) => x.id === p.id);
    expect(listed).toEqual(p);
  });
});

describe('tenant isolation', () => {
  it('another tenant cannot edit, delete or list a product', async () => {
    const { body: p } = await call(owner, 'POST', '/api/products', product({ descripcionProducto: `Solo de ${owner.rfc}` }));
    await expectIsolated(server.baseUrl, owner, intruder, [
      { method: 'PUT', path: `/api/products/${p.id}`, body: product({ add: false, descripcionProducto: 'Robado' }) },
      { method: 'DELETE', path: `/api/products/${p.id}` },
      { method: 'GET', path: `/api/products?rfc=${owner.rfc}` },
    ], async () => {
      const mine = (await call(owner, 'GET', `/api/products?search=${owner.rfc}`)).body.data;
      expect(mine).toEqual([p]);
    });
    expect((await call(intruder, 'GET', `/api/products?search=${owner.rfc}`)).body).toMatchObject({ total: 0, data: [] });
  });
});
