import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';
import { stampedReceived, SUPPLIER_RFC } from '../../../test/received-cfdis';
import { writeZip } from '../cfdi-import/zip-writer';

// Issue 25 item 5: the incomes e-mail and cancel-options calls over received documents (spec §7.6 "the same
// pattern as incomes"): the supplier's e-mail, forwarding the received XML + PDF, the SAT motivos.

let server: TestServer;
let owner: TestAccount;
let intruder: TestAccount;
let doc: { xml: string; uuid: string };

const get = (path: string, account = owner) => callApi(server.baseUrl, account.headers, 'GET', path);
const post = (path: string, body: unknown, account = owner) => callApi(server.baseUrl, account.headers, 'POST', path, body);

beforeAll(async () => {
  server = await startTestServer();
  owner = await createAccount(server.baseUrl, { rol: 11 });
  intruder = await createAccount(server.baseUrl, { rol: 11 });
  doc = await stampedReceived({ receptorRfc: owner.rfc, fecha: '2026-04-08T10:00:00', valor: '2500' });
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(writeZip([{ name: 'abril.xml', data: doc.xml }]))]), 'abril.zip');
  const { id } = (await (await fetch(`${server.baseUrl}/api/cfdi/import`, { method: 'POST', headers: owner.headers, body: form })).json()) as { id: string };
  let state: { status: string; imported: number } = { status: 'pending', imported: 0 };
  for (let i = 0; i < 300 && state.status !== 'done' && state.status !== 'failed'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    state = (await get(`/api/cfdi/import/${id}`)).body;
  }
  expect(state).toMatchObject({ status: 'done', imported: 1 });
}, 240_000);
afterAll(async () => server?.close());

describe('outcomes e-mail and cancel options (§7.6)', () => {
  it('client-email: the supplier\'s name from the XML, then its addresses once it is in the catalogue', async () => {
    const before = await get(`/api/outcomes/client-email?pIdPago=${doc.uuid.toLowerCase()}`);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body).toEqual({ email: [], cliente: 'ESCUELA KEMPER URGATE' });

    const created = await post('/api/clients', {
      rfc: SUPPLIER_RFC, r_social: 'ESCUELA KEMPER URGATE', email: ['cobranza@kemper.mx', 'conta@kemper.mx'], regimen: '601', uso_cfdi: 'G03',
      domicilio: { cp: '42501' }, state: null, municipality: null,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const after = await get(`/api/outcomes/client-email?pIdPago=${doc.uuid}`);
    expect(after.body).toEqual({ email: ['cobranza@kemper.mx', 'conta@kemper.mx'], cliente: 'ESCUELA KEMPER URGATE' });
  });

  it('send-email: forwards the received XML byte for byte and its PDF; only the XML when asked', async () => {
    const sent = await post('/api/outcomes/send-email', { pEmail: 'contador@ejemplo.mx', pXml: true, pPdf: true, pIdPago: doc.uuid });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toEqual({ msj: 'Se envió la factura a contador@ejemplo.mx', rspns: true });
    const outbox = async () => (await server.runtime.ctx.db.execute(
      sql`SELECT subject, text, attachments FROM outbox WHERE "to" = 'contador@ejemplo.mx' ORDER BY id DESC LIMIT 1`,
    ) as unknown as { rows: { subject: string; text: string; attachments: { filename: string; contentType: string; content: string }[] }[] }).rows[0]!;
    const mail = await outbox();
    expect(mail.subject).toBe('Factura de ESCUELA KEMPER URGATE');
    expect(mail.text).toContain(`(UUID ${doc.uuid}) que ESCUELA KEMPER URGATE emitió`);
    expect(mail.text).toContain('por 2900.00 MXN');
    expect(mail.attachments.map((f) => f.contentType)).toEqual(['application/xml', 'application/pdf']);
    expect(mail.attachments[0]!.filename).toBe(`${SUPPLIER_RFC}_${doc.uuid}.xml`);
    expect(Buffer.from(mail.attachments[0]!.content, 'base64').toString()).toBe(doc.xml);
    expect(Buffer.from(mail.attachments[1]!.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    await post('/api/outcomes/send-email', { pEmail: 'contador@ejemplo.mx', pXml: true, pPdf: false, pIdPago: doc.uuid });
    expect((await outbox()).attachments.map((f) => f.contentType)).toEqual(['application/xml']);
    const none = await post('/api/outcomes/send-email', { pEmail: 'contador@ejemplo.mx', pXml: false, pPdf: false, pIdPago: doc.uuid });
    expect(none.body).toEqual({ msj: 'Elige al menos un archivo (XML o PDF) para enviar', rspns: false });
  });

  it('send-email refuses a bad address naming the field; an unknown or issued UUID is 404', async () => {
    const bad = await post('/api/outcomes/send-email', { pEmail: 'no-es-correo', pIdPago: doc.uuid });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.pEmail[0]).toBe('Escribe un correo electrónico válido');
    const unknown = await post('/api/outcomes/send-email', { pEmail: 'a@ejemplo.mx', pIdPago: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No encontramos ese gasto');
  });

  it('cancel-options: SAT motivos 01-04, as in incomes', async () => {
    const res = await get('/api/outcomes/cancel-options');
    expect(res.status).toBe(200);
    expect(res.body).toEqual((await get('/api/incomes/cancel-options')).body);
    expect(res.body.data.map((o: { value: string }) => o.value)).toEqual(['01', '02', '03', '04']);
    expect(res.body.data[0].text).toBe('01 - Comprobante emitido con errores con relación');
  });

  it('another account never reads the supplier\'s e-mail nor forwards the document', async () => {
    const peek = await get(`/api/outcomes/client-email?pIdPago=${doc.uuid}`, intruder);
    expect(peek.status).toBe(404);
    const forward = await post('/api/outcomes/send-email', { pEmail: 'ladron@ejemplo.mx', pIdPago: doc.uuid }, intruder);
    expect(forward.status).toBe(404);
    const stolen = await server.runtime.ctx.db.execute(sql`SELECT count(*)::int AS n FROM outbox WHERE "to" = 'ladron@ejemplo.mx'`) as unknown as { rows: { n: number }[] };
    expect(stolen.rows[0]!.n).toBe(0);
  });
});
