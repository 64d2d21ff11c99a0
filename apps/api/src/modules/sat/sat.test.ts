import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { startTestServer, type TestServer } from '../../../test/server';
import { localEfosList } from '../../providers/sat/efos-list';
import { recheckRecentStatuses } from './sat-status.job';
import { importXmls } from '../../../test/import-xmls';
import { stampedHoursAgo } from '../../../test/sandbox-pac-clock';
import { api, createCustomer, invoiceBody, invoicingAccount } from '../invoicing/invoicing-test-kit';
import { refreshEfosList } from './blacklist.service';
import { notifyExpiringRequests } from './cancellation-inbox.service';
import { satProviders } from './sat-providers';

/**
 * Issue 15 §2-§5 over real HTTP: SAT status of stamped documents through the offline SAT (the sandbox PAC's own
 * records), the scheduled re-check, the 69-B list (lookup, list badge), the receptor's cancellation inbox and
 * the CSF obtained with the CIEC on file. Tenant isolation for each endpoint.
 */
let server: TestServer;
let issuer: TestAccount; // EKU9003173C9 with the SAT test CSD, premium (features 71/72)
let receptor: TestAccount; // a customer of the issuer who also uses the app
let intruder: TestAccount;
let receptorClient: number;

const mexicoMonth = () => {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit' }).format(new Date()).split('-');
  return { year: Number(y), month: Number(m) };
};
const call = <T = any>(account: TestAccount, method: string, p: string, body?: unknown) => api<T>(server.baseUrl, account, method, p, body);

/** Moves a sandbox document's stamp 48 h back, as if SAT's clock had passed: cancelling it then needs acceptance. */
const age = (uuid: string) => stampedHoursAgo(server.runtime.ctx.config.dataDir, uuid, 48);

beforeAll(async () => {
  server = await startTestServer();
  issuer = await invoicingAccount(server.baseUrl, true, 11);
  receptor = await createAccount(server.baseUrl);
  intruder = await createAccount(server.baseUrl);
  receptorClient = (await createCustomer(server.baseUrl, issuer, { rfc: receptor.rfc })).id;
  await refreshEfosList(server.runtime.ctx.db, localEfosList());
}, 180_000);
afterAll(async () => server?.close());

describe('CFDI status at SAT', () => {
  it('answers Vigente for a stamped invoice, Cancelado once cancelled; 404 for another account or an unknown UUID', async () => {
    const stamped = await call(issuer, 'POST', '/api/invoice40', invoiceBody(receptorClient));
    expect(stamped.status, JSON.stringify(stamped.data)).toBe(201);
    const uuid = stamped.data.uuid as string;
    const first = await call(issuer, 'GET', `/api/cfdi/${uuid}/sat-status`);
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({
      uuid, estado: 'Vigente', esCancelable: 'Cancelable sin aceptación', estatusCancelacion: '', validacionEFOS: '200',
      codigoEstatus: 'S - Comprobante obtenido satisfactoriamente.', estadoLocal: 'vigente', actualizado: false, fuente: 'local',
    });
    expect((await call(intruder, 'GET', `/api/cfdi/${uuid}/sat-status`)).status).toBe(404);
    expect((await call(issuer, 'GET', '/api/cfdi/11111111-2222-4333-8444-555555555555/sat-status')).status).toBe(404);
    expect((await call(issuer, 'GET', '/api/cfdi/no-es-uuid/sat-status')).status).toBe(422);

    const cancel = await call(issuer, 'POST', '/api/incomes/cancel', { pIdPago: uuid, type: 'ingreso', option: '02' });
    expect(cancel.data.estado).toBe('cancelada');
    expect((await call(issuer, 'GET', `/api/cfdi/${uuid}/sat-status`)).data).toMatchObject({ estado: 'Cancelado', estatusCancelacion: 'Cancelado sin aceptación', estadoLocal: 'cancelada' });
  });

  it('the scheduled re-check marks what SAT cancelled behind the app\'s back, lists it cancelled and notifies', async () => {
    const stamped = await call(issuer, 'POST', '/api/invoice40', invoiceBody(receptorClient, { metodoPago: 'PPD', formaPago: '99' }));
    const uuid = stamped.data.uuid as string;
    // Cancelled at SAT without going through the app (e.g. from SAT's portal).
    await satProviders(server.runtime.ctx).invoicing.pac.cancel({ rfcEmisor: issuer.rfc, rfcReceptor: receptor.rfc, uuid, motivo: '02', total: stamped.data.total });
    const { month, year } = mexicoMonth();
    const row = async () => (await call(issuer, 'GET', `/api/incomes/${month}/${year}`)).data.data.find((r: { uuid: string }) => r.uuid === uuid);
    expect((await row()).estado).toBe('vigente');

    const run = await recheckRecentStatuses(server.runtime.ctx);
    expect(run.cancelled).toBe(1);
    expect(run.failed).toBe(0);
    expect((await row()).estado).toBe('cancelada');
    const urgent = (await call(issuer, 'GET', '/api/notificaciones/urgentes')).data.data;
    expect(urgent[0]).toMatchObject({ title: 'El SAT reporta un CFDI cancelado', link: '/incomes' });
    expect(urgent[0].message).toContain(uuid);
    expect((await call(intruder, 'GET', '/api/notificaciones/urgentes')).data.data).toEqual([]);
    // Nothing new on the next run.
    expect((await recheckRecentStatuses(server.runtime.ctx)).cancelled).toBe(0);
  });
});

describe('69-B list', () => {
  it('GET /api/blacklist/:rfc says whether and how an RFC is listed', async () => {
    expect((await call(issuer, 'GET', '/api/blacklist/MAQ180704KL6')).data).toEqual({
      rfc: 'MAQ180704KL6', listed: true, situacion: 'Presunto', fechaPublicacion: '2026-10-16', nombre: 'MAQUILADORA ÁGIL DEL NORTE, S.A. DE C.V.', riesgo: true,
    });
    expect((await call(issuer, 'GET', '/api/blacklist/sim1611229t8')).data).toMatchObject({ listed: true, situacion: 'Desvirtuado', fechaPublicacion: '2024-09-20', riesgo: false });
    expect((await call(issuer, 'GET', '/api/blacklist/XAXX010101000')).data).toEqual({ rfc: 'XAXX010101000', listed: false, situacion: null, fechaPublicacion: null, nombre: null, riesgo: false });
    expect((await call(issuer, 'GET', '/api/blacklist/123')).status).toBe(422);
  });

  it('withBlacklist flags the rows whose customer is on the list', async () => {
    const efos = await createCustomer(server.baseUrl, issuer, { rfc: 'EFO150312AB3', r_social: 'EMPRESA FACTURADORA DE OPERACIONES SIMULADAS', regimen: '601', domicilio: { cp: '06600' } });
    const stamped = await call(issuer, 'POST', '/api/invoice40', invoiceBody(efos.id));
    expect(stamped.status, JSON.stringify(stamped.data)).toBe(201);
    const { month, year } = mexicoMonth();
    const rows = (await call(issuer, 'GET', `/api/incomes/${month}/${year}?withBlacklist=true&perPage=50`)).data.data as { uuid: string; blacklisted: boolean }[];
    expect(rows.find((r) => r.uuid === stamped.data.uuid)!.blacklisted).toBe(true);
    expect(rows.filter((r) => r.uuid !== stamped.data.uuid).every((r) => !r.blacklisted)).toBe(true);
    // Without the mode nothing is computed.
    const plain = (await call(issuer, 'GET', `/api/incomes/${month}/${year}?perPage=50`)).data.data as { blacklisted: boolean }[];
    expect(plain.every((r) => !r.blacklisted)).toBe(true);
  });
});

describe('69-B at import', () => {
  it('an imported document from a listed emisor comes back flagged in the import result', async () => {
    const stamped = await call(issuer, 'POST', '/api/invoice40', invoiceBody(receptorClient, { serie: 'IMP' }));
    const xml = (await call<Buffer>(issuer, 'GET', `/api/incomes/${stamped.data.uuid}/xml`)).data.toString('utf8');
    expect(xml).toContain(stamped.data.uuid);
    const db = server.runtime.ctx.db;
    // The server's first start loads the 69-B list in the background (DELETE, then INSERT): a row written before
    // that load lands is wiped by it. Wait until the load is recorded (bounded: a source that never loads leaves none).
    for (let i = 0; i < 300 && (await db.execute(sql`SELECT 1 FROM efos_refreshes LIMIT 1`)).rows.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The issuer's RFC is SAT's test taxpayer: list it only for this test.
    await db.execute(sql`INSERT INTO efos_list (rfc, nombre, situacion, fecha_definitivo) VALUES ('EKU9003173C9', 'ESCUELA KEMPER URGATE', 'Definitivo', '2026-01-15')`);
    try {
      const result = await importXmls(server.baseUrl, receptor, [xml]);
      expect(result).toMatchObject({ imported: 1, blacklisted: [{ uuid: stamped.data.uuid, rfc: 'EKU9003173C9', situacion: 'Definitivo' }] });
    } finally {
      await db.execute(sql`DELETE FROM efos_list WHERE rfc = 'EKU9003173C9'`);
    }
  });
});

describe('cancellation requests that need the receptor\'s acceptance', () => {
  it('the receptor sees who asks, the UUID, the motivo and the 72-hour deadline; accepts through the PAC; others cannot see or answer', async () => {
    const stamped = await call(issuer, 'POST', '/api/invoice40', invoiceBody(receptorClient));
    const uuid = stamped.data.uuid as string;
    await age(uuid);
    const cancel = await call(issuer, 'POST', '/api/incomes/cancel', { pIdPago: uuid, type: 'ingreso', option: '03' });
    expect(cancel.data.estado).toBe('en_proceso');

    const inbox = await call(receptor, 'GET', '/api/cancelaciones/solicitudes');
    expect(inbox.status).toBe(200);
    expect(inbox.data.data).toHaveLength(1);
    const request = inbox.data.data[0];
    expect(request).toMatchObject({ uuid, rfcEmisor: 'EKU9003173C9', motivo: '03', motivoTexto: 'No se llevó a cabo la operación', total: stamped.data.total, status: 'pendiente' });
    expect(new Date(request.plazo).getTime() - new Date(request.solicitadaEn).getTime()).toBe(72 * 3_600_000);
    expect(request.horasRestantes).toBeGreaterThanOrEqual(71);

    // Another account: nothing to see, nothing to answer.
    expect((await call(intruder, 'GET', '/api/cancelaciones/solicitudes')).data.data).toEqual([]);
    expect((await call(intruder, 'POST', `/api/cancelaciones/solicitudes/${uuid}`, { respuesta: 'aceptar' })).status).toBe(404);
    expect((await call(issuer, 'POST', `/api/cancelaciones/solicitudes/${uuid}`, { respuesta: 'aceptar' })).status).toBe(404);
    expect((await call(receptor, 'POST', `/api/cancelaciones/solicitudes/${uuid}`, { respuesta: 'quizá' })).status).toBe(422);

    // Less than 24 h left: one urgent notice, once.
    const later = new Date(Date.now() + 50 * 3_600_000);
    expect(await notifyExpiringRequests(server.runtime.ctx.db, later)).toBe(1);
    expect(await notifyExpiringRequests(server.runtime.ctx.db, later)).toBe(0);
    const notices = (await call(receptor, 'GET', '/api/notificaciones/urgentes')).data.data;
    expect(notices[0]).toMatchObject({ title: 'Solicitud de cancelación por vencer' });
    expect(notices[0].message).toContain(uuid);

    const answer = await call(receptor, 'POST', `/api/cancelaciones/solicitudes/${uuid}`, { respuesta: 'aceptar' });
    expect(answer.status, JSON.stringify(answer.data)).toBe(200);
    expect(answer.data).toMatchObject({ message: 'Aceptaste la cancelación: el CFDI quedó cancelado ante el SAT', request: { uuid, status: 'aceptada' } });
    expect((await call(receptor, 'GET', '/api/cancelaciones/solicitudes')).data.data).toEqual([]);
    // The issuer's invoice is cancelled at SAT; asking updates the app.
    expect((await call(issuer, 'GET', `/api/cfdi/${uuid}/sat-status`)).data).toMatchObject({ estado: 'Cancelado', estatusCancelacion: 'Cancelado con aceptación', estadoLocal: 'cancelada', actualizado: true });
  });

  it('a rejected request leaves the invoice vigente ("Solicitud rechazada")', async () => {
    const stamped = await call(issuer, 'POST', '/api/invoice40', invoiceBody(receptorClient, { serie: 'B' }));
    const uuid = stamped.data.uuid as string;
    await age(uuid);
    await call(issuer, 'POST', '/api/incomes/cancel', { pIdPago: uuid, type: 'ingreso', option: '02' });
    const answer = await call(receptor, 'POST', `/api/cancelaciones/solicitudes/${uuid}`, { respuesta: 'rechazar' });
    expect(answer.data.message).toBe('Rechazaste la cancelación: el CFDI sigue vigente');
    expect((await call(issuer, 'GET', `/api/cfdi/${uuid}/sat-status`)).data).toMatchObject({ estado: 'Vigente', estatusCancelacion: 'Solicitud rechazada', estadoLocal: 'rechazada' });
    expect((await call(receptor, 'POST', `/api/cancelaciones/solicitudes/${uuid}`, { respuesta: 'aceptar' })).status).toBe(404);
  });
});

describe('constancia de situación fiscal through the SAT port', () => {
  const waitProcess = async (account: TestAccount, id: string) => {
    for (let i = 0; i < 200; i++) {
      const p = (await call(account, 'GET', `/api/background/process/${id}`)).data;
      if (p.finished) return p;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the process never finished');
  };

  it('needs a valid CIEC or e.firma on file', async () => {
    const res = await call(intruder, 'POST', '/api/sat/constancia', { tipo: 'CSF' });
    expect(res.status).toBe(422);
    expect(res.data.errors.tipo[0]).toMatch(/CIEC o tu e.firma/);
  });

  it('with the CIEC on file obtains the CSF, keeps it in the history and offers the profile update', async () => {
    const ciec = await call(issuer, 'POST', '/api/ciec/process', { ciec: 'Ciec2026ok' });
    expect(ciec.status).toBe(202);
    const validated = await waitProcess(issuer, ciec.data.id);
    expect(validated.code).toBe(200);

    const started = await call(issuer, 'POST', '/api/sat/constancia', { tipo: 'CSF' });
    expect(started.status).toBe(202);
    const done = await waitProcess(issuer, started.data.id);
    expect(done, JSON.stringify(done)).toMatchObject({ type: 'CSF', code: 200, finished: true, progress: 100 });
    const history = (await call(issuer, 'GET', '/api/profile/csf')).data;
    expect(history.total).toBe(1);
    expect(history.data[0]).toMatchObject({ rfc: 'EKU9003173C9', regimenes: ['601'], cp: '06600' });
    const obligations = (await call(issuer, 'GET', '/api/profile/obligations')).data;
    expect(obligations.data.map((o: { descripcion: string }) => o.descripcion)).toContain('Pago definitivo mensual de IVA.');
    const pdf = await call(issuer, 'GET', history.data[0].url);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');

    // The profile drifted: applying the constancia brings régimen and CP back.
    await server.runtime.ctx.db.execute(sql`UPDATE users SET regimen = '620', cp = '44100' WHERE rfc = 'EKU9003173C9'`);
    expect((await call(intruder, 'POST', `/api/sat/constancia/${history.data[0].id}/aplicar`)).status).toBe(404);
    const applied = await call(issuer, 'POST', `/api/sat/constancia/${history.data[0].id}/aplicar`);
    expect(applied.data).toMatchObject({ regimen: '601', cp: '06600' });
    expect((await call(issuer, 'GET', '/api/profile')).data).toMatchObject({ regimen: '601', address: { cp: '06600' } });
  });
});
