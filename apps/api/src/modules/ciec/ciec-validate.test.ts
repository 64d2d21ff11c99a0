import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount } from '../../../test/accounts';
import { listen, until } from '../../../test/live';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('CIEC validation job (pg-boss → progress record → socket room)', () => {
  it('pushes each step to the owner only and leaves the record finished', async () => {
    const owner = await createAccount(server.baseUrl, { rfc: 'EKU9003173C9', persona: 'moral' });
    const other = await createAccount(server.baseUrl);
    const mine = await listen(server.baseUrl, owner.token);
    const theirs = await listen(server.baseUrl, other.token);

    const res = await fetch(`${server.baseUrl}/api/ciec/process`, {
      method: 'POST', headers: { ...owner.headers, 'content-type': 'application/json' }, body: JSON.stringify({ ciec: 'Clave1234' }),
    });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };

    await until(() => mine.progress.some((m) => m.finished));
    const progress = mine.progress.map((m) => m.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a! - b!));
    expect(progress.length).toBeGreaterThanOrEqual(4);
    const last = mine.progress.at(-1)!;
    expect(last).toMatchObject({ rfc: 'EKU9003173C9', code: 200, finished: true, jobId: id, type: 'CIEC', progress: 100 });
    expect(theirs.progress).toHaveLength(0);

    const list = (await (await fetch(`${server.baseUrl}/api/background/process`, { headers: owner.headers })).json()) as any;
    expect(list.data[0]).toMatchObject({ id, type: 'CIEC', finished: true, code: 200, progress: 100 });
    const foreign = await fetch(`${server.baseUrl}/api/background/process/${id}`, { headers: other.headers });
    expect(foreign.status).toBe(404);
    mine.socket.close();
    theirs.socket.close();
  });

  it('reports code 500 when SAT does not accept the CIEC, and never returns the secret', async () => {
    const account = await createAccount(server.baseUrl);
    const live = await listen(server.baseUrl, account.token);
    await fetch(`${server.baseUrl}/api/ciec/process`, {
      method: 'POST', headers: { ...account.headers, 'content-type': 'application/json' }, body: JSON.stringify({ ciec: 'Clave9876' }),
    });
    await until(() => live.progress.some((m) => m.finished));
    expect(live.progress.at(-1)).toMatchObject({ code: 500, finished: true });
    expect(JSON.stringify(live.progress)).not.toContain('Clave9876');
    const rows = await server.runtime.ctx.database.query<{ secret: string }>('SELECT secret FROM fiscal_credentials');
    expect(rows.rows.every((r) => !r.secret.includes('Clave9876') && r.secret.startsWith('v1.'))).toBe(true);
    live.socket.close();
  });

  it('refuses sockets without a valid token', async () => {
    const socket = connect(server.baseUrl, { path: '/socket.io', auth: { token: 'nope' }, transports: ['websocket'], reconnection: false });
    const error = await new Promise<Error>((resolve) => socket.on('connect_error', resolve));
    expect(error.message).toBe('No autorizado');
    socket.close();
  });
});
