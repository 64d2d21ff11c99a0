import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { stampedReceived } from '../../../test/received-cfdis';
import { users } from '../../db/schema';
import { cfdis } from '../cfdis/cfdis.schema';
import { invoicingProviders } from '../invoicing/providers';
import type { StoragePort } from '../../providers/storage/local-storage';
import { runImport } from './import-run';
import { writeZip } from './zip-writer';

// runImport writes documents in groups under one transaction with a savepoint each (bench/cfdi-import): a
// document that fails half-way through its store must roll back alone, never its group.

let server: TestServer;
let account: TestAccount;
beforeAll(async () => {
  server = await startTestServer();
  account = await createAccount(server.baseUrl);
}, 240_000);
afterAll(async () => server?.close());

describe('runImport groups', () => {
  it('a document whose store fails inside the group leaves no rows and the others of its group are kept', async () => {
    const { db } = server.runtime.ctx;
    const real = invoicingProviders(server.runtime.ctx).storage;
    const [{ id: userId }] = await db.select({ id: users.id }).from(users).where(eq(users.rfc, account.rfc));
    const docs = await Promise.all([1, 2, 3, 4, 5].map((i) => stampedReceived({ receptorRfc: account.rfc, fecha: `2026-02-0${i}T10:00:00`, valor: String(100 * i) })));
    const bad = docs[2]!.uuid;
    // The third document's XML cannot be written: storeCfdi throws inside its savepoint.
    const storage: StoragePort = {
      get: (k) => real.get(k),
      put: (k, bytes, type) => (k.includes(bad) ? Promise.reject(new Error('disco lleno')) : real.put(k, bytes, type)),
    } as StoragePort;
    await real.put(`imports/test/${userId}.zip`, writeZip(docs.map((d, i) => ({ name: `${i}.xml`, data: d.xml }))), 'application/zip');
    const state = await runImport(db, storage, { userId, rfc: account.rfc, regimen: '612', files: [{ name: 'feb.zip', key: `imports/test/${userId}.zip` }] }, async () => undefined, 5);
    expect(state).toMatchObject({ status: 'done', total: 5, imported: 4, duplicated: 0 });
    expect(state.rejected).toEqual([{ file: 'feb.zip/2.xml', reason: 'No se pudo guardar: disco lleno' }]);
    const stored = await db.select({ uuid: cfdis.uuid, deducible: cfdis.deducible }).from(cfdis).where(and(eq(cfdis.userId, userId)));
    expect(stored.map((r) => r.uuid).sort()).toEqual(docs.filter((d) => d.uuid !== bad).map((d) => d.uuid).sort());
    // The deductibility written in the same savepoint as each row is there.
    expect(stored.every((r) => r.deducible === true)).toBe(true);
  });

  it('a statement that fails inside a document savepoint does not abort its group: the next documents still store', async () => {
    const { db } = server.runtime.ctx;
    const real = invoicingProviders(server.runtime.ctx).storage;
    const [{ id: userId }] = await db.select({ id: users.id }).from(users).where(eq(users.rfc, account.rfc));
    // 669.83 + 16 % IVA (107.17) = 777.00: the test's constraint refuses exactly that row's INSERT.
    const docs = await Promise.all(['11', '669.83', '13'].map((v, i) => stampedReceived({ receptorRfc: account.rfc, fecha: `2026-04-0${i + 1}T10:00:00`, valor: v })));
    await db.execute(sql`ALTER TABLE cfdis ADD CONSTRAINT test_no_777 CHECK (total <> 777) NOT VALID`);
    try {
      await real.put(`imports/test/${userId}-b.zip`, writeZip(docs.map((d, i) => ({ name: `${i}.xml`, data: d.xml }))), 'application/zip');
      const state = await runImport(db, real, { userId, rfc: account.rfc, regimen: '612', files: [{ name: 'abr.zip', key: `imports/test/${userId}-b.zip` }] }, async () => undefined, 10);
      expect(state).toMatchObject({ status: 'done', total: 3, imported: 2 });
      expect(state.rejected).toEqual([{ file: 'abr.zip/1.xml', reason: expect.stringMatching(/^No se pudo guardar/) }]);
      const april = await db.select({ uuid: cfdis.uuid }).from(cfdis).where(and(eq(cfdis.userId, userId), sql`${cfdis.fecha} >= '2026-04-01'`));
      expect(april.map((r) => r.uuid).sort()).toEqual([docs[0]!.uuid, docs[2]!.uuid].sort());
    } finally {
      await db.execute(sql`ALTER TABLE cfdis DROP CONSTRAINT test_no_777`);
    }
  });

  it('a retried import counts what its killed attempt stored as imported; a repeat inside the upload or from another import stays a duplicate', async () => {
    const { db } = server.runtime.ctx;
    const storage = invoicingProviders(server.runtime.ctx).storage;
    const [{ id: userId }] = await db.select({ id: users.id }).from(users).where(eq(users.rfc, account.rfc));
    const docs = await Promise.all([1, 2, 3, 4].map((i) => stampedReceived({ receptorRfc: account.rfc, fecha: `2026-05-0${i}T10:00:00`, valor: String(50 * i) })));
    // The upload: four documents, the first one twice.
    const entries = [...docs, docs[0]!].map((d, i) => ({ name: `${i}.xml`, data: d.xml }));
    const key = `imports/test/${userId}-retry.zip`;
    await storage.put(key, writeZip(entries), 'application/zip');
    const files = [{ name: 'may.zip', key }];
    const importId = '6f1c2a4e-0d3b-4c55-9a61-2b7f3e8d9c10';
    // The killed attempt: it got as far as storing the first two documents (under this import's id).
    await runImport(db, storage, { userId, rfc: account.rfc, regimen: '612', importId, files: [{ name: 'may.zip', key: await partial(storage, userId, entries.slice(0, 2)) }] }, async () => undefined, 5);

    const retry = await runImport(db, storage, { userId, rfc: account.rfc, regimen: '612', importId, files }, async () => undefined, 5);
    expect(retry).toMatchObject({ status: 'done', total: 5, imported: 4, duplicated: 1 });
    expect(retry.rejected).toEqual([{ file: 'may.zip/4.xml', reason: `Duplicado: el CFDI ${docs[0]!.uuid} ya estaba registrado` }]);

    const another = await runImport(db, storage, { userId, rfc: account.rfc, regimen: '612', importId: '0b8e0f5c-7a2d-4e1f-8c3b-5d6a7e8f9a01', files }, async () => undefined, 5);
    expect(another).toMatchObject({ status: 'done', total: 5, imported: 0, duplicated: 5 });
    const stored = await db.select({ uuid: cfdis.uuid, importId: cfdis.importId }).from(cfdis)
      .where(and(eq(cfdis.userId, userId), sql`${cfdis.fecha} >= '2026-05-01'`, sql`${cfdis.fecha} < '2026-06-01'`));
    expect(stored).toHaveLength(4);
    expect(stored.every((r) => r.importId === importId)).toBe(true);
  });
});

/** A ZIP of some entries, as the killed attempt's share of the upload. */
async function partial(storage: StoragePort, userId: number, entries: { name: string; data: string }[]): Promise<string> {
  const key = `imports/test/${userId}-partial.zip`;
  await storage.put(key, writeZip(entries), 'application/zip');
  return key;
}
