import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';

let server: TestServer;
let admin: TestAccount;
let reader: TestAccount;
let other: TestAccount;

const call = (account: TestAccount, method: string, path: string, body?: unknown) =>
  callApi(server.baseUrl, account.headers, method, path, body);
const unread = async (a: TestAccount) => (await call(a, 'GET', '/api/announcements/unread')).body.unread as number;

beforeAll(async () => {
  server = await startTestServer();
  [admin, reader, other] = await Promise.all([
    createAccount(server.baseUrl, { rol: 1 }), createAccount(server.baseUrl), createAccount(server.baseUrl),
  ]);
});
afterAll(() => server?.close());

describe('novedades (issue 19 §5)', () => {
  it('a new account starts with the installation news unread, newest first', async () => {
    const list = await call(reader, 'GET', '/api/announcements');
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBeGreaterThanOrEqual(2);
    expect(list.body.data.every((a: { read: boolean }) => !a.read)).toBe(true);
    const dates = list.body.data.map((a: { published_at: string }) => a.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(await unread(reader)).toBe(list.body.total);
  });

  it('only the administrator publishes; what they publish reaches every account as unread', async () => {
    const body = { kind: 'sat', title: 'Nuevo catálogo c_ClaveProdServ', body: 'El SAT publicó una nueva versión del catálogo.', link: 'https://www.sat.gob.mx' };
    const refused = await call(reader, 'POST', '/api/announcements', body);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Solo un administrador puede hacer esto');

    const before = await unread(other);
    const created = await call(admin, 'POST', '/api/announcements', body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: 'sat', title: body.title, link: body.link, read: true });
    expect(await unread(other)).toBe(before + 1);

    const satOnly = await call(other, 'GET', '/api/announcements?kind=sat');
    expect(satOnly.body.data[0]).toMatchObject({ id: created.body.id, read: false });
    expect(satOnly.body.data.every((a: { kind: string }) => a.kind === 'sat')).toBe(true);

    expect((await call(reader, 'PUT', `/api/announcements/${created.body.id}`, { ...body, title: 'Otro' })).status).toBe(403);
    expect((await call(reader, 'DELETE', `/api/announcements/${created.body.id}`)).status).toBe(403);
    const edited = await call(admin, 'PUT', `/api/announcements/${created.body.id}`, { ...body, title: 'Catálogo actualizado' });
    expect(edited.body.title).toBe('Catálogo actualizado');
    expect((await call(admin, 'DELETE', `/api/announcements/${created.body.id}`)).status).toBe(200);
    expect(await unread(other)).toBe(before);
    expect((await call(admin, 'DELETE', `/api/announcements/${created.body.id}`)).status).toBe(404);
  });

  it('reading one or all lowers only the reader\u2019s own badge', async () => {
    const [first] = (await call(reader, 'GET', '/api/announcements')).body.data;
    const otherBefore = await unread(other);
    const read = await call(reader, 'POST', `/api/announcements/${first.id}/read`);
    expect(read.status).toBe(200);
    expect(read.body.unread).toBe((await call(reader, 'GET', '/api/announcements')).body.total - 1);
    // Reading twice counts once.
    expect((await call(reader, 'POST', `/api/announcements/${first.id}/read`)).body.unread).toBe(read.body.unread);
    expect(await unread(other)).toBe(otherBefore);
    expect((await call(reader, 'POST', '/api/announcements/read-all')).body.unread).toBe(0);
    expect(await unread(other)).toBe(otherBefore);
    expect((await call(reader, 'POST', '/api/announcements/999999/read')).status).toBe(404);
  });

  it('refuses an announcement without title or with a link that is not https, naming the field', async () => {
    const noTitle = await call(admin, 'POST', '/api/announcements', { kind: 'producto', title: ' ', body: 'x' });
    expect(noTitle.status).toBe(422);
    expect(JSON.stringify(noTitle.body)).toContain('Escribe el título');
    const badLink = await call(admin, 'POST', '/api/announcements', { kind: 'producto', title: 'a', body: 'b', link: 'javascript:alert(1)' });
    expect(badLink.status).toBe(422);
    expect(JSON.stringify(badLink.body)).toContain('El enlace debe empezar con https://');
  });
});
