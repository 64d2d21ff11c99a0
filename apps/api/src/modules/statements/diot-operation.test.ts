import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Decimal } from '@facturo/cfdi/money';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';
import { stampedReceived, SUPPLIER_RFC } from '../../../test/received-cfdis';
import { importXmls } from '../../../test/import-xmls';
import { checkLine } from './diot-file';
import { inferTipoOperacion, type SupplierFacts } from './diot-operation';

// Issue 24 item 13: the DIOT tipo de operación is inferred per supplier from its CFDIs (03 professional services,
// 06 rent, 02 goods, 85 otherwise); the user's choice in the supplier catalog still wins and sticks.
const facts = (rfc: string, o: { regimenes?: string[]; claves?: string[]; isr?: string } = {}): SupplierFacts => ({
  rfc, regimenes: new Set(o.regimenes ?? []), claves: new Set(o.claves ?? []), isrRetenido: new Decimal(o.isr ?? '0'),
});

describe('inferTipoOperacion', () => {
  it('06 rent: régimen 606 or ClaveProdServ 8013xxxx (even with ISR withheld)', () => {
    expect(inferTipoOperacion(facts('XOJI740919U48', { regimenes: ['606'], claves: ['80131502'], isr: '1000' }))).toBe('06');
    expect(inferTipoOperacion(facts('EKU9003173C9', { regimenes: ['601'], claves: ['80131500'] }))).toBe('06');
  });

  it('03 professional services: ISR withheld, or a persona física 612 billing services', () => {
    expect(inferTipoOperacion(facts('EKU9003173C9', { regimenes: ['601'], claves: ['81111500'], isr: '100' }))).toBe('03');
    expect(inferTipoOperacion(facts('XOJI740919U48', { regimenes: ['612'], claves: ['80111600'] }))).toBe('03');
    // A persona moral's services without ISR withheld are not "servicios profesionales" of the DIOT: 85.
    expect(inferTipoOperacion(facts('EKU9003173C9', { regimenes: ['601'], claves: ['80111600'] }))).toBe('85');
  });

  it('02 goods: every concept a good (01010101 says nothing); mixed or unknown is 85', () => {
    expect(inferTipoOperacion(facts('EKU9003173C9', { regimenes: ['601'], claves: ['43211500', '50202306', '01010101'] }))).toBe('02');
    expect(inferTipoOperacion(facts('XOJI740919U48', { regimenes: ['612'], claves: ['43211500'] }))).toBe('02');
    expect(inferTipoOperacion(facts('EKU9003173C9', { regimenes: ['601'], claves: ['43211500', '78101800'] }))).toBe('85');
    expect(inferTipoOperacion(facts('EKU9003173C9', { regimenes: ['601'] }))).toBe('85');
    expect(inferTipoOperacion(facts('EKU9003173C9', { claves: ['01010101'] }))).toBe('85');
  });
});

let server: TestServer;
let customer: TestAccount;
const call = (method: string, path: string, body?: unknown) => callApi(server.baseUrl, customer.headers, method, path, body);
const PF_612 = 'XOJI740919U48';
const PM_GOODS = 'AAA010101AAA';
const PM_ISR = 'IIA040805DZ4';
const PM_OTHER = 'URE180429TM6';
const concepto = (claveProdServ: string, retIsr = false) => [{
  claveProdServ, claveUnidad: claveProdServ.startsWith('4') ? 'H87' : 'E48', descripcion: 'Concepto', cantidad: '1', valorUnitario: '1000',
  traslados: [{ impuesto: '002' as const, tipoFactor: 'Tasa' as const, tasaOCuota: '0.160000' }],
  ...(retIsr ? { retenciones: [{ impuesto: '001' as const, tipoFactor: 'Tasa' as const, tasaOCuota: '0.100000' }] } : {}),
}];

beforeAll(async () => {
  server = await startTestServer();
  customer = await createAccount(server.baseUrl, { rol: 11 });
  // April 2026, PUE: rent (8013xxxx) from EKU; goods, 612 services, ISR-withheld services and plain services re-labelled
  // as other suppliers (SAT's test CSD only signs as EKU9003173C9), with the régimen their CFDIs would carry.
  const docs = await Promise.all([
    stampedReceived({ receptorRfc: customer.rfc, fecha: '2026-04-06T10:00:00', conceptos: concepto('80131502') }),
    stampedReceived({ receptorRfc: customer.rfc, fecha: '2026-04-07T10:00:00', conceptos: concepto('43211500') }),
    stampedReceived({ receptorRfc: customer.rfc, fecha: '2026-04-08T10:00:00', conceptos: concepto('80111600') }),
    stampedReceived({ receptorRfc: customer.rfc, fecha: '2026-04-09T10:00:00', conceptos: concepto('81111500', true) }),
    stampedReceived({ receptorRfc: customer.rfc, fecha: '2026-04-10T10:00:00', conceptos: concepto('81111500') }),
    // May: the same goods supplier again (its saved choice must stick).
    stampedReceived({ receptorRfc: customer.rfc, fecha: '2026-05-06T10:00:00', conceptos: concepto('43211500') }),
  ]);
  expect(await importXmls(server.baseUrl, customer, docs.map((d) => d.xml))).toMatchObject({ imported: 6, rejected: [] });
  const relabel = (uuid: string, rfc: string, regimen: string) =>
    server.runtime.ctx.db.execute(sql`UPDATE cfdis SET rfc_emisor = ${rfc}, regimen_emisor = ${regimen} WHERE user_id = (SELECT id FROM users WHERE rfc = ${customer.rfc}) AND uuid = ${uuid}`);
  await relabel(docs[1]!.uuid, PM_GOODS, '601');
  await relabel(docs[2]!.uuid, PF_612, '612');
  await relabel(docs[3]!.uuid, PM_ISR, '601');
  await relabel(docs[4]!.uuid, PM_OTHER, '601');
  await relabel(docs[5]!.uuid, PM_GOODS, '601');
}, 180_000);
afterAll(async () => server?.close());

describe('the DIOT infers the tipo de operación per supplier', () => {
  it('stores each document\'s ClaveProdServ at import', async () => {
    const { rows } = await server.runtime.ctx.db.execute(sql`SELECT DISTINCT claves_prod_serv FROM cfdis WHERE user_id = (SELECT id FROM users WHERE rfc = ${customer.rfc}) ORDER BY 1`);
    expect((rows as { claves_prod_serv: string }[]).map((r) => r.claves_prod_serv)).toEqual(['43211500', '80111600', '80131502', '81111500']);
  });

  it('GET /api/diot/proveedores shows the inferred tipo for suppliers not saved yet', async () => {
    const res = await call('GET', '/api/diot/proveedores?month=4&year=2026');
    expect(res.status).toBe(200);
    const ops = Object.fromEntries((res.body.data as { rfc: string; tipoOperacion: string; guardado: boolean }[]).map((s) => [s.rfc, [s.tipoOperacion, s.guardado]]));
    expect(ops).toEqual({ [SUPPLIER_RFC]: ['06', false], [PM_GOODS]: ['02', false], [PF_612]: ['03', false], [PM_ISR]: ['03', false], [PM_OTHER]: ['85', false] });
  });

  it('POST /api/diot writes them in field 2 of each 04 line (not 85 for everyone)', async () => {
    const res = await call('POST', '/api/diot', { month: 4, year: 2026 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const byRfc = Object.fromEntries((res.body.rows as { rfc: string; tipoOperacion: string }[]).map((r) => [r.rfc, r.tipoOperacion]));
    expect(byRfc).toEqual({ [SUPPLIER_RFC]: '06', [PM_GOODS]: '02', [PF_612]: '03', [PM_ISR]: '03', [PM_OTHER]: '85' });
    const file = await (await fetch(`${server.baseUrl}${res.body.urlAnexo}`, { headers: customer.headers })).text();
    const lines = file.split('\r\n').filter(Boolean);
    for (const l of lines) expect(checkLine(l)).toEqual([]);
    expect(Object.fromEntries(lines.map((l) => [l.split('|')[2], l.split('|')[1]]))).toEqual(byRfc);
  });

  it('the user\'s change per supplier wins over the inference and sticks for later months', async () => {
    const saved = await call('PUT', '/api/diot/proveedores', { rfc: PM_GOODS, tipoOperacion: '85' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const april = await call('POST', '/api/diot', { month: 4, year: 2026 });
    expect(april.body.rows.find((r: { rfc: string }) => r.rfc === PM_GOODS)).toMatchObject({ tipoOperacion: '85' });
    const may = await call('POST', '/api/diot', { month: 5, year: 2026 });
    expect(may.status).toBe(201);
    expect(may.body.rows).toEqual([expect.objectContaining({ rfc: PM_GOODS, tipoOperacion: '85' })]);
    const list = await call('GET', '/api/diot/proveedores?month=5&year=2026');
    expect(list.body.data.find((s: { rfc: string }) => s.rfc === PM_GOODS)).toMatchObject({ tipoOperacion: '85', guardado: true });
    // Removing the entry brings the inference back.
    await call('DELETE', `/api/diot/proveedores/${saved.body.id as number}`);
    const again = await call('POST', '/api/diot', { month: 5, year: 2026 });
    expect(again.body.rows).toEqual([expect.objectContaining({ rfc: PM_GOODS, tipoOperacion: '02' })]);
  });
});
