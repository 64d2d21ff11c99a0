import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';
import { stampedReceived, SUPPLIER_RFC } from '../../../test/received-cfdis';
import { importXmls } from '../../../test/import-xmls';
import { checkLine } from './diot-file';
import { diotAcusePdf } from './diot-acuse.test-support';

// Issue 11 leftovers (decision 250): the DIOT supplier catalog — tipo de operación kept per supplier, generic-RFC
// (XEXX010101000) suppliers made tipo 05 lines with país, ID fiscal and nacionalidad — and §4 status 1.
let server: TestServer;
let customer: TestAccount;
let intruder: TestAccount;
let free: TestAccount;
const call = (a: TestAccount, method: string, path: string, body?: unknown) => callApi(server.baseUrl, a.headers, method, path, body);
const FOREIGN = 'XEXX010101000';

beforeAll(async () => {
  server = await startTestServer();
  customer = await createAccount(server.baseUrl, { rol: 11 });
  intruder = await createAccount(server.baseUrl, { rol: 11 });
  free = await createAccount(server.baseUrl);
  // March 2026, all PUE with IVA 16 %: 1,000 from the national supplier; 2,000 + 500 and 300 that we re-label below.
  const docs = await Promise.all([
    stampedReceived({ receptorRfc: customer.rfc, fecha: '2026-03-10T10:00:00', valor: '1000' }),
    stampedReceived({ receptorRfc: customer.rfc, fecha: '2026-03-11T10:00:00', valor: '2000' }),
    stampedReceived({ receptorRfc: customer.rfc, fecha: '2026-03-12T10:00:00', valor: '500' }),
    stampedReceived({ receptorRfc: customer.rfc, fecha: '2026-03-13T10:00:00', valor: '300' }),
  ]);
  expect(await importXmls(server.baseUrl, customer, docs.map((d) => d.xml))).toMatchObject({ imported: 4, rejected: [] });
  // SAT's test CSD only signs as EKU9003173C9, so three stored rows are re-labelled as issued under the generic
  // foreign RFC: two with the same supplier written two ways (one key), one other supplier.
  const relabel = (uuid: string, nombre: string) =>
    server.runtime.ctx.db.execute(sql`UPDATE cfdis SET rfc_emisor = ${FOREIGN}, nombre_emisor = ${nombre} WHERE user_id = (SELECT id FROM users WHERE rfc = ${customer.rfc}) AND uuid = ${uuid}`);
  await relabel(docs[1]!.uuid, 'ACME CLOUD LLC');
  await relabel(docs[2]!.uuid, '  Acme   Cloud llc ');
  await relabel(docs[3]!.uuid, 'OTRO PROVEEDOR SA');
}, 180_000);
afterAll(async () => server?.close());

describe('DIOT supplier catalog', () => {
  let ekuId = 0;

  it('lists the month\u2019s paid suppliers with their defaults; generic-RFC suppliers apart by name', async () => {
    const res = await call(customer, 'GET', '/api/diot/proveedores?month=3&year=2026');
    expect(res.status).toBe(200);
    expect(res.body.data, JSON.stringify(res.body.data)).toEqual([
      expect.objectContaining({ id: null, rfc: SUPPLIER_RFC, extranjero: false, tipoOperacion: '85', guardado: false, pagado: '1000.00', cfdis: 1 }),
      expect.objectContaining({ id: null, rfc: FOREIGN, nombre: 'ACME CLOUD LLC', extranjero: true, tipoOperacion: '03', pagado: '2500.00', cfdis: 2 }),
      expect.objectContaining({ id: null, rfc: FOREIGN, nombre: 'OTRO PROVEEDOR SA', extranjero: true, pagado: '300.00', cfdis: 1 }),
    ]);
  });

  it('saves a national supplier\u2019s tipo de operación and a foreign supplier\u2019s data; refuses what the DIOT cannot take', async () => {
    const eku = await call(customer, 'PUT', '/api/diot/proveedores', { rfc: SUPPLIER_RFC, tipoOperacion: '06' });
    expect(eku.status, JSON.stringify(eku.body)).toBe(200);
    expect(eku.body).toMatchObject({ rfc: SUPPLIER_RFC, tipoOperacion: '06', guardado: true, pais: '', idFiscal: '' });
    ekuId = eku.body.id;
    const acme = await call(customer, 'PUT', '/api/diot/proveedores', {
      rfc: FOREIGN, nombre: 'Acme Cloud LLC', pais: 'usa', idFiscal: '98-7654321', nacionalidad: 'Estadounidense', tipoOperacion: '03',
    });
    expect(acme.status, JSON.stringify(acme.body)).toBe(200);
    expect(acme.body).toMatchObject({ extranjero: true, pais: 'USA', idFiscal: '98-7654321', nacionalidad: 'Estadounidense', tipoOperacion: '03' });

    const noId = await call(customer, 'PUT', '/api/diot/proveedores', { rfc: FOREIGN, nombre: 'OTRO PROVEEDOR SA', pais: 'CAN' });
    expect(noId.status).toBe(422);
    expect(Object.keys(noId.body.errors)).toEqual(['idFiscal']);
    const zzz = await call(customer, 'PUT', '/api/diot/proveedores', { rfc: FOREIGN, nombre: 'OTRO PROVEEDOR SA', pais: 'ZZZ', idFiscal: 'X1' });
    expect(Object.keys(zzz.body.errors)).toEqual(['jurisdiccion']);
    const badOp = await call(customer, 'PUT', '/api/diot/proveedores', { rfc: SUPPLIER_RFC, tipoOperacion: '07' });
    expect(badOp.status).toBe(422);
    expect(Object.keys(badOp.body.errors)).toEqual(['tipoOperacion']);
    const foreignOp = await call(customer, 'PUT', '/api/diot/proveedores', { rfc: FOREIGN, nombre: 'X', pais: 'USA', idFiscal: '1', tipoOperacion: '85' });
    expect(Object.keys(foreignOp.body.errors)).toEqual(['tipoOperacion']);
  });

  it('the DIOT uses the catalog: 04/06 for the national one, a 05/03 line for the foreign one, the unregistered one in the global row', async () => {
    const res = await call(customer, 'POST', '/api/diot', { month: 3, year: 2026 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const rows = res.body.rows as { tipoTercero: string; tipoOperacion: string; rfc: string; idFiscal: string; pais: string; nombre: string; stiva16: string }[];
    expect(rows.map((r) => [r.tipoTercero, r.tipoOperacion, r.rfc || r.idFiscal, r.pais, r.stiva16])).toEqual([
      ['04', '06', SUPPLIER_RFC, '', '1000.00'],
      ['05', '03', '98-7654321', 'USA', '2500.00'],
      ['15', '87', 'XAXX010101000', '', '300.00'],
    ]);
    expect(rows[1]!.nombre).toBe('Acme Cloud LLC');
    expect(res.body.info.join(' ')).toContain('OTRO PROVEEDOR SA factura con el RFC genérico XEXX010101000');
    const file = await (await fetch(`${server.baseUrl}${res.body.urlAnexo}`, { headers: customer.headers })).text();
    const lines = file.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(3);
    for (const l of lines) expect(checkLine(l)).toEqual([]);
    // Fields 1-7 and 12 (base 16 %) of the foreign line: no RFC, its ID fiscal, name and country; no jurisdicción outside ZZZ.
    expect(lines[1]!.split('|').slice(0, 7)).toEqual(['05', '03', '', '98-7654321', 'Acme Cloud LLC', 'USA', '']);
    expect(lines[1]!.split('|')[11]).toBe('2500');
    expect(lines[0]!.split('|').slice(0, 3)).toEqual(['04', '06', SUPPLIER_RFC]);
  });

  it('the catalog is kept: listed without a month, and a later change of tipo shows in the next DIOT\u2019s diff', async () => {
    const list = await call(customer, 'GET', '/api/diot/proveedores');
    expect(list.body.data.map((s: { rfc: string; guardado: boolean; pagado: string }) => [s.rfc, s.guardado, s.pagado])).toEqual([
      [SUPPLIER_RFC, true, '0.00'], [FOREIGN, true, '0.00'],
    ]);
    expect((await call(customer, 'PUT', '/api/diot/proveedores', { rfc: SUPPLIER_RFC, tipoOperacion: '03' })).body.id).toBe(ekuId);
    const again = await call(customer, 'POST', '/api/diot', { month: 3, year: 2026 });
    expect(again.body.rows[0]).toMatchObject({ rfc: SUPPLIER_RFC, tipoOperacion: '03' });
    expect(again.body.diff.cambios).toEqual([{ rfc: SUPPLIER_RFC, nombre: expect.any(String), cambio: 'modificado', campos: [{ campo: 'tipoOperacion', antes: '06', despues: '03' }] }]);
  });

  it('status 1: sent to SAT (en proceso) until the acuse; the next DIOT compares against it; a filed one cannot go back', async () => {
    const made = await call(customer, 'POST', '/api/diot', { month: 3, year: 2026 });
    const folio = made.body.folio as number;
    const sent = await call(customer, 'POST', `/api/diot/${folio}/presentar`);
    expect(sent.status).toBe(200);
    expect(sent.body.message).toContain('en proceso');
    const history = await call(customer, 'GET', '/api/diot?year=2026');
    expect(history.body.data.find((h: { folio: number }) => h.folio === folio)).toMatchObject({ status: 1 });
    expect((await call(customer, 'POST', `/api/diot/${folio}/presentar`)).status).toBe(200);
    const next = await call(customer, 'POST', '/api/diot', { month: 3, year: 2026 });
    expect(next.body.diff).toMatchObject({ contraFolio: folio, contra: 'presentada', cambios: [] });
    const form = new FormData();
    form.append('acuse', new Blob([new Uint8Array(await diotAcusePdf(customer.rfc, 2026, 3))]), 'acuse.pdf');
    expect((await fetch(`${server.baseUrl}/api/diot/${folio}/acuse`, { method: 'POST', headers: customer.headers, body: form })).status).toBe(200);
    const filed = await call(customer, 'GET', '/api/diot?year=2026');
    expect(filed.body.data.find((h: { folio: number }) => h.folio === folio)).toMatchObject({ status: 2 });
    const back = await call(customer, 'POST', `/api/diot/${folio}/presentar`);
    expect(back.status).toBe(409);
  });

  it('tenant isolation and plan: another account sees and touches none of it; a non-premium account gets 403', async () => {
    const theirs = await call(intruder, 'GET', '/api/diot/proveedores?month=3&year=2026');
    expect(theirs.body.data).toEqual([]);
    expect((await call(intruder, 'DELETE', `/api/diot/proveedores/${ekuId}`)).status).toBe(404);
    expect((await call(intruder, 'POST', '/api/diot/1/presentar')).status).toBe(404);
    for (const [method, path, body] of [['GET', '/api/diot/proveedores'], ['PUT', '/api/diot/proveedores', { rfc: SUPPLIER_RFC }], ['DELETE', '/api/diot/proveedores/1'], ['POST', '/api/diot/1/presentar']] as const) {
      expect((await call(free, method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    expect((await call(customer, 'GET', '/api/diot/proveedores')).body.data).toHaveLength(2);
  });

  it('removing an entry brings the default back', async () => {
    const del = await call(customer, 'DELETE', `/api/diot/proveedores/${ekuId}`);
    expect(del.status).toBe(200);
    const list = await call(customer, 'GET', '/api/diot/proveedores?month=3&year=2026');
    expect(list.body.data[0]).toMatchObject({ rfc: SUPPLIER_RFC, tipoOperacion: '85', guardado: false, id: null });
  });
});
