import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';
import { stampedReceived, SUPPLIER_RFC } from '../../../test/received-cfdis';
import { cfdis } from '../cfdis/cfdis.schema';
import { writeZip } from './zip-writer';

let server: TestServer;
let owner: TestAccount;
let intruder: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  owner = await createAccount(server.baseUrl);
  intruder = await createAccount(server.baseUrl);
});
afterAll(async () => server?.close());

async function upload(account: TestAccount, files: { name: string; data: Buffer | string }[]) {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([typeof f.data === 'string' ? f.data : new Uint8Array(f.data)]), f.name);
  const res = await fetch(`${server.baseUrl}/api/cfdi/import`, { method: 'POST', headers: account.headers, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

async function finished(account: TestAccount, id: string) {
  for (let i = 0; i < 200; i++) {
    const res = await callApi(server.baseUrl, account.headers, 'GET', `/api/cfdi/import/${id}`);
    expect(res.status).toBe(200);
    if (res.body.status === 'done' || res.body.status === 'failed') return res.body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the import did not finish');
}

describe('POST /api/cfdi/import', () => {
  it('imports a mix of a ZIP (nested folders) and a loose XML; every bad entry gets its Spanish reason, the good ones are stored', async () => {
    const pue = await stampedReceived({ receptorRfc: owner.rfc, valor: '1000' });
    const cash = await stampedReceived({ receptorRfc: owner.rfc, valor: '5000', formaPago: '01' });
    const loose = await stampedReceived({ receptorRfc: owner.rfc, valor: '250', metodoPago: 'PPD', formaPago: '99' });
    const foreign = await stampedReceived({ receptorRfc: intruder.rfc });
    const forged = pue.xml.replace('ValorUnitario="1000.00"', 'ValorUnitario="10.00"');
    const zip = writeZip([
      { name: '2026/marzo/a.xml', data: pue.xml },
      { name: '2026/marzo/efectivo.xml', data: cash.xml },
      { name: 'copia/a.xml', data: pue.xml },
      { name: 'alterado.xml', data: forged },
      { name: 'roto.xml', data: '<cfdi:Comprobante' },
      { name: 'ajeno.xml', data: foreign.xml },
      { name: 'xxe.xml', data: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>' },
      { name: 'leeme.txt', data: 'hola' },
    ]);
    const started = await upload(owner, [{ name: 'marzo.zip', data: zip }, { name: 'suelto.xml', data: loose.xml }]);
    expect(started.status).toBe(202);
    expect(started.body.id).toMatch(/^[0-9a-f-]{36}$/);

    const state = await finished(owner, started.body.id);
    expect(state).toMatchObject({ status: 'done', total: 8, imported: 3, duplicated: 1, progress: 100, message: null });
    const reasons = Object.fromEntries(state.rejected.map((r: { file: string; reason: string }) => [r.file, r.reason]));
    expect(reasons['marzo.zip/copia/a.xml']).toMatch(/^Duplicado/);
    expect(reasons['marzo.zip/alterado.xml']).toMatch(/^El sello no se pudo verificar/);
    expect(reasons['marzo.zip/roto.xml']).toMatch(/^El XML no está bien formado/);
    expect(reasons['marzo.zip/ajeno.xml']).toMatch(/^No pertenece a tu RFC/);
    expect(reasons['marzo.zip/xxe.xml']).toMatch(/DOCTYPE/);
    expect(reasons['marzo.zip/leeme.txt']).toBe('No es un archivo .xml');

    const db = server.runtime.ctx.db;
    const rows = await db.select().from(cfdis).where(eq(cfdis.userId, (await accountId(owner))));
    const byUuid = Object.fromEntries(rows.map((r) => [r.uuid, r]));
    expect(Object.keys(byUuid).sort()).toEqual([pue.uuid, cash.uuid, loose.uuid].sort());
    expect(byUuid[pue.uuid]).toMatchObject({ direction: 'recibido', source: 'import', deducible: true, total: '1160.000000' });
    expect(byUuid[cash.uuid]).toMatchObject({ deducible: false, deducibleMotivo: expect.stringMatching(/LISR art. 27 fr. III/) });
    expect(byUuid[loose.uuid]).toMatchObject({ metodoPago: 'PPD', deducible: true });
  });

  it('says where the imported CFDI went: issued or received, counted by the month of their fecha (issue 25 item 9)', async () => {
    // SAT's test taxpayer as an account: what it issued to its customers arrives as emitidos.
    const supplier = await createAccount(server.baseUrl, { persona: 'moral', rfc: SUPPLIER_RFC });
    const customer = await createAccount(server.baseUrl);
    const issuedMar = await Promise.all(['2026-03-02T10:00:00', '2026-03-28T10:00:00'].map((fecha) => stampedReceived({ receptorRfc: customer.rfc, fecha })));
    const issuedFeb = await stampedReceived({ receptorRfc: customer.rfc, fecha: '2026-02-15T10:00:00', valor: '300' });
    const zip = writeZip([...issuedMar, issuedFeb].map((d, i) => ({ name: `${i}.xml`, data: d.xml })));
    const issued = await finished(supplier, (await upload(supplier, [{ name: 'emitidas.zip', data: zip }])).body.id);
    expect(issued).toMatchObject({ status: 'done', imported: 3 });
    expect(issued.destinations).toEqual([
      { direction: 'emitido', year: 2026, month: 2, count: 1 },
      { direction: 'emitido', year: 2026, month: 3, count: 2 },
    ]);

    // The customer imports the same three: they are received, in the same months; a repeated one is not counted.
    const received = await finished(customer, (await upload(customer, [
      { name: 'recibidas.zip', data: zip }, { name: 'otra-vez.xml', data: issuedFeb.xml },
    ])).body.id);
    expect(received).toMatchObject({ status: 'done', imported: 3, duplicated: 1 });
    expect(received.destinations).toEqual([
      { direction: 'recibido', year: 2026, month: 2, count: 1 },
      { direction: 'recibido', year: 2026, month: 3, count: 2 },
    ]);

    // Nothing imported: no destinations.
    const again = await finished(customer, (await upload(customer, [{ name: 'otra-vez.xml', data: issuedFeb.xml }])).body.id);
    expect(again).toMatchObject({ imported: 0, duplicated: 1 });
    expect(again.destinations).toBeUndefined();
  });

  it('refuses a ZIP bomb as a whole and a path in an entry name, with a clear message', async () => {
    const bomb = writeZip([{ name: 'bomba.xml', data: Buffer.alloc(8 * 1024 * 1024) }]);
    const started = await upload(owner, [{ name: 'bomba.zip', data: bomb }]);
    const state = await finished(owner, started.body.id);
    expect(state).toMatchObject({ status: 'failed', total: 0, imported: 0, message: expect.stringMatching(/bomba ZIP/) });

    const evil = writeZip([{ name: '../../etc/cron.d/x.xml', data: '<a/>' }]);
    const state2 = await finished(owner, (await upload(owner, [{ name: 'ruta.zip', data: evil }])).body.id);
    expect(state2.message).toMatch(/ruta no permitida/);
  });

  it('refuses an empty upload and other kinds of files; another account cannot read the import (404)', async () => {
    const empty = await fetch(`${server.baseUrl}/api/cfdi/import`, { method: 'POST', headers: owner.headers, body: new FormData() });
    expect(empty.status).toBe(422);
    const started = await upload(owner, [{ name: 'foto.png', data: 'x' }]);
    const state = await finished(owner, started.body.id);
    expect(state.rejected).toEqual([{ file: 'foto.png', reason: 'Solo se importan archivos .xml y .zip' }]);
    const other = await callApi(server.baseUrl, intruder.headers, 'GET', `/api/cfdi/import/${started.body.id}`);
    expect(other.status).toBe(404);
  });
});

async function accountId(account: TestAccount): Promise<number> {
  const { users } = await import('../../db/schema');
  const [row] = await server.runtime.ctx.db.select({ id: users.id }).from(users).where(and(eq(users.rfc, account.rfc)));
  return row!.id;
}
