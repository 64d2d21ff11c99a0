import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';
import { stampedReceived, SUPPLIER_RFC } from '../../../test/received-cfdis';
import { importXmls as importFor } from '../../../test/import-xmls';
import { expectIsolated } from '../../../test/isolation';
import { buildPayment } from '../payment-reception/payment-builder';
import { checkLine } from './diot-file';
import { textPdf } from '@facturo/cfdi/pdf';
import { diotAcusePdf } from './diot-acuse.test-support';
import { runAutomaticStatements } from './statements-auto.job';

let server: TestServer;
/** Persona física 612 (premium): receives from the SAT test taxpayer; its DIOT and expense-side statement. */
let customer: TestAccount;
/** The SAT test taxpayer as a persona moral 601 (premium): what it issues is its income. */
let issuer: TestAccount;
let intruder: TestAccount;
let free: TestAccount;
let ppdUuid = '';

const iva16 = { impuesto: '002' as const, tipoFactor: 'Tasa' as const, tasaOCuota: '0.160000' };
const concept = (valor: string, extra: Record<string, unknown> = {}) => ({
  claveProdServ: '81111500', claveUnidad: 'E48', descripcion: 'Servicio', cantidad: '1', valorUnitario: valor, traslados: [iva16], ...extra,
});
const call = (a: TestAccount, method: string, path: string, body?: unknown) => callApi(server.baseUrl, a.headers, method, path, body);
const payment = (fecha: string, monto: string, saldo: string, parcialidad: number) => buildPayment(
  { fechaPago: fecha, formaDePagoP: '03', monedaP: 'MXN', monto },
  [{ invoice: {
    uuid: ppdUuid, tipo: 'I', estado: 'vigente', metodoPago: 'PPD', moneda: 'MXN', total: '1160.00', saldo, pagosPrevios: parcialidad - 1,
    rfcReceptor: customer.rfc, traslados: [{ ...iva16, base: '1000.00' }], retenciones: [],
  } }],
);

beforeAll(async () => {
  server = await startTestServer();
  customer = await createAccount(server.baseUrl, { rol: 11 });
  issuer = await createAccount(server.baseUrl, { rfc: SUPPLIER_RFC, persona: 'moral', rol: 11 });
  intruder = await createAccount(server.baseUrl, { rol: 11 });
  free = await createAccount(server.baseUrl);

  // March 2026 (docs/statements.md and docs/diot.md worked example).
  const withDiscount = await stampedReceived({ receptorRfc: customer.rfc, fecha: '2026-03-12T10:00:00', conceptos: [concept('2000', { descuento: '100' })] });
  const untaxed = await stampedReceived({ receptorRfc: customer.rfc, fecha: '2026-03-15T10:00:00', conceptos: [concept('500', { objetoImp: '01', traslados: [] })] });
  const ppd = await stampedReceived({ receptorRfc: customer.rfc, fecha: '2026-03-02T10:00:00', valor: '1000', metodoPago: 'PPD', formaPago: '99' });
  ppdUuid = ppd.uuid;
  const pago1 = await stampedReceived({ receptorRfc: customer.rfc, tipo: 'P', fecha: '2026-03-21T09:00:00', pagos: [payment('2026-03-20T12:00:00', '580.00', '1160.00', 1)] });
  const note = await stampedReceived({
    receptorRfc: customer.rfc, tipo: 'E', fecha: '2026-03-25T09:00:00', valor: '100', usoCFDI: 'G02',
    relacionados: [{ tipoRelacion: '01', uuids: [withDiscount.uuid] }],
  });
  const april = await stampedReceived({ receptorRfc: customer.rfc, fecha: '2026-04-02T10:00:00', valor: '300' });
  const xmls = [withDiscount.xml, untaxed.xml, ppd.xml, pago1.xml, note.xml, april.xml];
  expect(await importFor(server.baseUrl, customer, xmls)).toMatchObject({ imported: 6, rejected: [] });
  expect(await importFor(server.baseUrl, issuer, xmls)).toMatchObject({ imported: 6, rejected: [] });
}, 180_000);
afterAll(async () => server?.close());

describe('POST /api/diot, GET /api/diot, file, acuse and diff', () => {
  let folio = 0;

  it('builds the month from received CFDIs actually paid: PUE, the PPD by its payment, the credit note as devolución', async () => {
    const res = await call(customer, 'POST', '/api/diot', { month: 3, year: 2026 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    folio = res.body.folio;
    expect(res.body).toMatchObject({ status: 0, mes: 3, anio: 2026, emisor: customer.rfc, urlAnexo: `/api/diot/${folio}/file`, urlAcuse: null, diff: null });
    expect(res.body.rows).toHaveLength(1);
    // 1,900 (PUE after discount) + 500 (half of the PPD, paid 20 March) at 16 %; 100 credit note; 500 no objeto.
    expect(res.body.rows[0]).toMatchObject({
      rfc: SUPPLIER_RFC, tipoTercero: '04', tipoOperacion: '85', stiva16: '2300.00', devoluciones16: '100.00', stnoobjeto: '500.00',
      iva16: '368.00', stotal: '2800.00', cfdis: 4,
    });
  });

  it('the file is SAT’s 2025 layout: 54 fields, catalogs, whole pesos, CRLF', async () => {
    const res = await fetch(`${server.baseUrl}/api/diot/${folio}/file`, { headers: customer.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('content-disposition')).toContain(`DIOT_${customer.rfc}_202603_${folio}.txt`);
    const text = await res.text();
    expect(text).toBe('04|85|EKU9003173C9|||||||||2400|100|||||||||368||||||||||||||||||||||||||||||500||01\r\n');
    for (const line of text.split('\r\n').filter(Boolean)) expect(checkLine(line)).toEqual([]);
  });

  it('history by year; the acuse PDF marks it filed; a non-PDF is refused', async () => {
    const bad = new FormData();
    bad.append('acuse', new Blob(['hola']), 'acuse.pdf');
    const refused = await fetch(`${server.baseUrl}/api/diot/${folio}/acuse`, { method: 'POST', headers: customer.headers, body: bad });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { errors: Record<string, string[]> }).errors.acuse).toEqual(['El acuse debe ser un archivo PDF']);

    // Issue 25 §10: a PDF that is not SAT's acuse of this DIOT (RFC, ejercicio, periodo) is refused, naming acuse.
    const upload = (pdf: Uint8Array) => {
      const form = new FormData();
      form.append('acuse', new Blob([new Uint8Array(pdf)]), 'acuse.pdf');
      return fetch(`${server.baseUrl}/api/diot/${folio}/acuse`, { method: 'POST', headers: customer.headers, body: form });
    };
    const refusals: [Uint8Array, RegExp][] = [
      [await textPdf([{ text: 'Acuse DIOT' }], 'Acuse'), /no es un acuse de recibo de la DIOT/],
      [await diotAcusePdf(customer.rfc, 2026, 3, { Declaración: 'DECLARACIÓN ANUAL DE PERSONAS FÍSICAS' }), /no es un acuse de recibo de la DIOT/],
      [await diotAcusePdf('EKU9003173C9', 2026, 3), new RegExp(`no es del RFC ${customer.rfc}`)],
      [await diotAcusePdf(customer.rfc, 2025, 3), /no es del ejercicio 2026/],
      [await diotAcusePdf(customer.rfc, 2026, 4), /no es del periodo de la DIOT \(Marzo de 2026\)/],
      [await diotAcusePdf(customer.rfc, 2026, 3, { Periodo: null }), /no es del periodo/],
    ];
    for (const [pdf, why] of refusals) {
      const res = await upload(pdf);
      expect(res.status).toBe(422);
      const body = (await res.json()) as { message: string; errors: Record<string, string[]> };
      expect(body.errors.acuse![0]).toMatch(why);
    }
    expect((await call(customer, 'GET', '/api/diot?year=2026')).body.data[0]).toMatchObject({ folio, urlAcuse: null });
    // Accents and case aside, and the period by number: SAT's acuse of this RFC and period is accepted.
    const ok = await upload(await diotAcusePdf(customer.rfc, 2026, 3, {
      Acuse: 'Acuse de Recibo', Declaración: 'Declaracion informativa de operaciones con terceros', Periodo: 'Período: 03',
    }));
    expect(ok.status).toBe(200);
    const history = await call(customer, 'GET', '/api/diot?year=2026');
    expect(history.body.data[0]).toMatchObject({ folio, status: 2, year: 2026, month: 3, urlAnexo: `/api/diot/${folio}/file`, urlAcuse: `/api/diot/${folio}/acuse`, proveedores: 1 });
    expect((await call(customer, 'GET', '/api/diot?year=2025')).body.data).toEqual([]);
    const acuse = await fetch(`${server.baseUrl}/api/diot/${folio}/acuse`, { headers: customer.headers });
    expect((await acuse.text()).startsWith('%PDF-')).toBe(true);
  });

  it('a second payment of the PPD in the month shows up as a change against the filed DIOT', async () => {
    const pago2 = await stampedReceived({ receptorRfc: customer.rfc, tipo: 'P', fecha: '2026-03-29T09:00:00', pagos: [payment('2026-03-28T12:00:00', '580.00', '580.00', 2)] });
    expect(await importFor(server.baseUrl, customer, [pago2.xml])).toMatchObject({ imported: 1 });
    const res = await call(customer, 'POST', '/api/diot', { month: 3, year: 2026 });
    expect(res.status).toBe(201);
    expect(res.body.folio).toBe(folio + 1);
    expect(res.body.diff).toMatchObject({ contraFolio: folio, contra: 'presentada' });
    expect(res.body.diff.cambios).toEqual([{
      rfc: SUPPLIER_RFC, nombre: expect.any(String), cambio: 'modificado',
      campos: expect.arrayContaining([{ campo: 'stiva16', antes: '2300.00', despues: '2800.00' }, { campo: 'iva16', antes: '368.00', despues: '448.00' }]),
    }]);
  });

  it('foreign suppliers carry tax id and country; proveedor global on request; bad input names the field', async () => {
    const res = await call(customer, 'POST', '/api/diot', {
      month: 3, year: 2026, agruparGlobal: true, operaciones: { [SUPPLIER_RFC]: '03' },
      extranjeros: [{ idFiscal: '12-3456789', nombre: 'Acme Corp', pais: 'usa', tipoOperacion: '07', importacion16: '20000' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const text = await (await fetch(`${server.baseUrl}/api/diot/${res.body.folio}/file`, { headers: customer.headers })).text();
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines[0]!.startsWith(`04|03|${SUPPLIER_RFC}|`)).toBe(true);
    expect(lines[1]!.startsWith('05|07||12-3456789|Acme Corp|USA||')).toBe(true);
    expect(lines[1]!.split('|')[13]).toBe('20000');
    // The only national supplier is 100 % of the month's payments without the import: it cannot be global (≤ 10 %).
    expect(res.body.info.join(' ')).toMatch(/Ningún proveedor cabe en el proveedor global/);

    const noId = await call(customer, 'POST', '/api/diot', { month: 3, year: 2026, extranjeros: [{ idFiscal: '', nombre: 'X', pais: 'USA', tipoOperacion: '07' }] });
    expect(noId.status).toBe(422);
    expect(Object.keys(noId.body.errors)[0]).toMatch(/extranjeros\.0\.idFiscal/);
    const badOp = await call(customer, 'POST', '/api/diot', { month: 3, year: 2026, operaciones: { [SUPPLIER_RFC]: '07' } });
    expect(badOp.status).toBe(422);
    expect(badOp.body.errors[`operaciones.${SUPPLIER_RFC}`][0]).toMatch(/no es válido para un proveedor nacional/);
    const future = await call(customer, 'POST', '/api/diot', { month: 1, year: 2099 });
    expect(future.status).toBe(422);
    expect(future.body.errors.month[0]).toMatch(/aún no empieza/);
    const empty = await call(customer, 'POST', '/api/diot', { month: 1, year: 2026 });
    expect(empty.status).toBe(201);
    expect(empty.body.rows).toEqual([]);
    expect(empty.body.info[0]).toMatch(/No hay CFDI recibidos pagados en Enero 2026/);
  });
});

describe('statements: start, list, show, pdf, settings', () => {
  let marchId = 0;

  // Deductions 1,900 + 500 (no objeto) + 500 + 500 (both PPD payments) − 100 (the received credit note, uso G02) = 3,300
  // and IVA acreditable 304 + 80 + 80 − 16 = 448 (LISR art. 25 fr. I, LIVA art. 7: a note lowers the month it arrives).
  it('612 March: no income, deductions and IVA acreditable of what was paid less the credit note, IVA saldo a favor 448 carried to April', async () => {
    const res = await call(customer, 'POST', '/api/statements/start', { month: 3, year: 2026 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    marchId = res.body.id;
    expect(res.body).toMatchObject({ rfc: customer.rfc, type: 'ISR 612 e IVA', period: 'Marzo 2026', isr_a_pagar: '0.00', iva_a_pagar: '0.00', iva_saldo_a_favor: '448.00', vacio: false });
    const isr = res.body.secciones[0];
    expect(isr.lineas.find((l: { clave: string }) => l.clave === 'deducciones_acumuladas').valor).toBe('3300.00');
    expect(res.body.documentos.map((d: { fuente: string }) => d.fuente)).toContain('deducciones');
    const april = await call(customer, 'POST', '/api/statements/start', { month: 4, year: 2026 });
    const iva = april.body.secciones[1];
    expect(iva.lineas.find((l: { clave: string }) => l.clave === 'saldo_anterior').valor).toBe('448.00');
    // April: 300 × 16 % = 48 acreditable more → saldo a favor 496.
    expect(april.body.iva_saldo_a_favor).toBe('496.00');
  });

  it('601 (art. 14): coeficiente × ingresos nominales; April uses March as pago previo, then a pago previo from outside', async () => {
    const settings = await call(issuer, 'PUT', '/api/statements/settings', { coeficiente_utilidad: '0.2000' });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    expect(settings.body).toMatchObject({ coeficiente_utilidad: '0.2000', show_make_dec_button: { show: true, reason: null } });
    // March accrued: 1,900 + 500 + 1,000 (PPD) − 100 = 3,300 × 0.20 = 660 × 30 % = 198.00.
    const march = await call(issuer, 'POST', '/api/statements/start', { month: 3, year: 2026 });
    expect(march.status, JSON.stringify(march.body)).toBe(201);
    expect(march.body).toMatchObject({ type: 'ISR 601 e IVA', isr_a_pagar: '198.00' });
    // IVA cobrado: 304 + 80 (the one payment the issuer imported) − 16 = 368.
    expect(march.body.iva_a_pagar).toBe('368.00');
    // April: 3,600 × 0.20 × 30 % = 216.00 − 198.00 = 18.00.
    const april = await call(issuer, 'POST', '/api/statements/start', { month: 4, year: 2026 });
    expect(april.body.isr_a_pagar).toBe('18.00');
    await call(issuer, 'PUT', '/api/statements/settings', { pagos_previos: [{ year: 2026, month: 3, isr: '150.00' }] });
    const again = await call(issuer, 'POST', '/api/statements/start', { month: 4, year: 2026 });
    expect(again.body.isr_a_pagar).toBe('66.00');
    expect(again.body.id).toBe(april.body.id);
  });

  it('list, show and the printable PDF', async () => {
    const list = await call(customer, 'GET', '/api/statements?page=1&perPage=10');
    expect(list.body).toMatchObject({ total: 2, current_page: 1, per_page: 10 });
    expect(list.body.data.map((s: { period: string }) => s.period)).toEqual(['Abril 2026', 'Marzo 2026']);
    const show = await call(customer, 'GET', `/api/statements/${marchId}`);
    expect(show.body.secciones).toHaveLength(2);
    const pdf = await fetch(`${server.baseUrl}/api/statements/${marchId}/pdf`, { headers: customer.headers });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(Buffer.from(bytes).subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    expect(text).toContain('Declaración Marzo 2026');
    expect(text).toContain('IVA definitivo del mes');
    expect(text).toContain('Saldo a favor (se acredita el mes siguiente): $448.00');
    expect(text).toContain('LIVA art. 6');
  });

  it('an empty month is valid and says so; a future month is refused; an unsupported régimen says ISR is not computed', async () => {
    const jan = await call(customer, 'POST', '/api/statements/start', { month: 1, year: 2026 });
    expect(jan.status).toBe(201);
    expect(jan.body).toMatchObject({ vacio: true, isr_a_pagar: '0.00', iva_a_pagar: '0.00' });
    expect(jan.body.mensaje).toMatch(/No hay CFDI .* Enero 2026/);
    const future = await call(customer, 'POST', '/api/statements/start', { month: 5, year: 2099 });
    expect(future.status).toBe(422);
    expect(future.body.errors.month[0]).toMatch(/aún no empieza/);
    const badMonth = await call(customer, 'POST', '/api/statements/start', { month: 13, year: 2026 });
    expect(badMonth.status).toBe(422);
    expect(badMonth.body.errors.month[0]).toBe('El mes debe ser un número de 1 a 12');

    const profile = await call(intruder, 'PUT', '/api/profile', {
      fullName: 'Juana Pérez Núñez', regimen: '605', cp: '06600', estado: 'CMX', municipio: '015', timeZone: 'America/Mexico_City',
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    const other = await call(intruder, 'POST', '/api/statements/start', { month: 3, year: 2026 });
    expect(other.status).toBe(201);
    expect(other.body.secciones[0]).toMatchObject({ calculado: false });
    expect(other.body.secciones[0].mensaje).toMatch(/605 aún no se calcula/);
    const s = await call(intruder, 'GET', '/api/statements/settings');
    expect(s.body.show_make_dec_button.show).toBe(false);
  });

  it('settings: defaults, partial update, validation', async () => {
    const d = await call(customer, 'GET', '/api/statements/settings');
    expect(d.body).toMatchObject({ automatic_statements: 0, show_diot: true, show_iva: true, show_isr: true, coeficiente_utilidad: '0.0000', pagos_previos: [] });
    const u = await call(customer, 'PUT', '/api/statements/settings', { automatic_statements: 1, show_diot: false });
    expect(u.body).toMatchObject({ automatic_statements: 1, show_diot: false, show_iva: true });
    const bad = await call(customer, 'PUT', '/api/statements/settings', { coeficiente_utilidad: '1.5' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.coeficiente_utilidad[0]).toMatch(/coeficiente de utilidad/);
    const dup = await call(customer, 'PUT', '/api/statements/settings', { pagos_previos: [{ year: 2026, month: 1, isr: '1' }, { year: 2026, month: 1, isr: '2' }] });
    expect(dup.status).toBe(422);
  });
});

describe('automatic mode (day-1 job)', () => {
  it('computes the previous month for accounts in automatic mode, notifies once, and never twice', async () => {
    // The settings test left the customer in automatic mode; the issuer is manual.
    const published: unknown[] = [];
    const publisher = { publish: (_e: string, m: unknown) => { published.push(m); } };
    const done = await runAutomaticStatements(server.runtime.ctx.db, publisher as never, new Date('2026-04-01T12:00:00Z'));
    expect(done).toBe(1);
    expect(published[0]).toMatchObject({ rfc: customer.rfc, code: 200, finished: true, title: 'Declaración de Marzo 2026 calculada' });
    const urgent = await call(customer, 'GET', '/api/notificaciones/urgentes');
    expect(urgent.body.data.map((n: { title: string }) => n.title)).toContain('Declaración de Marzo 2026 calculada');
    expect(await runAutomaticStatements(server.runtime.ctx.db, null, new Date('2026-04-01T18:00:00Z'))).toBe(0);
    const issuerUrgent = await call(issuer, 'GET', '/api/notificaciones/urgentes');
    expect(issuerUrgent.body.data.map((n: { title: string }) => n.title)).not.toContain('Declaración de Marzo 2026 calculada');
  });
});

describe('access', () => {
  it('a non-premium account gets 403 with the locked-feature message on every endpoint', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/statements'], ['POST', '/api/statements/start', { month: 3, year: 2026 }], ['GET', '/api/statements/settings'],
      ['PUT', '/api/statements/settings', {}], ['GET', '/api/statements/1'], ['GET', '/api/statements/1/pdf'], ['POST', '/api/diot', { month: 3, year: 2026 }],
      ['GET', '/api/diot'], ['GET', '/api/diot/1'], ['GET', '/api/diot/1/file'], ['GET', '/api/diot/1/acuse'],
    ] as const) {
      const res = await call(free, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.message).toBe('Actualiza a premium para desbloquear esta funcionalidad');
    }
  });

  it('tenant isolation: another account never reaches the owner’s statements or DIOTs', async () => {
    const list = await call(customer, 'GET', '/api/statements');
    const id = list.body.data[0].id;
    const history = await call(customer, 'GET', '/api/diot');
    const folio = history.body.data[0].folio;
    await expectIsolated(server.baseUrl, customer, intruder, [
      { method: 'GET', path: `/api/statements/${id}` },
      { method: 'GET', path: `/api/statements/${id}/pdf` },
      { method: 'GET', path: `/api/diot/${folio}` },
      { method: 'GET', path: `/api/diot/${folio}/file` },
      { method: 'GET', path: '/api/diot/1/acuse' },
    ], async () => {
      expect((await call(customer, 'GET', `/api/diot/${folio}`)).status).toBe(200);
    });
    const form = new FormData();
    form.append('acuse', new Blob([new Uint8Array(await textPdf([{ text: 'x' }], 'x'))]), 'a.pdf');
    const upload = await fetch(`${server.baseUrl}/api/diot/1/acuse`, { method: 'POST', headers: intruder.headers, body: form });
    expect(upload.status).toBe(404);
    const theirs = await call(intruder, 'GET', '/api/diot');
    expect(theirs.body.data).toEqual([]);
    const theirList = await call(intruder, 'GET', '/api/statements');
    expect(theirList.body.data.every((s: { rfc: string }) => s.rfc === intruder.rfc)).toBe(true);
    const settings = await call(intruder, 'GET', '/api/statements/settings');
    expect(settings.body.automatic_statements).toBe(0);
  });
});
