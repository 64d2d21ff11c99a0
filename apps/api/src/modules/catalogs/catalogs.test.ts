import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';

let server: TestServer;
let account: TestAccount;
const get = async (path: string, headers: Record<string, string> = account.headers) => {
  const res = await fetch(`${server.baseUrl}${path}`, { headers });
  return { status: res.status, body: (await res.json()) as any };
};

beforeAll(async () => {
  server = await startTestServer();
  account = await createAccount(server.baseUrl);
});
afterAll(() => server?.close());

describe('catalog searches (spec §7.8)', () => {
  it('find-service: words without accents, best match first, and claves', async () => {
    const res = await get('/api/products/find-service?search=servicios%20de%20contabilidad');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    for (const hit of res.body.slice(0, 5)) expect(hit.descripcion).toMatch(/contabilidad/i);
    expect(res.body[0].clave.startsWith('841115')).toBe(true);
    expect(res.body[0]).toEqual({ clave: expect.stringMatching(/^\d{8}$/), descripcion: expect.any(String) });
    const byClave = await get('/api/products/find-service?search=84111506');
    expect(byClave.body[0]).toEqual({ clave: '84111506', descripcion: expect.stringMatching(/facturaci/i) });
    expect((await get('/api/products/find-service?search=CONTABILIDAD&limit=3')).body).toHaveLength(3);
  });

  it('find-unit: by name, symbol and clave', async () => {
    expect((await get('/api/products/find-unit?search=pieza')).body[0]).toEqual({ clave: 'H87', descripcion: 'Pieza' });
    expect((await get('/api/products/find-unit?search=E48')).body[0].clave).toBe('E48');
    expect((await get('/api/products/find-unit?search=kilogramo')).body.map((h: any) => h.clave)).toContain('KGM');
  });

  it('an empty search is a 422 naming search', async () => {
    const res = await get('/api/products/find-service?search=%20');
    expect(res.status).toBe(422);
    expect(res.body.errors.search[0]).toMatch(/Escribe una clave/);
  });
});

describe('address by postal code (spec §7.4)', () => {
  it('gives estado, municipio and localidad with names, and the border flag', async () => {
    const cdmx = await get('/api/catalogs/postal-codes/06600');
    expect(cdmx.status).toBe(200);
    expect(cdmx.body).toMatchObject({ cp: '06600', estado: { clave: 'CMX', nombre: 'Ciudad de México' }, municipio: { clave: '015', nombre: 'Cuauhtémoc' }, regionFronteriza: false, zonaFronteriza: null });
    const tijuana = await get('/api/catalogs/postal-codes/22000');
    expect(tijuana.body).toMatchObject({ estado: { clave: 'BCN' }, regionFronteriza: true, zonaFronteriza: 'norte' });
  });

  it('404 with a Spanish message for a CP SAT does not have; 422 for a malformed one', async () => {
    const missing = await get('/api/catalogs/postal-codes/00001');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('El código postal 00001 no existe en el catálogo del SAT');
    const bad = await get('/api/catalogs/postal-codes/123');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.cp[0]).toMatch(/5 dígitos/);
  });
});

describe('small catalogs for the forms', () => {
  it('usos CFDI filtered by régimen and persona', async () => {
    const moral601 = (await get('/api/catalogs/usos-cfdi?regimen=601&persona=moral')).body.usos.map((u: any) => u.clave);
    expect(moral601).toContain('G03');
    expect(moral601).not.toContain('D01');
    const fisica612 = (await get('/api/catalogs/usos-cfdi?regimen=612&persona=fisica')).body.usos.map((u: any) => u.clave);
    expect(fisica612).toContain('D01');
    expect((await get('/api/catalogs/usos-cfdi?regimen=616&persona=fisica')).body.usos.map((u: any) => u.clave)).toContain('S01');
    expect((await get('/api/catalogs/usos-cfdi?persona=alien')).status).toBe(422);
  });

  it('régimenes, objetos de impuesto, estados, municipios and países', async () => {
    const reg = (await get('/api/catalogs/regimenes')).body.regimen;
    expect(reg).toContainEqual({ clave: '612', descripcion: 'Personas Físicas con Actividades Empresariales y Profesionales', fisica: true, moral: false });
    expect((await get('/api/catalogs/objetos-impuesto')).body.data.map((o: any) => o.clave)).toEqual(['01', '02', '03', '04', '05', '06', '07', '08']);
    expect((await get('/api/catalogs/estados')).body.estados).toHaveLength(32);
    expect((await get('/api/catalogs/municipios/CMX')).body.municipios).toContainEqual({ clave: '015', nombre: 'Cuauhtémoc' });
    const paises = (await get('/api/catalogs/paises')).body.data.map((p: any) => p.clave);
    expect(paises).toContain('USA');
    expect(paises).not.toContain('MEX');
  });

  it('every catalog route needs a session', async () => {
    for (const path of ['/api/products/find-service?search=a', '/api/products/find-unit?search=a', '/api/catalogs/postal-codes/06600', '/api/catalogs/regimenes']) {
      expect((await get(path, {})).status).toBe(401);
    }
  });
});

describe('OpenAPI', () => {
  it('documents the customer, product and catalog routes', async () => {
    const spec = (await (await fetch(`${server.baseUrl}/api/docs/json`)).json()) as any;
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining([
      '/api/clients', '/api/clients/{id}', '/api/clients/{id}/edit', '/api/clients/{id}/v4', '/api/clients/upload-csf', '/api/clients/states',
      '/api/clients/municipalities/{stateId}', '/api/clients/tax-regimes', '/api/products', '/api/products/{id}', '/api/products/find-service',
      '/api/products/find-unit', '/api/catalogs/postal-codes/{cp}', '/api/catalogs/usos-cfdi',
    ]));
    expect(spec.paths['/api/products'].post.requestBody.content['application/json'].schema.properties.valorUnitario.type).toBe('string');
  });
});
