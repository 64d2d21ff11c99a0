import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { cloneTemplateDatabase } from '../../../test/server';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { memoryStorage } from '../../providers/storage/local-storage';
import { CfdiStoreError, cfdiXmlKey, refreshAfterStateChange, storeCfdi } from './cfdi-store';
import { cfdiPayments, cfdiRelations, cfdis } from './cfdis.schema';
import { invoiceXml, paymentXml, uuidOf } from './cfdi-xml.test-support';

const RFC = 'EKU9003173C9';
let database: Database;
let drop: () => Promise<void>;
let userId: number;
const storage = memoryStorage();

beforeAll(async () => {
  ({ database, drop } = await cloneTemplateDatabase());
  const [u] = await database.db
    .insert(users)
    .values({ rfc: RFC, email: 'store@example.com', passwordHash: 'x', persona: 'moral' })
    .returning({ id: users.id });
  userId = u!.id;
});
afterAll(async () => {
  await database.close();
  await drop();
});

const store = (xml: string) => storeCfdi(database.db, storage, { userId, accountRfc: RFC, xml, source: 'import' });
const row = async (uuid: string) =>
  (await database.db.select().from(cfdis).where(and(eq(cfdis.userId, userId), eq(cfdis.uuid, uuid))))[0]!;

describe('storeCfdi', () => {
  it('stores the exact bytes and the row; the same UUID again is a duplicate and writes nothing', async () => {
    const xml = invoiceXml({ uuid: uuidOf(1), base: '1000' });
    const first = await store(xml);
    expect(first).toMatchObject({ duplicated: false, direction: 'emitido', tipo: 'I', uuid: uuidOf(1) });
    expect((await storage.get(cfdiXmlKey(userId, uuidOf(1))))!.toString('utf8')).toBe(xml);
    const again = await store(xml);
    expect(again).toMatchObject({ duplicated: true, id: first.id });
    const [{ n }] = (await database.db.execute(sql`SELECT count(*)::int AS n FROM cfdis WHERE user_id = ${userId}`)).rows as [{ n: number }];
    expect(n).toBe(1);
    const r = await row(uuidOf(1));
    expect(r).toMatchObject({ total: '1160.000000', saldo: '0.000000', fechaPago: '2026-01-15', source: 'import', baseIva16: '1000.000000' });
    expect(r.xmlSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a document of another RFC is refused with a typed error and nothing is stored', async () => {
    const err = await store(invoiceXml({ uuid: uuidOf(2), emisor: 'AAA010101AAA', receptor: 'BBB010101BBB' })).catch((e) => e);
    expect(err).toBeInstanceOf(CfdiStoreError);
    expect(err.code).toBe('ajeno');
    expect(err.message).toMatch(/no pertenece a tu RFC/);
  });

  it('a received document is recibido', async () => {
    const r = await store(invoiceXml({ uuid: uuidOf(3), emisor: 'MASO451221PM4', receptor: RFC }));
    expect(r.direction).toBe('recibido');
  });

  it('payment complements lower a PPD invoice saldo, settle it with fecha_pago, and cancelling the payment reopens it', async () => {
    const inv = uuidOf(10);
    await store(invoiceXml({ uuid: inv, base: '1000', metodoPago: 'PPD' }));
    expect((await row(inv)).saldo).toBe('1160.000000');
    await store(paymentXml({ uuid: uuidOf(11), docUuid: inv, impSaldoAnt: '1160.00', impPagado: '400.00', fechaPago: '2026-02-03T10:00:00' }));
    expect(await row(inv)).toMatchObject({ saldo: '760.000000', fechaPago: null });
    await store(paymentXml({ uuid: uuidOf(12), docUuid: inv, impSaldoAnt: '760.00', impPagado: '760.00', parcialidad: 2, fechaPago: '2026-03-05T10:00:00' }));
    expect(await row(inv)).toMatchObject({ saldo: '0.000000', fechaPago: '2026-03-05' });
    const pays = await database.db.select().from(cfdiPayments).where(eq(cfdiPayments.docUuid, inv));
    expect(pays.map((p) => [p.impPagado, p.baseMxn, p.ivaMxn]).sort()).toEqual([
      ['400.000000', '344.830000', '55.170000'],
      ['760.000000', '655.170000', '104.830000'],
    ]);
    await database.db.update(cfdis).set({ estado: 'cancelada' }).where(and(eq(cfdis.userId, userId), eq(cfdis.uuid, uuidOf(12))));
    await refreshAfterStateChange(database.db, userId, uuidOf(12));
    expect(await row(inv)).toMatchObject({ saldo: '760.000000', fechaPago: null });
  });

  it('a payment stored before its invoice is applied when the invoice arrives', async () => {
    const inv = uuidOf(20);
    await store(paymentXml({ uuid: uuidOf(21), docUuid: inv, impSaldoAnt: '580.00', impPagado: '580.00', fechaPago: '2026-02-01T09:00:00' }));
    await store(invoiceXml({ uuid: inv, base: '500', metodoPago: 'PPD' }));
    expect(await row(inv)).toMatchObject({ saldo: '0.000000', fechaPago: '2026-02-01' });
  });

  it('a credit note (E, relation 01) lowers the related invoice saldo; its relations are stored', async () => {
    const inv = uuidOf(30);
    await store(invoiceXml({ uuid: inv, base: '1000', metodoPago: 'PPD' }));
    await store(invoiceXml({ uuid: uuidOf(31), tipo: 'E', base: '100', relacion: { tipo: '01', uuids: [inv] } }));
    expect((await row(inv)).saldo).toBe('1044.000000');
    const rel = await database.db.select().from(cfdiRelations).where(eq(cfdiRelations.uuid, uuidOf(31)));
    expect(rel).toMatchObject([{ tipoRelacion: '01', relatedUuid: inv }]);
  });

  it('is all-or-nothing per document: a failing payment insert leaves no cfdis row', async () => {
    const bad = paymentXml({ uuid: uuidOf(40), docUuid: uuidOf(41), impSaldoAnt: '10.00', impPagado: '5.00' }).replace('NumParcialidad="1"', 'NumParcialidad="99999999999"');
    await expect(store(bad)).rejects.toThrow();
    expect(await database.db.select().from(cfdis).where(eq(cfdis.uuid, uuidOf(40)))).toHaveLength(0);
  });
});
