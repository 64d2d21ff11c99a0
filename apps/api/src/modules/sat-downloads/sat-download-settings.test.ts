import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';
import { giveEfirma, userIdOf } from '../../../test/sat-downloads';
import { backgroundProcesses } from '../../db/schema';
import { satDownloads } from './sat-downloads.schema';
import { autoSyncPeriod, runAutoSync } from './sat-download-settings.service';

// Issue 15 §1, last sentence: the daily automatic download. No workers here: the downloads the run opens stay
// pending, which is what the "one already running" rule looks at.
let server: TestServer;
let owner: TestAccount;
let intruder: TestAccount;

beforeAll(async () => {
  server = await startTestServer({}, { workers: false });
  owner = await createAccount(server.baseUrl);
  intruder = await createAccount(server.baseUrl);
}, 180_000);
afterAll(() => server?.close());

const URL_ = '/api/sat/descargas/ajustes';
const get = (a: TestAccount) => callApi(server.baseUrl, a.headers, 'GET', URL_);
const put = (a: TestAccount, body: unknown) => callApi(server.baseUrl, a.headers, 'PUT', URL_, body);
const LATER = new Date('2099-01-01T00:00:00Z');

describe('GET/PUT /api/sat/descargas/ajustes', () => {
  it('starts off with 3 days and no run, keeps what the account sets, and never shows it to another account', async () => {
    expect((await get(owner)).body).toEqual({ autoSync: false, dias: 3, ultimaEjecucion: null, ultimoResultado: null });
    const saved = await put(owner, { autoSync: true, dias: 7 });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ autoSync: true, dias: 7, ultimaEjecucion: null, ultimoResultado: null });
    expect((await get(owner)).body).toMatchObject({ autoSync: true, dias: 7 });
    const off = await put(owner, { autoSync: false, dias: 2 });
    expect(off.body).toMatchObject({ autoSync: false, dias: 2 });

    // The other account sees its own default, and its change does not touch the owner's.
    expect((await get(intruder)).body).toMatchObject({ autoSync: false, dias: 3 });
    await put(intruder, { autoSync: true, dias: 10 });
    expect((await get(owner)).body).toMatchObject({ autoSync: false, dias: 2 });
    const anon = await callApi(server.baseUrl, {}, 'GET', URL_);
    expect(anon.status).toBe(401);
  });

  it('refuses bad input with 422 naming the field, and the route does not fall into GET /:id', async () => {
    for (const [body, field] of [
      [{ autoSync: true, dias: 0 }, 'dias'], [{ autoSync: true, dias: 11 }, 'dias'], [{ autoSync: true, dias: 2.5 }, 'dias'],
      [{ autoSync: true }, 'dias'], [{ autoSync: 'sí', dias: 3 }, 'autoSync'],
    ] as const) {
      const res = await put(owner, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
    expect((await put(owner, { autoSync: true, dias: 11 })).body.errors.dias).toEqual(['Los días van de 1 a 10']);
    // A random uuid still reaches the download's own route.
    expect((await callApi(server.baseUrl, owner.headers, 'GET', '/api/sat/descargas/8b0e7c36-3f7c-4d0e-9a53-0a4f1f1f1f1f')).status).toBe(404);
  });
});

describe('autoSyncPeriod', () => {
  it('covers today and the days before it, Mexico City time, across a month (and year) boundary', () => {
    // 2026-12-01 06:00 Mexico City: one day back reaches November 30.
    expect(autoSyncPeriod(1, new Date('2026-12-01T12:00:00Z'))).toEqual({ from: '2026-11-30T00:00:00', months: [{ year: 2026, month: 11 }, { year: 2026, month: 12 }] });
    expect(autoSyncPeriod(3, new Date('2026-11-20T12:00:00Z'))).toEqual({ from: '2026-11-17T00:00:00', months: [{ year: 2026, month: 11 }] });
    // 2027-01-01 05:00 UTC is still December 31 in Mexico City.
    expect(autoSyncPeriod(10, new Date('2027-01-01T05:00:00Z'))).toEqual({ from: '2026-12-21T00:00:00', months: [{ year: 2026, month: 12 }] });
    expect(autoSyncPeriod(2, new Date('2027-01-02T12:00:00Z'))).toEqual({ from: '2026-12-31T00:00:00', months: [{ year: 2026, month: 12 }, { year: 2027, month: 1 }] });
  });
});

describe('runAutoSync (the daily job\'s service)', () => {
  it('starts emitidos and recibidos only for the account that is on and has a valid e.firma; a second run while they are pending adds none', async () => {
    const on = await createAccount(server.baseUrl);
    const offAcc = await createAccount(server.baseUrl);
    const noEfirma = await createAccount(server.baseUrl);
    const expired = await createAccount(server.baseUrl);
    await giveEfirma(server, on.rfc, { validTo: LATER });
    await giveEfirma(server, offAcc.rfc, { validTo: LATER });
    await giveEfirma(server, expired.rfc, { validTo: new Date('2026-10-01T12:00:00Z') });
    await put(on, { autoSync: true, dias: 3 });
    await put(offAcc, { autoSync: false, dias: 3 });
    await put(noEfirma, { autoSync: true, dias: 3 });
    await put(expired, { autoSync: true, dias: 3 });
    // Only the accounts made here are on (the earlier tests leave the intruder on without an e.firma).
    const db = server.runtime.ctx.db;
    const downloadsOf = async (a: TestAccount) => db.select().from(satDownloads).where(eq(satDownloads.userId, await userIdOf(server, a.rfc)));

    // 2026-11-01 06:00 Mexico City: the last 3 days fall in October and November.
    const now = new Date('2026-11-01T12:00:00Z');
    const first = await runAutoSync(server.runtime.ctx, now);
    expect(first).toMatchObject({ started: 4, skipped: 0 });
    expect(first.failed).toBeGreaterThanOrEqual(2); // no e.firma, expired (and the intruder's)

    const mine = await downloadsOf(on);
    expect(mine.map((d) => `${d.year}-${d.month} ${d.tipo}`).sort()).toEqual(['2026-10 emitidos', '2026-10 recibidos', '2026-11 emitidos', '2026-11 recibidos']);
    expect(mine.every((d) => d.status === 'pending' && d.rfc === on.rfc)).toBe(true);
    // Only the last days are asked of SAT (October 29 on), not the whole of October.
    expect(mine.find((d) => d.month === 10)).toMatchObject({ periodStart: '2026-10-29T00:00:00', periodEnd: '2026-10-31T23:59:59' });
    expect(mine.find((d) => d.month === 11)).toMatchObject({ periodStart: '2026-11-01T00:00:00', periodEnd: '2026-11-01T06:00:00' });
    // Each one is a DOWNLOAD_INVOICES background process of the account, as the POST opens it.
    const processes = await db.select().from(backgroundProcesses).where(and(eq(backgroundProcesses.userId, await userIdOf(server, on.rfc)), eq(backgroundProcesses.type, 'DOWNLOAD_INVOICES')));
    expect(processes).toHaveLength(4);
    expect(await downloadsOf(offAcc)).toEqual([]);
    expect(await downloadsOf(noEfirma)).toEqual([]);
    expect(await downloadsOf(expired)).toEqual([]);

    const shown = (await get(on)).body;
    expect(shown.ultimaEjecucion).toBe(now.toISOString());
    expect(shown.ultimoResultado).toBe('Se iniciaron 4 descargas (emitidos y recibidos de octubre 2026 y noviembre 2026)');
    expect((await get(noEfirma)).body.ultimoResultado).toMatch(/^No se pudo descargar: Para descargar del SAT necesitas tu e\.firma/);
    expect((await get(expired)).body.ultimoResultado).toMatch(/Tu e\.firma venció el 01\/10\/2026/);
    expect((await get(offAcc)).body.ultimaEjecucion).toBeNull();

    // The next day, the downloads are still pending: the account is skipped, nothing doubles.
    const next = new Date('2026-11-02T12:00:00Z');
    const second = await runAutoSync(server.runtime.ctx, next);
    expect(second).toMatchObject({ started: 0, skipped: 1 });
    expect(await downloadsOf(on)).toHaveLength(4);
    expect((await get(on)).body).toMatchObject({ ultimaEjecucion: next.toISOString(), ultimoResultado: 'No se inició ninguna descarga: había una descarga del SAT en curso' });

    // Once they ended, the following run starts the new ones (November only by then).
    await db.update(satDownloads).set({ status: 'done' }).where(eq(satDownloads.userId, await userIdOf(server, on.rfc)));
    const third = await runAutoSync(server.runtime.ctx, new Date('2026-11-10T12:00:00Z'));
    expect(third).toMatchObject({ started: 2, skipped: 0 });
    const after = await downloadsOf(on);
    expect(after).toHaveLength(6);
    expect(after.filter((d) => d.status === 'pending').map((d) => d.periodStart)).toEqual(['2026-11-07T00:00:00', '2026-11-07T00:00:00']);
  });
});
