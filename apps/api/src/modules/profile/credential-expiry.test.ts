import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount } from '../../../test/accounts';
import { fiscalCredentials, users } from '../../db/schema';
import { notifyExpiringCredentials } from './credential-expiry.job';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const DAY = 86_400_000;

describe('credential expiry notifications', () => {
  it('raises one urgent notification per certificate about to expire, only for its owner', async () => {
    const owner = await createAccount(server.baseUrl);
    const other = await createAccount(server.baseUrl);
    const db = server.runtime.ctx.db;
    const [user] = await db.select().from(users).where(eq(users.rfc, owner.rfc));
    const now = new Date('2027-05-01T12:00:00Z');
    await db.insert(fiscalCredentials).values([
      { userId: user!.id, kind: 'csd', status: 'valid', secret: 'v1.x.y.z', certificateNumber: '30001000000500003416', validTo: new Date(now.getTime() + 10 * DAY) },
      { userId: user!.id, kind: 'efirma', status: 'valid', secret: 'v1.x.y.z', certificateNumber: '30001000000500003415', validTo: new Date(now.getTime() + 200 * DAY) },
    ]);

    expect(await notifyExpiringCredentials(db, now)).toBe(1);
    expect(await notifyExpiringCredentials(db, now)).toBe(0);

    const mine = (await (await fetch(`${server.baseUrl}/api/notificaciones/urgentes`, { headers: owner.headers })).json()) as any;
    expect(mine.data).toHaveLength(1);
    expect(mine.data[0]).toMatchObject({ title: 'Por vencer: CSD 30001000000500003416', link: '/profile/3' });
    expect(mine.data[0].message).toMatch(/vence en 10 días/);
    const theirs = (await (await fetch(`${server.baseUrl}/api/notificaciones/urgentes`, { headers: other.headers })).json()) as any;
    expect(theirs.data).toEqual([]);
  });
});
