import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';

let server: TestServer;
let owner: TestAccount;
let other: TestAccount;
beforeAll(async () => {
  server = await startTestServer();
  owner = await createAccount(server.baseUrl);
  other = await createAccount(server.baseUrl);
});
afterAll(() => server?.close());

const api = (who: TestAccount, method: string, path: string, body?: unknown) => callApi(server.baseUrl, who.headers, method, path, body);
const urgentIds = async (who: TestAccount) => ((await api(who, 'GET', '/api/notificaciones/urgentes')).body.data as { id: number }[]).map((n) => n.id);

describe('urgent notifications can be dismissed (issue 25 §7)', () => {
  it('POST /api/dev/notificacion creates an urgent notification for the signed-in account only', async () => {
    const created = await api(owner, 'POST', '/api/dev/notificacion', { title: 'Prueba uno', message: 'Mensaje', link: '/incomes' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Prueba uno', message: 'Mensaje', link: '/incomes' });
    expect(await urgentIds(owner)).toContain(created.body.id);
    expect(await urgentIds(other)).not.toContain(created.body.id);
    expect((await callApi(server.baseUrl, {}, 'POST', '/api/dev/notificacion', {})).status).toBe(401);
  });

  it('marks one read: 200, it leaves the urgent list, the others stay; another account cannot mark it', async () => {
    const a = (await api(owner, 'POST', '/api/dev/notificacion', { title: 'A' })).body.id as number;
    const b = (await api(owner, 'POST', '/api/dev/notificacion', { title: 'B' })).body.id as number;

    const foreign = await api(other, 'POST', `/api/notificaciones/${a}/leida`);
    expect(foreign.status).toBe(200);
    expect(foreign.body).toEqual({ marked: 0 });
    expect(await urgentIds(owner)).toContain(a);

    const res = await api(owner, 'POST', `/api/notificaciones/${a}/leida`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ marked: 1 });
    const left = await urgentIds(owner);
    expect(left).not.toContain(a);
    expect(left).toContain(b);
    // Idempotent: marking it again changes nothing.
    expect((await api(owner, 'POST', `/api/notificaciones/${a}/leida`)).body).toEqual({ marked: 0 });
    const bad = await api(owner, 'POST', '/api/notificaciones/abc/leida');
    expect(bad.status).toBe(422);
    expect(bad.body.message).toMatch(/[áéíóúñ]|id/i);
  });

  it('marks all read: 200 and the urgent list is empty; the other account keeps its own', async () => {
    await api(owner, 'POST', '/api/dev/notificacion', { title: 'C' });
    const theirs = (await api(other, 'POST', '/api/dev/notificacion', { title: 'Ajena' })).body.id as number;
    expect((await urgentIds(owner)).length).toBeGreaterThan(0);
    const res = await api(owner, 'POST', '/api/notificaciones/leidas');
    expect(res.status).toBe(200);
    expect(res.body.marked).toBeGreaterThan(0);
    expect(await urgentIds(owner)).toEqual([]);
    expect(await urgentIds(other)).toContain(theirs);
  });

  it('a failed background job arrives in the bell with an in-app link', async () => {
    // The local SAT adapter confirms CIECs only for SAT's test RFCs: a random RFC's validation fails.
    const started = await api(owner, 'POST', '/api/ciec/process', { ciec: 'Ciec2026ok' });
    expect(started.status).toBe(202);
    let proc: any;
    for (let i = 0; i < 200; i++) {
      proc = (await api(owner, 'GET', `/api/background/process/${started.body.id}`)).body;
      if (proc.finished) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(proc).toMatchObject({ finished: true, code: 500 });
    const list = (await api(owner, 'GET', '/api/notificaciones/urgentes')).body.data as { title: string; message: string; link: string }[];
    const note = list.find((n) => n.title.startsWith('No se completó'));
    expect(note, JSON.stringify(list)).toBeDefined();
    expect(note!.message).toBe(proc.message);
    expect(note!.link).toBe('/profile/3');
    expect(await urgentIds(other)).not.toContain((note as unknown as { id: number }).id);
  });
});
