import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { startApi, type ApiRuntime } from '../../runtime';
import { fiscalCredentials } from '../../db/schema';
import { startTestServer, cloneTemplateDatabase, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';
import { stampedReceived } from '../../../test/received-cfdis';
import { startSoapSat, type SoapSatServer } from '../../../test/sat-soap-server';
import { downloadEnded, giveEfirma, userIdOf } from '../../../test/sat-downloads';
import { writeZip } from '../cfdi-import/zip-writer';
import { cfdis } from '../cfdis/cfdis.schema';
import { satDownloads } from './sat-downloads.schema';
import { runSatDownloadJob } from './sat-download.job';

// The job over the real client (@nodecfdi) against the SOAP protocol server: SAT's answers and faults as the
// user meets them — packages that are not ZIPs or hold non-CFDI files, SAT's limits as warnings, a refused
// e.firma, SAT down (retries with backoff, then a clear message) — and the resume after a restart.
let soap: SoapSatServer;
let server: TestServer;
let owner: TestAccount;
const ENV = { SAT_DOWNLOAD_PROVIDER: 'sat', SAT_DOWNLOAD_POLL_MS: '40', SAT_DOWNLOAD_POLL_MAX_MS: '200' };

beforeAll(async () => {
  soap = await startSoapSat();
  server = await startTestServer({ ...ENV, SAT_DOWNLOAD_URL: soap.url });
  owner = await createAccount(server.baseUrl, { rfc: 'EKU9003173C9', persona: 'moral' });
  await giveEfirma(server, owner.rfc);
}, 180_000);
afterAll(async () => {
  await server?.close();
  await soap?.close();
});
beforeEach(() => {
  soap.script = {};
  soap.seen.requests.length = 0;
});

const issued = (valor: string, fecha = '2026-10-05T10:00:00') => stampedReceived({ receptorRfc: 'XIA190128J61', regimenReceptor: '601', valor, fecha });
const download = async (body = { month: 10, year: 2026, tipo: 'emitidos' }, account = owner, srv = server) => {
  const res = await callApi(srv.baseUrl, account.headers, 'POST', '/api/sat/descargas', body);
  expect(res.status).toBe(202);
  return downloadEnded(srv, account, res.body.id);
};
const ready = (packages: string[]) => (_id: string, n: number) => (n < 2 ? { estado: 2 } : { estado: 3, numeroCfdis: 3, packages });

describe('SAT download job over the real client', () => {
  it('imports the good CFDI and rejects, with reasons, a package that is not a ZIP, files that are not CFDI, and a package SAT does not deliver', async () => {
    const a = await issued('1000');
    const b = await issued('2000');
    const zip = writeZip([{ name: `${a.uuid}.xml`, data: a.xml }, { name: `${b.uuid}.xml`, data: b.xml }, { name: 'leeme.txt', data: 'hola' }, { name: 'factura.xml', data: '<factura total="1"/>' }]);
    soap.script = {
      request: (s) => {
        expect(s.attrs).toMatchObject({ FechaInicial: '2026-10-01T00:00:00', FechaFinal: '2026-10-31T23:59:59', RfcEmisor: owner.rfc });
        return { code: 5000, id: 'a1b2c3d4-0000-4000-8000-000000000001' };
      },
      verify: ready(['P_01', 'P_02', 'P_03']),
      download: (p) => (p === 'P_01' ? { code: 5000, content: zip } : p === 'P_02' ? { code: 5000, content: Buffer.from('esto no es un zip') } : { code: 5007, message: 'No existe el paquete solicitado' }),
    };
    const done = await download();
    expect(done).toMatchObject({ status: 'done', total: 3, imported: 2, duplicated: 0, rejected: 4, warning: null });
    const reasons = Object.fromEntries(done.rejections.map((r: { file: string; reason: string }) => [r.file, r.reason]));
    expect(reasons['P_01.zip/leeme.txt']).toBe('No es un archivo .xml');
    expect(reasons['P_01.zip/factura.xml']).toMatch(/^No es un CFDI/);
    expect(reasons['P_02.zip']).toMatch(/no es un ZIP/);
    expect(reasons['P_03.zip']).toBe('El SAT no entregó el paquete: No existe el paquete solicitado (código 5007)');
    const rows = await server.runtime.ctx.db.select({ uuid: cfdis.uuid, direction: cfdis.direction }).from(cfdis).where(eq(cfdis.userId, await userIdOf(server, owner.rfc)));
    expect(rows.map((r) => r.uuid).sort()).toEqual([a.uuid, b.uuid].sort());
    expect(rows.every((r) => r.direction === 'emitido')).toBe(true);
    expect(soap.seen.badSignatures).toBe(0);
  });

  it.each([
    [5005, /solicitud igual en proceso/],
    [5002, /límite de por vida/],
    [5003, /tope máximo/],
  ])('SAT answering %i to the solicitud ends the download with a Spanish warning, not a failure', async (code, warning) => {
    soap.script = { request: () => ({ code, message: 'límite' }) };
    const done = await download();
    expect(done).toMatchObject({ status: 'done', total: 0, imported: 0 });
    expect(done.warning).toMatch(warning);
  });

  it('rejections by SAT: e.firma revoked (304) and an expired solicitud fail with a clear message; "rechazada" with 5004 is just empty', async () => {
    soap.script = { request: () => ({ code: 304, message: 'Certificado revocado o caduco' }) };
    expect(await download()).toMatchObject({ status: 'failed', message: 'El SAT indica que el certificado de la e.firma está revocado o caducó (código 304)' });
    soap.script = { verify: () => ({ estado: 6, codigoEstado: 5000 }) };
    expect((await download()).message).toMatch(/venció en el SAT/);
    soap.script = { verify: () => ({ estado: 5, codigoEstado: 5004 }) };
    expect(await download()).toMatchObject({ status: 'done', message: 'El SAT no tiene CFDI emitidos de octubre 2026', warning: null });
  });

  it('SAT down: retries with backoff and goes on when SAT is back; gives up with a clear message after five tries', async () => {
    const c = await issued('3000', '2026-10-07T09:00:00');
    soap.script = { unavailableCalls: 2, verify: ready(['Q_01']), download: () => ({ code: 5000, content: writeZip([{ name: `${c.uuid}.xml`, data: c.xml }]) }) };
    const before = soap.seen.unavailable;
    expect(await download()).toMatchObject({ status: 'done', imported: 1 });
    expect(soap.seen.unavailable - before).toBe(2);

    soap.script = { unavailableCalls: 100 };
    const failed = await download();
    expect(failed.status).toBe('failed');
    expect(failed.message).toMatch(/^El servicio de descarga masiva del SAT no responde \(HTTP 503\)\. Lo intentamos 5 veces sin respuesta; vuelve a pedir la descarga más tarde$/);
  });

  it('an e.firma whose password no longer opens the key fails the download, saying so', async () => {
    await giveEfirma(server, owner.rfc, { password: 'ya-no-es-esta' });
    try {
      const failed = await download();
      expect(failed).toMatchObject({ status: 'failed' });
      expect(failed.message).toMatch(/contraseña de la e\.firma no abre su llave privada/);
    } finally {
      const userId = await userIdOf(server, owner.rfc);
      const [newest] = await server.runtime.ctx.db.select({ id: fiscalCredentials.id }).from(fiscalCredentials)
        .where(and(eq(fiscalCredentials.userId, userId), eq(fiscalCredentials.kind, 'efirma'))).orderBy(desc(fiscalCredentials.id)).limit(1);
      await server.runtime.ctx.db.delete(fiscalCredentials).where(eq(fiscalCredentials.id, newest!.id));
    }
  });
});

describe('resume after a restart', () => {
  it('a run that finds packages already recorded downloads only the rest and keeps the recorded counts', async () => {
    const d = await issued('444', '2026-10-09T12:00:00');
    const userId = await userIdOf(server, owner.rfc);
    const ctx = server.runtime.ctx;
    const { createProcess } = await import('../background/background.repository');
    const process = await createProcess(ctx.db, { userId, rfc: owner.rfc, type: 'DOWNLOAD_INVOICES', title: 'Descarga de CFDI del SAT', message: 'En espera', month: 10, year: 2026 });
    // As a previous run left it: SAT's solicitud known, three packages, the first imported (1 CFDI), then the process died.
    await ctx.db.insert(satDownloads).values({
      id: process.id, userId, rfc: owner.rfc, processId: process.id, tipo: 'emitidos', month: 10, year: 2026,
      periodStart: '2026-10-01T00:00:00', periodEnd: '2026-10-31T23:59:59', status: 'running', step: 'download',
      requestId: 'cafe0000-0000-4000-8000-000000000001', packageIds: ['S_01', 'S_02'], packagesDone: ['S_01'], total: 1, imported: 1,
    });
    const before = { requests: soap.seen.requests.length, verifies: soap.seen.verifies.length, downloads: soap.seen.downloads.length };
    soap.script = { download: () => ({ code: 5000, content: writeZip([{ name: `${d.uuid}.xml`, data: d.xml }]) }) };
    await runSatDownloadJob(ctx, { downloadId: process.id });
    const done = await downloadEnded(server, owner, process.id);
    expect(done).toMatchObject({ status: 'done', total: 2, imported: 2, duplicated: 0 });
    expect(soap.seen.requests.length - before.requests).toBe(0);
    expect(soap.seen.verifies.length - before.verifies).toBe(0);
    expect(soap.seen.downloads.slice(before.downloads)).toEqual(['S_02']);
  });

  it('a download interrupted while SAT prepares the packages resumes on the next start from its recorded solicitud: one solicitud in all', async () => {
    const sat = await startSoapSat();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'facturo-satdl-'));
    const env = {
      NODE_ENV: 'test', DATA_DIR: dataDir, APP_SECRET: 'test-secret-test-secret-test-secret-0001', SAT_LOCAL_LATENCY_MS: '0',
      RATE_LIMIT_PER_MINUTE: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000', ...ENV, SAT_DOWNLOAD_URL: sat.url,
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    };
    // The database outlives the process: PGlite on disk (the embedded default), or the same PostgreSQL database.
    const cloned = await cloneTemplateDatabase();
    const pgliteDir = path.join(dataDir, 'db');
    const open = async (first: boolean): Promise<Database> => {
      if (cloned.database.kind === 'postgres') return first ? cloned.database : openDatabase({ kind: 'postgres', connectionString: cloned.database.connectionString!, poolSize: 5 });
      return openDatabase({ kind: 'pglite', dataDir: pgliteDir, ...(first ? { loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) } : {}) });
    };
    if (cloned.database.kind === 'pglite') await cloned.database.close();
    const boot = async (first: boolean) => {
      const runtime: ApiRuntime = await startApi(loadConfig(env), { database: await open(first) });
      await runtime.app.listen({ port: 0, host: '127.0.0.1' });
      const address = runtime.app.server.address();
      return { runtime, baseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
    };

    const docs = [await issued('111'), await issued('222')];
    let prepared = false;
    sat.script = {
      request: () => ({ code: 5000, id: 'feedbeef-0000-4000-8000-000000000042' }),
      verify: () => (prepared ? { estado: 3, numeroCfdis: 2, packages: ['R_01', 'R_02'] } : { estado: 2 }),
      download: (p) => ({ code: 5000, content: writeZip([{ name: `${docs[p === 'R_01' ? 0 : 1]!.uuid}.xml`, data: docs[p === 'R_01' ? 0 : 1]!.xml }]) }),
    };
    try {
      const a = await boot(true);
      const account = await createAccount(a.baseUrl, { rfc: 'EKU9003173C9', persona: 'moral' });
      await giveEfirma({ ...a, close: async () => undefined }, account.rfc);
      const started = await callApi(a.baseUrl, account.headers, 'POST', '/api/sat/descargas', { month: 10, year: 2026, tipo: 'emitidos' });
      const id = started.body.id as string;
      // Wait until SAT has the solicitud and the job is polling its verification, then stop the server.
      for (let i = 0; i < 200 && sat.seen.verifies.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
      const [mid] = await a.runtime.ctx.db.select().from(satDownloads).where(eq(satDownloads.id, id));
      expect(mid).toMatchObject({ status: 'running', step: 'verify', requestId: 'feedbeef-0000-4000-8000-000000000042' });
      await a.runtime.close();
      const verifiesBefore = sat.seen.verifies.length;

      prepared = true;
      const b = await boot(false);
      try {
        const done = await downloadEnded({ ...b, close: async () => undefined }, account, id);
        expect(done).toMatchObject({ status: 'done', total: 2, imported: 2, duplicated: 0 });
        expect(sat.seen.requests).toHaveLength(1);
        expect(sat.seen.verifies.length).toBeGreaterThan(verifiesBefore);
        expect(sat.seen.downloads.sort()).toEqual(['R_01', 'R_02']);
      } finally {
        await b.runtime.close();
      }
    } finally {
      await cloned.drop();
      await sat.close();
    }
  }, 180_000);
});
