import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { loadSandboxCredentials, verifySandboxAcuse } from '@facturo/cfdi/stamp';
import { withCheckDigit } from '@facturo/contract';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { cancellationRequestedHoursAgo, stampedHoursAgo } from '../../../test/sandbox-pac-clock';
import { employeeBody, randomCurp } from '../employees/employee-fixtures.test-support';
import { resolvePendingCancellations } from '../sat/pending-cancellations.service';
import { cfdiCancellations, cfdis } from '../cfdis/cfdis.schema';
import { notifications } from '../../db/schema';
import { api, createCustomer, invoiceBody, invoicingAccount } from './invoicing-test-kit';
import { paymentTimeNow } from '../../../test/mexico-clock';

// Stamping, payroll jobs and PDFs on a shared 2-core machine.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 240_000 });

/**
 * Issue 24 §10, issue 30 §1 (decision 276): SAT's cancellation procedure over real HTTP. Motivo 01 needs a vigente
 * substitute that relates to the cancelled CFDI with TipoRelacion 04; motivo 04 a global invoice; the PAC's acuse is
 * kept and served for invoices, payroll receipts, payments and retentions; a cancellation that needs the receptor
 * stays "En proceso" until it accepts, rejects, or 72 hours pass.
 */
let server: TestServer;
let owner: TestAccount;
let intruder: TestAccount;
let customer: { id: number; rfc: string };

const call = <T = any>(method: string, p: string, body?: unknown, account = owner) => api<T>(server.baseUrl, account, method, p, body);
const stamp = async (over: Parameters<typeof invoiceBody>[1] = {}) => {
  const res = await call('POST', '/api/invoice40', invoiceBody(customer.id, over));
  expect(res.status, JSON.stringify(res.data)).toBe(201);
  return res.data as { uuid: string; folio: string; total: string };
};
const acuseOf = (uuid: string, account = owner) => call<Buffer>('GET', `/api/cfdi/${uuid}/acuse-cancelacion`, undefined, account);
/** The acuse as served: XML, a download, signed by the sandbox PAC for that UUID. */
async function expectAcuse(uuid: string, estatusUUID = '201') {
  const res = await acuseOf(uuid);
  expect(res.status, res.data.toString()).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/xml');
  expect(res.headers.get('content-disposition')).toBe(`attachment; filename="acuse-cancelacion-${uuid}.xml"`);
  const verified = verifySandboxAcuse(res.data.toString(), loadSandboxCredentials().certificate);
  expect(verified).toMatchObject({ valid: true, rfcEmisor: 'EKU9003173C9', folios: [{ uuid, estatusUUID }] });
}
const localNow = () => paymentTimeNow();

beforeAll(async () => {
  server = await startTestServer();
  owner = await invoicingAccount(server.baseUrl, true, 11);
  intruder = await createAccount(server.baseUrl, { rol: 11 });
  customer = await createCustomer(server.baseUrl, owner);
  // More documents than the plan's included stamps.
  await server.runtime.ctx.db.execute(sql`UPDATE stamp_balances SET balance = 1000 WHERE user_id = (SELECT id FROM users WHERE rfc = ${owner.rfc})`);
});
afterAll(() => server?.close());

describe('motivo 01: the substitute is vigente and relates with TipoRelacion 04', () => {
  it('refuses a substitute without the relation, naming the field; accepts one that carries it, and serves the acuse', async () => {
    const original = await stamp();
    const unrelated = await stamp();
    const refused = await call('POST', '/api/incomes/cancel', { pIdPago: original.uuid, type: 'ingreso', option: '01', uuidSustitucion: unrelated.uuid });
    expect(refused.status).toBe(422);
    expect(refused.data.errors.uuidSustitucion[0]).toBe(
      `La factura sustituta ${unrelated.uuid} no relaciona a la cancelada con TipoRelacion 04 (sustitución de los CFDI previos); emítela con esa relación o usa «Sustituir»`,
    );
    // Related with 01 (nota de crédito) is not a substitution either.
    const note = await stamp({ tipoDeComprobante: 'E', serie: 'NC', cfdiRelacionados: [{ tipoRelacion: '01', uuids: [original.uuid] }] });
    expect((await call('POST', '/api/incomes/cancel', { pIdPago: original.uuid, option: '01', uuidSustitucion: note.uuid })).data.errors.uuidSustitucion[0])
      .toMatch(/TipoRelacion 04/);
    // Nothing was asked of the PAC: still vigente, no acuse.
    expect((await acuseOf(original.uuid)).status).toBe(404);

    const substitute = await stamp({ cfdiRelacionados: [{ tipoRelacion: '04', uuids: [original.uuid] }] });
    // The credit note is a vigente CFDI related to the original: it blocks cancelling it until it is cancelled.
    expect((await call('POST', '/api/incomes/cancel', { pIdPago: note.uuid, option: '02' })).status).toBe(200);
    const ok = await call('POST', '/api/incomes/cancel', { pIdPago: original.uuid, type: 'ingreso', option: '01', uuidSustitucion: substitute.uuid.toLowerCase() });
    expect(ok.status, JSON.stringify(ok.data)).toBe(200);
    expect(ok.data).toMatchObject({ rspns: true, estado: 'cancelada', uuid: original.uuid });
    const [row] = await server.runtime.ctx.db.select().from(cfdis).where(eq(cfdis.uuid, original.uuid));
    expect(row).toMatchObject({ estado: 'cancelada', cancelMotivo: '01', cancelUuidSustitucion: substitute.uuid, cancelEstatus: 'Cancelado sin aceptación' });
    await expectAcuse(original.uuid);
  });

  it('refuses a cancelled substitute, and another account\'s acuse is 404', async () => {
    const original = await stamp();
    const substitute = await stamp({ cfdiRelacionados: [{ tipoRelacion: '04', uuids: [original.uuid] }] });
    expect((await call('POST', '/api/incomes/cancel', { pIdPago: substitute.uuid, option: '02' })).status).toBe(200);
    const refused = await call('POST', '/api/incomes/cancel', { pIdPago: original.uuid, option: '01', uuidSustitucion: substitute.uuid });
    expect(refused.status).toBe(422);
    expect(refused.data.errors.uuidSustitucion[0]).toBe(`El UUID de sustitución ${substitute.uuid} debe ser una factura vigente emitida por ti`);
    await expectAcuse(substitute.uuid);
    expect((await acuseOf(substitute.uuid, intruder)).status).toBe(404);
  });
});

describe('motivo 04: only a global invoice', () => {
  it('refuses it on a nominative invoice (422 on option) and cancels a global one with it', async () => {
    const nominative = await stamp();
    const refused = await call('POST', '/api/incomes/cancel', { pIdPago: nominative.uuid, type: 'ingreso', option: '04' });
    expect(refused.status).toBe(422);
    expect(refused.data.errors.option[0]).toBe('El motivo 04 solo aplica a una factura global (con InformacionGlobal); esta factura es nominativa: usa el motivo 01, 02 o 03');
    expect((await acuseOf(nominative.uuid)).status).toBe(404);

    const pg = await createCustomer(server.baseUrl, owner, { rfc: 'XAXX010101000', r_social: 'PUBLICO EN GENERAL', regimen: '616', uso_cfdi: 'S01', domicilio: { cp: null } });
    const [year, month] = localNow().split('-');
    const global = await call('POST', '/api/invoice40', invoiceBody(pg.id, { usoCFDI: 'S01', serie: 'G', informacionGlobal: { periodicidad: '04', meses: month!, año: year! } }));
    expect(global.status, JSON.stringify(global.data)).toBe(201);
    const ok = await call('POST', '/api/incomes/cancel', { pIdPago: global.data.uuid, type: 'ingreso', option: '04' });
    expect(ok.status, JSON.stringify(ok.data)).toBe(200);
    expect(ok.data.estado).toBe('cancelada');
    await expectAcuse(global.data.uuid);
  });
});

describe('the acuse of every kind of issued document', () => {
  it('a payment complement: 404 before, the signed acuse after', async () => {
    const ppd = await stamp({ metodoPago: 'PPD', formaPago: '99' });
    const paid = await fetch(`${server.baseUrl}/api/recepcionpagos/applyPay`, {
      method: 'POST', headers: { ...owner.headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ invoiceId: ppd.uuid, fechaPago: localNow(), formaDePagoP: '03', monedaP: 'MXN', monto: '100.00' }).toString(),
    });
    const payment = (await paid.json()) as { uuid: string };
    expect(paid.status, JSON.stringify(payment)).toBe(201);
    expect((await acuseOf(payment.uuid)).status).toBe(404);
    const cancel = await call('POST', '/api/incomes/cancel', { pIdPago: payment.uuid, type: 'pago', option: '02' });
    expect(cancel.status, JSON.stringify(cancel.data)).toBe(200);
    await expectAcuse(payment.uuid);
  });

  it('a retenciones constancia: 404 before, the signed acuse after', async () => {
    const receiver = await createAccount(server.baseUrl);
    const issued = await call('POST', '/api/retenciones', {
      cveRetenc: '16',
      receptor: { nacionalidad: 'Nacional', rfc: receiver.rfc, nombre: 'JUANA PEREZ NUNEZ', cp: '06600' },
      periodo: { mesIni: 1, mesFin: 3, ejercicio: 2026 },
      totales: {
        montoTotGrav: '10000.50', montoTotExent: '0',
        impRetenidos: [
          { baseRet: '10000.50', impuestoRet: '001', montoRet: '150.01', tipoPagoRet: '04' },
          { baseRet: '10000.50', impuestoRet: '002', montoRet: '1066.72', tipoPagoRet: '01' },
        ],
      },
      complementos: { intereses: { sistFinanciero: 'SI', retiroAORESRetInt: 'NO', operFinancDerivad: 'NO', montIntNominal: '10000.50', montIntReal: '7000', perdida: '0' } },
    });
    expect(issued.status, JSON.stringify(issued.data)).toBe(201);
    const uuid = issued.data.uuid as string;
    expect((await acuseOf(uuid)).status).toBe(404);
    expect((await call('POST', '/api/retenciones/cancel', { uuid, motivo: '02' })).status).toBe(200);
    await expectAcuse(uuid, '201');
    expect((await acuseOf(uuid, intruder)).status).toBe(404);
  });

  it('a payroll receipt: 404 before, the signed acuse after', async () => {
    const profile = await call('PUT', '/api/profile', {
      fullName: 'Comercializadora Ñandú SA de CV', regimen: '601', cp: '06600', estado: 'CMX', municipio: '015', timeZone: 'America/Mexico_City',
      registroPatronal: 'Y5412345105',
    });
    expect(profile.status, JSON.stringify(profile.data)).toBe(200);
    const curp = randomCurp();
    const employee = await call('POST', '/api/employees', employeeBody({ curp, rfc: withCheckDigit(`${curp.slice(0, 10)}A1`), no_empleado: 'C001', salario_diario: '500.00', salario_base: '522.60' }));
    expect(employee.status, JSON.stringify(employee.data)).toBe(201);
    const created = await call('POST', '/api/crearPrenomina', {
      tipoNomina: 'O', fechaInicialPago: '2026-11-01', fechaFinalPago: '2026-11-15', fechaPago: '2026-11-15', numDiasPagados: '15', periodicidad: '04',
      empleados: [employee.data.id],
    });
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    const released = await call('POST', '/api/releasePrenomina', { id: created.data.id });
    expect(released.status, JSON.stringify(released.data)).toBe(202);
    let uuid: string | null = null;
    for (let i = 0; i < 600 && !uuid; i++) {
      const p = await call('GET', `/api/prenomina/${created.data.id}`);
      uuid = p.data.detalle_nomina[0].uuid as string | null;
      if (!uuid) await new Promise((r) => setTimeout(r, 100));
    }
    expect(uuid).toMatch(/^[0-9A-F-]{36}$/);
    expect((await acuseOf(uuid!)).status).toBe(404);
    const cancel = await call('POST', '/api/incomes/cancel', { pIdPago: uuid, type: 'nomina', option: '02' });
    expect(cancel.status, JSON.stringify(cancel.data)).toBe(200);
    expect(cancel.data.estado).toBe('cancelada');
    await expectAcuse(uuid!);
  });
});

describe('cancellations that need the receptor: En proceso, then its answer or 72 hours of silence', () => {
  /** An invoice over 1,000 MXN stamped 48 h ago: cancelling it needs the receptor's acceptance. */
  async function pending() {
    const invoice = await stamp();
    await stampedHoursAgo(server.runtime.ctx.config.dataDir, invoice.uuid, 48);
    const res = await call('POST', '/api/incomes/cancel', { pIdPago: invoice.uuid, type: 'ingreso', option: '02' });
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    expect(res.data).toMatchObject({ estado: 'en_proceso', msj: 'La solicitud de cancelación está en proceso: el receptor tiene 72 horas para aceptarla o rechazarla' });
    // The request's acuse is there from the start; the list shows "Cancelación en proceso".
    await expectAcuse(invoice.uuid);
    expect((await call('POST', '/api/incomes/cancel', { pIdPago: invoice.uuid, option: '02' })).status).toBe(409);
    return invoice.uuid;
  }
  const row = async (uuid: string) => (await server.runtime.ctx.db.select().from(cfdis).where(eq(cfdis.uuid, uuid)))[0]!;
  const noticesFor = async (uuid: string) => (await server.runtime.ctx.db.select().from(notifications))
    .filter((n) => n.message.includes(uuid)).map((n) => n.title);

  it('accepted → Cancelada; rejected → vigente (rechazada); silence for 72 h → Cancelada sin respuesta (plazo vencido)', async () => {
    const accepted = await pending();
    const rejected = await pending();
    const silent = await pending();
    // Nothing moves until SAT has something to say.
    expect(await resolvePendingCancellations(server.runtime.ctx)).toMatchObject({ settled: 0 });
    expect((await row(accepted)).estado).toBe('en_proceso');

    // The sandbox PAC plays the receptor (test-only control); only for one's own documents.
    expect((await call('POST', `/api/dev/pac/cancelaciones/${accepted}`, { respuesta: 'aceptar' }, intruder)).status).toBe(404);
    expect((await call('POST', `/api/dev/pac/cancelaciones/${accepted}`, { respuesta: 'quizá' })).status).toBe(422);
    expect((await call('POST', `/api/dev/pac/cancelaciones/${accepted}`, { respuesta: 'aceptar' })).data).toEqual({ uuid: accepted, estado: 'Cancelado', estatusCancelacion: 'Cancelado con aceptación' });
    expect((await call('POST', `/api/dev/pac/cancelaciones/${rejected}`, { respuesta: 'rechazar' })).data).toMatchObject({ estado: 'Vigente', estatusCancelacion: 'Solicitud rechazada' });
    await cancellationRequestedHoursAgo(server.runtime.ctx.config.dataDir, silent, 72);

    const run = await resolvePendingCancellations(server.runtime.ctx);
    expect(run.settled).toBe(3);
    expect(await row(accepted)).toMatchObject({ estado: 'cancelada', cancelEstatus: 'Cancelado con aceptación' });
    expect(await row(rejected)).toMatchObject({ estado: 'rechazada', cancelEstatus: 'Solicitud rechazada', cancelledAt: null });
    expect(await row(silent)).toMatchObject({ estado: 'cancelada', cancelEstatus: 'Plazo vencido' });
    expect(await noticesFor(accepted)).toEqual(['Cancelación aceptada']);
    expect(await noticesFor(rejected)).toEqual(['Cancelación rechazada']);
    expect(await noticesFor(silent)).toEqual(['Cancelado sin respuesta (plazo vencido)']);
    const kept = await server.runtime.ctx.db.select({ uuid: cfdiCancellations.uuid, estatus: cfdiCancellations.estatusCancelacion }).from(cfdiCancellations)
      .where(and(eq(cfdiCancellations.uuid, silent), eq(cfdiCancellations.status, 'solicitada')));
    expect(kept).toEqual([{ uuid: silent, estatus: 'Plazo vencido' }]);

    // The list tells the three apart.
    const list = await call('GET', `/api/incomes/${Number(localNow().slice(5, 7))}/${localNow().slice(0, 4)}`);
    const byUuid = new Map((list.data.data as { uuid: string; estado: string; estatusCancelacion: string | null }[]).map((r) => [r.uuid, r]));
    expect(byUuid.get(silent)).toMatchObject({ estado: 'cancelada', estatusCancelacion: 'Plazo vencido' });
    expect(byUuid.get(rejected)).toMatchObject({ estado: 'rechazada', estatusCancelacion: 'Solicitud rechazada' });
    expect(byUuid.get(accepted)).toMatchObject({ estado: 'cancelada', estatusCancelacion: 'Cancelado con aceptación' });

    // A rejected one may be requested again; settled ones are not asked about again.
    expect(await resolvePendingCancellations(server.runtime.ctx)).toMatchObject({ checked: 0 });
    expect((await call('POST', '/api/incomes/cancel', { pIdPago: rejected, option: '02' })).data.estado).toBe('en_proceso');
  });
});

describe('no transaction is held while the PAC answers (decision 276)', () => {
  it('the request is marked "cancelando" during the call; a second request meanwhile is 409; a PAC refusal releases it', async () => {
    const invoice = await stamp();
    const db = server.runtime.ctx.db;
    const deps = (await import('./providers')).invoicingProviders(server.runtime.ctx);
    const realCancel = deps.pac.cancel.bind(deps.pac);
    let seen: unknown[] = [];
    let second: { status: number; data: any } | undefined;
    deps.pac.cancel = async (req) => {
      // While the PAC "answers": the claim is committed and visible, the database answers other requests.
      seen = (await db.execute(sql`SELECT status FROM cfdi_cancellations WHERE uuid = ${invoice.uuid}`)).rows;
      second = await call('POST', '/api/incomes/cancel', { pIdPago: invoice.uuid, option: '02' });
      if (req.motivo === '03') throw new (await import('@facturo/cfdi')).PacError('unavailable', [{ code: 'RED', message: 'sin conexión' }]);
      return realCancel(req);
    };
    try {
      const down = await call('POST', '/api/incomes/cancel', { pIdPago: invoice.uuid, option: '03' });
      expect(down.status).toBe(503);
      expect(seen).toEqual([{ status: 'cancelando' }]);
      expect(second).toMatchObject({ status: 409, data: { message: 'Ya se está solicitando la cancelación de este comprobante; espera la respuesta del SAT' } });
      const [failed] = await db.select().from(cfdiCancellations).where(eq(cfdiCancellations.uuid, invoice.uuid));
      expect(failed).toMatchObject({ status: 'fallida', error: 'RED: sin conexión', acuse: null });
      expect((await acuseOf(invoice.uuid)).status).toBe(404);
      const ok = await call('POST', '/api/incomes/cancel', { pIdPago: invoice.uuid, option: '02' });
      expect(ok.status, JSON.stringify(ok.data)).toBe(200);
    } finally {
      deps.pac.cancel = realCancel;
    }
    await expectAcuse(invoice.uuid);
  });
});
