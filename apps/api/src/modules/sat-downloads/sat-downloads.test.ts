import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';
import { listen, until, type LiveSocket } from '../../../test/live';
import { downloadEnded, giveEfirma, stampIntoServer, userIdOf } from '../../../test/sat-downloads';
import { cfdis } from '../cfdis/cfdis.schema';
import { fiscalCredentials } from '../../db/schema';

// The offline default end to end over HTTP: the local SAT (shared with the sandbox PAC) answers "aceptada",
// "en proceso", then "terminada" with packages of two CFDI; the job imports them through the upload's path.
let server: TestServer;
let owner: TestAccount;
let intruder: TestAccount;
let live: LiveSocket;
let intruderLive: LiveSocket;

beforeAll(async () => {
  server = await startTestServer({ SAT_DOWNLOAD_POLL_MS: '40', SAT_DOWNLOAD_POLL_MAX_MS: '200', SAT_LOCAL_PENDING_POLLS: '2', SAT_LOCAL_PACKAGE_SIZE: '2' });
  owner = await createAccount(server.baseUrl, { rfc: 'EKU9003173C9', persona: 'moral' });
  intruder = await createAccount(server.baseUrl);
  live = await listen(server.baseUrl, owner.token);
  intruderLive = await listen(server.baseUrl, intruder.token);
}, 180_000);
afterAll(async () => {
  live?.socket.close();
  intruderLive?.socket.close();
  await server?.close();
});

const start = (account: TestAccount, body: unknown) => callApi(server.baseUrl, account.headers, 'POST', '/api/sat/descargas', body);

async function rowsOf(direction: 'emitido' | 'recibido') {
  const userId = await userIdOf(server, owner.rfc);
  return server.runtime.ctx.db.select().from(cfdis).where(and(eq(cfdis.userId, userId), eq(cfdis.direction, direction)));
}

describe('POST /api/sat/descargas (offline local SAT)', () => {
  it('refuses bad input naming the field, and asks for the e.firma (409) when there is none on file', async () => {
    const bad = await start(owner, { month: 13, year: 2026, tipo: 'recibidos' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.month).toBeDefined();
    const tipo = await start(owner, { month: 10, year: 2026, tipo: 'todos' });
    expect(tipo.status).toBe(422);
    expect(tipo.body.errors.tipo).toBeDefined();
    const future = await start(owner, { month: 12, year: 2030, tipo: 'recibidos' });
    expect(future.status).toBe(422);
    expect(future.body.errors.month).toEqual(['El mes aún no llega']);
    const old = await start(owner, { month: 1, year: 2015, tipo: 'recibidos' });
    expect(old.status).toBe(422);
    expect(old.body.errors.year[0]).toMatch(/últimos 6 años/);

    const none = await start(owner, { month: 10, year: 2026, tipo: 'recibidos' });
    expect(none.status).toBe(409);
    expect(none.body.message).toMatch(/necesitas tu e\.firma/);

    await giveEfirma(server, owner.rfc, { validTo: new Date('2025-01-31T12:00:00Z') });
    const expired = await start(owner, { month: 10, year: 2026, tipo: 'recibidos' });
    expect(expired.status).toBe(409);
    expect(expired.body.message).toBe('Tu e.firma venció el 31/01/2025: sube una vigente en Perfil › e.firma');
    await server.runtime.ctx.db.delete(fiscalCredentials).where(eq(fiscalCredentials.userId, await userIdOf(server, owner.rfc)));
  });

  it('received: the month\'s CFDI from the made-up suppliers are imported; live progress carries §3\'s shape; a second download brings duplicates, a third the SAT limit as a warning', async () => {
    await giveEfirma(server, owner.rfc);
    const res = await start(owner, { month: 10, year: 2026, tipo: 'recibidos' });
    expect(res.status).toBe(202);
    const first = await downloadEnded(server, owner, res.body.id);
    expect(first).toMatchObject({ status: 'done', tipo: 'recibidos', month: 10, year: 2026, duplicated: 0, rejected: 0, warning: null, progress: 100 });
    expect(first.total).toBeGreaterThanOrEqual(2);
    expect(first.imported).toBe(first.total);
    expect(first.message).toBe(`Descarga terminada: ${first.total} importados, 0 duplicados, 0 rechazados de ${first.total}`);

    const received = await rowsOf('recibido');
    expect(received).toHaveLength(first.total);
    for (const r of received) {
      expect(r.source).toBe('import');
      expect(String(r.fecha).slice(0, 7)).toBe('2026-10');
      expect(['PLD190101AB1', 'SLA180515C15', 'CBA170320D28']).toContain(r.rfcEmisor);
    }

    await until(() => live.progress.some((m) => m.jobId && m.finished && m.title === 'Descarga de CFDI del SAT'));
    const mine = live.progress.filter((m) => m.title === 'Descarga de CFDI del SAT');
    for (const m of mine) {
      expect(m).toMatchObject({ rfc: owner.rfc, month: 10, year: 2026, type: 'DOWNLOAD_INVOICES', code: 200 });
      expect(Object.keys(m)).toEqual(expect.arrayContaining(['title', 'message', 'code', 'finished', 'data', 'warning', 'month', 'year', 'last_update']));
    }
    const texts = mine.map((m) => m.message);
    expect(texts).toContain('Autenticando con tu e.firma en el SAT');
    expect(texts.some((t) => /El SAT (aceptó la solicitud|sigue preparando)/.test(t))).toBe(true);
    expect(texts.some((t) => /^Descargando el paquete 1 de \d+$/.test(t))).toBe(true);
    expect(mine.at(-1)).toMatchObject({ finished: true, progress: 100, warning: null });

    const again = await downloadEnded(server, owner, (await start(owner, { month: 10, year: 2026, tipo: 'recibidos' })).body.id);
    expect(again).toMatchObject({ status: 'done', total: first.total, imported: 0, duplicated: first.total, rejected: 0, warning: null });
    expect(await rowsOf('recibido')).toHaveLength(first.total);

    const third = await downloadEnded(server, owner, (await start(owner, { month: 10, year: 2026, tipo: 'recibidos' })).body.id);
    expect(third).toMatchObject({ status: 'done', total: 0, imported: 0, message: 'El SAT no aceptó una nueva solicitud (5002)' });
    expect(third.warning).toMatch(/límite de por vida/);
    // The warning reaches the live channel on the finished message (the web resets it after 5 s, spec §4).
    await until(() => live.progress.some((m) => m.finished && !!m.warning));
    expect(live.progress.filter((m) => m.finished && m.warning).at(-1)).toMatchObject({ code: 200, warning: third.warning, month: 10, year: 2026 });
  });

  it('issued: what the sandbox PAC stamped for the account that month, and nothing from another month', async () => {
    const a = await stampIntoServer(server, { receptorRfc: 'XIA190128J61', regimenReceptor: '601', fecha: '2026-09-03T10:00:00', valor: '5000' });
    const b = await stampIntoServer(server, { receptorRfc: 'XIA190128J61', regimenReceptor: '601', fecha: '2026-09-28T17:30:00', valor: '750' });
    await stampIntoServer(server, { receptorRfc: 'XIA190128J61', regimenReceptor: '601', fecha: '2026-08-31T23:00:00' });
    const done = await downloadEnded(server, owner, (await start(owner, { month: 9, year: 2026, tipo: 'emitidos' })).body.id);
    expect(done).toMatchObject({ status: 'done', total: 2, imported: 2, duplicated: 0 });
    const issued = (await rowsOf('emitido')).map((r) => r.uuid).sort();
    expect(issued).toEqual([a.uuid, b.uuid].sort());
  });

  it('a month with nothing at SAT ends done with SAT\'s "sin información"', async () => {
    const done = await downloadEnded(server, owner, (await start(owner, { month: 3, year: 2024, tipo: 'emitidos' })).body.id);
    expect(done).toMatchObject({ status: 'done', total: 0, warning: null, message: 'El SAT no tiene CFDI emitidos de marzo 2024' });
  });

  it('another account cannot read a download (404) and does not see it listed', async () => {
    const list = await callApi(server.baseUrl, owner.headers, 'GET', '/api/sat/descargas');
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBeGreaterThanOrEqual(4);
    const id = list.body.data[0].id;
    expect((await callApi(server.baseUrl, intruder.headers, 'GET', `/api/sat/descargas/${id}`)).status).toBe(404);
    expect((await callApi(server.baseUrl, intruder.headers, 'GET', '/api/sat/descargas')).body.data).toEqual([]);
    expect((await callApi(server.baseUrl, owner.headers, 'GET', '/api/sat/descargas/no-es-uuid')).status).toBe(422);
    // The live messages went to the owner's room only.
    expect(live.progress.some((m) => m.title === 'Descarga de CFDI del SAT')).toBe(true);
    expect(intruderLive.progress.filter((m) => m.title === 'Descarga de CFDI del SAT')).toEqual([]);
  });
});
