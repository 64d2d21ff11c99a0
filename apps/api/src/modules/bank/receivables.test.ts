import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';
import { stampedReceived } from '../../../test/received-cfdis';
import { writeZip } from '../cfdi-import/zip-writer';
import { sendDueReminders } from './receivables-reminders.job';
import { sendPayablesNotices, sendPreDueNotices } from './upcoming-reminders.service';

// Importing stamped CFDI and drawing PDFs is slow on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

let server: TestServer;
let owner: TestAccount;
let intruder: TestAccount;
let customer: string;
const EMAIL = 'cobranza-cliente@ejemplo.mx';

async function importXmls(account: TestAccount, xmls: string[]) {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(writeZip(xmls.map((data, i) => ({ name: `${i}.xml`, data }))))]), 'facturas.zip');
  const res = await fetch(`${server.baseUrl}/api/cfdi/import`, { method: 'POST', headers: account.headers, body: form });
  const { id } = (await res.json()) as { id: string };
  for (let i = 0; i < 300; i++) {
    const s = await callApi(server.baseUrl, account.headers, 'GET', `/api/cfdi/import/${id}`);
    if (s.body.status === 'done') return s.body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('import did not finish');
}

const mails = async (to: string) => ((await server.runtime.ctx.db.execute(
  sql`SELECT subject, text, attachments FROM outbox WHERE "to" = ${to} ORDER BY id`,
)) as unknown as { rows: { subject: string; text: string; attachments: { filename: string; contentType: string; content: string }[] }[] }).rows;

beforeAll(async () => {
  server = await startTestServer();
  owner = await createAccount(server.baseUrl, { rfc: 'EKU9003173C9', persona: 'moral' });
  intruder = await createAccount(server.baseUrl);
  customer = intruder.rfc;
  const docs = await Promise.all([
    stampedReceived({ receptorRfc: customer, fecha: '2026-03-16T10:00:00', valor: '1000', metodoPago: 'PPD', formaPago: '99' }),
    stampedReceived({ receptorRfc: customer, fecha: '2026-06-20T11:00:00', valor: '500', metodoPago: 'PPD', formaPago: '99' }),
  ]);
  const state = await importXmls(owner, docs.map((d) => d.xml));
  expect(state.imported).toBe(2);
}, 240_000);
afterAll(async () => server?.close());

describe('receivables: the customer account statement', () => {
  it('lists the open invoices with their due date from the credit term and the days overdue', async () => {
    const res = await callApi(server.baseUrl, owner.headers, 'GET', `/api/bancos/cobranza/${customer}?fecha=2026-06-30`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.configuracion).toMatchObject({ diasCredito: 30, recordatorios: false });
    // 2026-03-16 + 30 = 2026-04-15 → 76 days overdue on 2026-06-30; the June invoice is not due yet.
    expect(res.body.facturas.map((f: any) => [f.fecha, f.vence, f.diasVencido, f.saldo])).toEqual([
      ['2026-03-16', '2026-04-15', 76, '1160.00'],
      ['2026-06-20', '2026-07-20', 0, '580.00'],
    ]);
    expect(res.body).toMatchObject({ saldo: '1740.00', vencido: '1160.00' });
  });

  it('the credit-term setting moves the due dates (statement and aging); reminders need an address (422 naming email)', async () => {
    const noMail = await callApi(server.baseUrl, owner.headers, 'PUT', `/api/bancos/cobranza/${customer}/recordatorios`, { diasCredito: 15, recordatorios: true, diasDespues: 3, intervalo: 7 });
    expect(noMail.status).toBe(422);
    expect(noMail.body.errors?.email ?? noMail.body.fields?.email ?? JSON.stringify(noMail.body)).toBeTruthy();
    expect(JSON.stringify(noMail.body)).toContain('correo del cliente');
    const ok = await callApi(server.baseUrl, owner.headers, 'PUT', `/api/bancos/cobranza/${customer}/recordatorios`, { diasCredito: 15, recordatorios: true, diasDespues: 3, intervalo: 7, email: EMAIL });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ diasCredito: 15, recordatorios: true, email: EMAIL });
    const res = await callApi(server.baseUrl, owner.headers, 'GET', `/api/bancos/cobranza/${customer}?fecha=2026-06-30`);
    expect(res.body.facturas.map((f: any) => [f.vence, f.diasVencido])).toEqual([['2026-03-31', 91], ['2026-07-05', 0]]);
    const aged = await callApi(server.baseUrl, owner.headers, 'GET', '/api/bancos/antiguedad?tipo=clientes&dias=30&fecha=2026-06-30');
    expect(aged.body.data).toEqual([expect.objectContaining({ rfc: customer, mas90: '1160.00', corriente: '580.00' })]);
  });

  it('serves the statement as a PDF and e-mails it with the PDF attached, logged', async () => {
    const pdf = await fetch(`${server.baseUrl}/api/bancos/cobranza/${customer}/pdf`, { headers: owner.headers });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    const sent = await callApi(server.baseUrl, owner.headers, 'POST', `/api/bancos/cobranza/${customer}/enviar`, { email: 'tesoreria@ejemplo.mx' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.mensaje).toContain('tesoreria@ejemplo.mx');
    const [mail] = await mails('tesoreria@ejemplo.mx');
    expect(mail!.subject).toContain('Estado de cuenta');
    expect(mail!.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    expect(Buffer.from(mail!.attachments[0]!.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const log = await callApi(server.baseUrl, owner.headers, 'GET', '/api/bancos/recordatorios');
    expect(log.body.data).toEqual([expect.objectContaining({ rfc: customer, tipo: 'estado_cuenta', email: 'tesoreria@ejemplo.mx', saldo: '1740.00', facturas: 2 })]);
  });

  it('another account sees neither the statement, the PDF nor the log, and cannot send it', async () => {
    expect((await callApi(server.baseUrl, intruder.headers, 'GET', `/api/bancos/cobranza/${customer}`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/api/bancos/cobranza/${customer}/pdf`, { headers: intruder.headers })).status).toBe(404);
    expect((await callApi(server.baseUrl, intruder.headers, 'POST', `/api/bancos/cobranza/${customer}/enviar`, { email: 'ladron@ejemplo.mx' })).status).toBe(404);
    expect((await callApi(server.baseUrl, intruder.headers, 'GET', '/api/bancos/recordatorios')).body.data).toEqual([]);
    expect(await mails('ladron@ejemplo.mx')).toEqual([]);
  });
});

describe('receivables: the daily reminder job', () => {
  const at = (day: string) => new Date(`${day}T16:00:00Z`);
  it('e-mails an overdue customer once per interval, however often it runs; the log shows it', async () => {
    const { db, mailer } = server.runtime.ctx;
    // Another account with reminders on for the same customer RFC but no invoices: nothing is sent for it.
    await callApi(server.baseUrl, intruder.headers, 'PUT', `/api/bancos/cobranza/${customer}/recordatorios`, { diasCredito: 0, recordatorios: true, diasDespues: 0, intervalo: 1, email: 'otro@ejemplo.mx' });
    expect(await sendDueReminders(db, mailer, at('2026-06-30'))).toEqual({ enviados: 1, errores: 0 });
    expect(await sendDueReminders(db, mailer, at('2026-06-30'))).toMatchObject({ enviados: 0 });
    expect(await sendDueReminders(db, mailer, at('2026-07-03'))).toMatchObject({ enviados: 0 });
    let sent = await mails(EMAIL);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Recordatorio de pago: saldo vencido de 1160.00 con ESCUELA KEMPER URGATE');
    expect(sent[0]!.text).toContain('venció el 2026-03-31 (91 días)');
    expect(sent[0]!.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    // The interval (7 days) is over: the next one goes.
    expect(await sendDueReminders(db, mailer, at('2026-07-07'))).toMatchObject({ enviados: 1 });
    sent = await mails(EMAIL);
    expect(sent).toHaveLength(2);
    expect(await mails('otro@ejemplo.mx')).toEqual([]);
    const log = await callApi(server.baseUrl, owner.headers, 'GET', `/api/bancos/cobranza/${customer}?fecha=2026-07-07`);
    expect(log.body.recordatorios.filter((r: any) => r.tipo === 'recordatorio')).toHaveLength(2);
    expect((await callApi(server.baseUrl, intruder.headers, 'GET', '/api/bancos/recordatorios')).body.data).toEqual([]);
  });

  it('reminders off: nothing is sent', async () => {
    const { db, mailer } = server.runtime.ctx;
    await callApi(server.baseUrl, owner.headers, 'PUT', `/api/bancos/cobranza/${customer}/recordatorios`, { diasCredito: 15, recordatorios: false, diasDespues: 3, intervalo: 7, email: EMAIL });
    expect(await sendDueReminders(db, mailer, at('2026-08-30'))).toMatchObject({ enviados: 0 });
    expect(await mails(EMAIL)).toHaveLength(2);
  });
});

describe('notices before the due date (decision 317)', () => {
  const at = (day: string) => new Date(`${day}T16:00:00Z`);
  it('a customer with the notice on gets one e-mail when an invoice is N days from its due date, once', async () => {
    const { db, mailer } = server.runtime.ctx;
    const res = await callApi(server.baseUrl, owner.headers, 'PUT', `/api/bancos/cobranza/${customer}/recordatorios`,
      { diasCredito: 15, recordatorios: false, diasDespues: 3, intervalo: 7, email: EMAIL, recordarAntes: true, diasAntes: 3 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ recordarAntes: true, diasAntes: 3 });
    const before = (await mails(EMAIL)).length;
    // The June invoice (2026-06-20 + 15) is due 2026-07-05: 4 days before, nothing; 3 days before, the notice.
    expect(await sendPreDueNotices(db, mailer, at('2026-07-01'))).toMatchObject({ enviados: 0 });
    expect(await sendPreDueNotices(db, mailer, at('2026-07-02'))).toEqual({ enviados: 1, errores: 0 });
    expect(await sendPreDueNotices(db, mailer, at('2026-07-02'))).toMatchObject({ enviados: 0 });
    expect(await sendPreDueNotices(db, mailer, at('2026-07-04'))).toMatchObject({ enviados: 0 });
    const sent = (await mails(EMAIL)).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Aviso: una factura vence pronto con ESCUELA KEMPER URGATE');
    expect(sent[0]!.text).toContain('vence el 2026-07-05: saldo 580.00 MXN');
    expect(sent[0]!.text).not.toContain('2026-03-16');
    const log = (await callApi(server.baseUrl, owner.headers, 'GET', '/api/bancos/recordatorios')).body.data;
    expect(log.filter((r: { tipo: string }) => r.tipo === 'aviso_previo')).toHaveLength(1);
  });

  it('payables: the account is told of supplier CFDI coming due, once per new due date', async () => {
    const { db, mailer } = server.runtime.ctx;
    const supplierDoc = await stampedReceived({ receptorRfc: customer, fecha: '2026-06-20T11:00:00', valor: '200', metodoPago: 'PPD', formaPago: '99' });
    expect((await importXmls(intruder, [supplierDoc.xml])).imported).toBe(1);
    expect((await callApi(server.baseUrl, intruder.headers, 'GET', '/api/bancos/cuentas-por-pagar/recordatorios')).body).toMatchObject({ activo: false, diasAntes: 5 });
    const saved = await callApi(server.baseUrl, intruder.headers, 'PUT', '/api/bancos/cuentas-por-pagar/recordatorios', { activo: true, diasAntes: 5, diasCredito: 30, email: 'pagos@ejemplo.mx' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const bad = await callApi(server.baseUrl, intruder.headers, 'PUT', '/api/bancos/cuentas-por-pagar/recordatorios', { activo: true, diasAntes: 0, diasCredito: 30 });
    expect(bad.status).toBe(422);
    expect(await sendPayablesNotices(db, mailer, at('2026-07-14'))).toMatchObject({ enviados: 0 });
    expect(await sendPayablesNotices(db, mailer, at('2026-07-15'))).toEqual({ enviados: 1, errores: 0 });
    expect(await sendPayablesNotices(db, mailer, at('2026-07-16'))).toMatchObject({ enviados: 0 });
    const sent = await mails('pagos@ejemplo.mx');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Cuentas por pagar: 1 CFDI de proveedor vence pronto');
    expect(sent[0]!.text).toContain('vence el 2026-07-20: saldo 232.00 MXN');
    const log = (await callApi(server.baseUrl, intruder.headers, 'GET', '/api/bancos/recordatorios')).body.data;
    expect(log).toEqual([expect.objectContaining({ tipo: 'cuentas_pagar', rfc: intruder.rfc, facturas: 1, saldo: '232.00' })]);
    // The owner's payables notice is off: nothing of its own.
    expect((await callApi(server.baseUrl, owner.headers, 'GET', '/api/bancos/recordatorios')).body.data.some((r: { tipo: string }) => r.tipo === 'cuentas_pagar')).toBe(false);
  });
});
