import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';
import { stampedReceived } from '../../../test/received-cfdis';
import { writeZip } from '../cfdi-import/zip-writer';

let server: TestServer;
let owner: TestAccount;
let intruder: TestAccount;
let deductible: string;
let cash: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await createAccount(server.baseUrl, { rol: 11 });
  intruder = await createAccount(server.baseUrl, { rol: 11 });
  const a = await stampedReceived({ receptorRfc: owner.rfc, fecha: '2026-03-05T10:00:00', valor: '1000' });
  const b = await stampedReceived({ receptorRfc: owner.rfc, fecha: '2026-03-06T10:00:00', valor: '5000', formaPago: '01' });
  deductible = a.uuid;
  cash = b.uuid;
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(writeZip([{ name: 'a.xml', data: a.xml }, { name: 'b.xml', data: b.xml }]))]), 'gastos.zip');
  const { id } = (await (await fetch(`${server.baseUrl}/api/cfdi/import`, { method: 'POST', headers: owner.headers, body: form })).json()) as { id: string };
  for (let i = 0; i < 300; i++) {
    if ((await callApi(server.baseUrl, owner.headers, 'GET', `/api/cfdi/import/${id}`)).body.status === 'done') break;
    await new Promise((r) => setTimeout(r, 100));
  }
}, 240_000);
afterAll(async () => server?.close());

const uuids = (body: { data: { uuid: string }[] }) => body.data.map((r) => r.uuid).sort();

describe('outcomes', () => {
  it('the CSV (csv=true) follows the deductible filter of the list', async () => {
    const res = await fetch(`${server.baseUrl}/api/outcomes/3/2026?deductible=1&csv=true`, { headers: owner.headers });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await res.text();
    expect(text).toContain(deductible);
    expect(text).not.toContain(cash);
  });

  it('lists the month with the deductible filter; the override moves a document between the lists', async () => {
    const all = await callApi(server.baseUrl, owner.headers, 'GET', '/api/outcomes/3/2026');
    expect(uuids(all.body)).toEqual([deductible, cash].sort());
    expect(uuids((await callApi(server.baseUrl, owner.headers, 'GET', '/api/outcomes/3/2026?deductible=1')).body)).toEqual([deductible]);
    expect(uuids((await callApi(server.baseUrl, owner.headers, 'GET', '/api/outcomes/3/2026?deductible=0')).body)).toEqual([cash]);
    const res = await callApi(server.baseUrl, owner.headers, 'POST', '/api/outcomes/deductible', { uuid: cash, deducible: true });
    expect(res.body).toMatchObject({ rspns: true });
    expect(uuids((await callApi(server.baseUrl, owner.headers, 'GET', '/api/outcomes/3/2026?deductible=1')).body)).toEqual([deductible, cash].sort());
  });

  it('stats count the received documents; cancelling by the supplier moves one to cancelados', async () => {
    const before = await callApi(server.baseUrl, owner.headers, 'GET', '/api/outcomes/stats/3/2026');
    expect(before.body.ingresos.count).toBe(2);
    expect((await callApi(server.baseUrl, owner.headers, 'POST', '/api/outcomes/cancel', { uuid: cash })).body.rspns).toBe(true);
    const after = await callApi(server.baseUrl, owner.headers, 'GET', '/api/outcomes/stats/3/2026');
    expect(after.body.cancelados.count).toBe(1);
  });

  it('another account cannot touch the documents (404)', async () => {
    for (const [path, body] of [['/api/outcomes/deductible', { uuid: deductible, deducible: false }], ['/api/outcomes/cancel', { uuid: deductible }]] as const) {
      expect((await callApi(server.baseUrl, intruder.headers, 'POST', path, body)).status).toBe(404);
    }
    expect((await callApi(server.baseUrl, intruder.headers, 'GET', '/api/outcomes/3/2026')).body.data).toEqual([]);
  });
});
