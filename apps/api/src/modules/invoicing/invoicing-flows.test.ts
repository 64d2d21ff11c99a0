import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PacError } from '@facturo/cfdi';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { expectIsolated } from '../../../test/isolation';
import { stampBalances } from '../cfdis/cfdis.schema';
import { api, createCustomer, invoiceBody, invoicingAccount } from './invoicing-test-kit';
import { invoicingProviders } from './providers';
import { stampInvoice } from './invoice.service';

let server: TestServer;
let owner: TestAccount;
let intruder: TestAccount;
let customer: { id: number; rfc: string };
let stamped: { uuid: string; folio: string };
beforeAll(async () => {
  server = await startTestServer();
  // Premium: sending invoices by e-mail is plan feature 59 (the free plan's refusal: test/security/plan-features.test.ts).
  owner = await invoicingAccount(server.baseUrl, true, 11);
  intruder = await createAccount(server.baseUrl, { rol: 11 });
  customer = await createCustomer(server.baseUrl, owner);
  const res = await api(server.baseUrl, owner, 'POST', '/api/invoice40', invoiceBody(customer.id));
  expect(res.status, JSON.stringify(res.data)).toBe(201);
  stamped = res.data;
}, 120_000);
afterAll(() => server?.close());

const get = (path: string, account = owner) => api(server.baseUrl, account, 'GET', path);
const post = (path: string, body: unknown, account = owner) => api(server.baseUrl, account, 'POST', path, body);
const balance = async (account = owner) => (await get('/api/timbres', account)).data.balance as number;

describe('preview', () => {
  it('answers the PDF of the unsigned document marked as a preview, and stamps nothing', async () => {
    const before = await balance();
    const res = await post('/api/preview40', invoiceBody(customer.id));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/pdf');
    expect((res.data as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await balance()).toBe(before);
  });
  it('refuses the same bad input as the stamp', async () => {
    const res = await post('/api/preview40', invoiceBody(customer.id, { metodoPago: 'PPD' }));
    expect(res.status).toBe(422);
    expect(res.data.errors.formaPago[0]).toMatch(/CFDI40105/);
  });
});

describe('stamping refusals leave nothing behind', () => {
  it('no CSD on file: 422 on csd saying what to do, no stamp taken', async () => {
    const bare = await createAccount(server.baseUrl);
    const theirs = await createCustomer(server.baseUrl, bare);
    const res = await post('/api/invoice40', invoiceBody(theirs.id), bare);
    expect(res.status).toBe(422);
    expect(res.data.errors.csd[0]).toMatch(/súbelo en Perfil/);
    expect(await balance(bare)).toBe(10);
  });
  it('an expired or revoked CSD: 422 on csd saying what to do, no stamp taken', async () => {
    const db = server.runtime.ctx.db;
    const [me] = await db.execute<{ id: number }>(sql`SELECT id FROM users WHERE rfc = ${owner.rfc}`).then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    const [cred] = (await db.execute(sql`SELECT id, valid_to FROM fiscal_credentials WHERE user_id = ${me!.id} AND kind = 'csd' ORDER BY id DESC LIMIT 1`) as unknown as { rows: { id: number; valid_to: Date }[] }).rows;
    const before = await balance();
    await db.execute(sql`UPDATE fiscal_credentials SET valid_to = '2024-01-31T00:00:00Z' WHERE id = ${cred!.id}`);
    const expired = await post('/api/invoice40', invoiceBody(customer.id));
    expect(expired.status).toBe(422);
    expect(expired.data.errors.csd[0]).toMatch(/Tu CSD venció el 2024-01-31; tramita uno nuevo/);
    await db.execute(sql`UPDATE fiscal_credentials SET valid_to = ${cred!.valid_to}, status = 'revoked' WHERE id = ${cred!.id}`);
    const revoked = await post('/api/invoice40', invoiceBody(customer.id));
    expect(revoked.status).toBe(422);
    expect(revoked.data.errors.csd[0]).toMatch(/revocado/);
    await db.execute(sql`UPDATE fiscal_credentials SET status = 'valid' WHERE id = ${cred!.id}`);
    expect(await balance()).toBe(before);
  });
  it('no stamps left: 409 with a message to buy a package; no folio consumed', async () => {
    const db = server.runtime.ctx.db;
    const [me] = await db.execute<{ id: number }>(sql`SELECT id FROM users WHERE rfc = ${owner.rfc}`).then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    const saved = await balance();
    await db.update(stampBalances).set({ balance: 0 }).where(eq(stampBalances.userId, me!.id));
    const nextBefore = (await get('/api/invoicing/next-folio?serie=A')).data.folio;
    const res = await post('/api/invoice40', invoiceBody(customer.id));
    expect(res.status).toBe(409);
    expect(res.data.message).toMatch(/compra un paquete de timbres/);
    expect((await get('/api/invoicing/next-folio?serie=A')).data.folio).toBe(nextBefore);
    await db.update(stampBalances).set({ balance: saved }).where(eq(stampBalances.userId, me!.id));
  });
  it('a PAC refusal: Spanish 422, the folio recorded as no timbrado with the reason, the stamp returned, no document stored', async () => {
    const deps = invoicingProviders(server.runtime.ctx);
    const refusing = { ...deps, pac: { ...deps.pac, stamp: async () => { throw new PacError('rejected', [{ code: '305', message: 'La fecha de emisión no está dentro de la vigencia del CSD del emisor' }]); } } };
    const db = server.runtime.ctx.db;
    const [me] = await db.execute<{ id: number }>(sql`SELECT id FROM users WHERE rfc = ${owner.rfc}`).then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    const before = { balance: await balance(), folio: (await get('/api/invoicing/next-folio?serie=A')).data.folio };
    const count = async () => (await db.execute(sql`SELECT count(*)::int AS n FROM cfdis WHERE user_id = ${me!.id}`) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const docs = await count();
    const body = (await import('@facturo/contract')).invoiceBodySchema.parse(invoiceBody(customer.id));
    await expect(stampInvoice(refusing, { id: me!.id, rfc: owner.rfc }, body, '4.0')).rejects.toMatchObject({
      status: 422, message: expect.stringMatching(/El PAC rechazó el comprobante: 305/),
    });
    expect(await balance()).toBe(before.balance);
    // Decision 282: the folio was taken before the PAC answered; it stays taken and explained.
    expect((await get('/api/invoicing/next-folio?serie=A')).data.folio).toBe(before.folio + 1);
    const history = await get('/api/invoicing/folios?serie=A&estado=no%20timbrado');
    expect(history.data.items).toEqual([expect.objectContaining({ folio: String(before.folio), estado: 'no timbrado', uuid: null, motivo: expect.stringMatching(/^305: La fecha de emisión/) })]);
    expect(await count()).toBe(docs);
  });
});

describe('documents, templates and e-mail', () => {
  it('GET xml is the stamped document byte for byte; pdf is a PDF', async () => {
    const xml = await get(`/api/incomes/${stamped.uuid}/xml`);
    expect(xml.status).toBe(200);
    expect((xml.data as Buffer).toString()).toContain(`UUID="${stamped.uuid}"`);
    const again = await get(`/api/incomes/${stamped.uuid.toLowerCase()}/xml`);
    expect(Buffer.compare(again.data as Buffer, xml.data as Buffer)).toBe(0);
  });
  it('lists the templates, keeps the chosen one and refuses an unknown one', async () => {
    const list = await get('/api/pdf-templates');
    expect(list.data.data.map((t: { templateId: string }) => t.templateId)).toEqual(['clasico', 'moderno']);
    expect((await get('/api/user-template')).data.pdfTemplateId).toBe('clasico');
    const set = await post('/api/user-template', { pdfTemplateId: 'moderno' });
    expect(set.status).toBe(200);
    expect(set.data.pdfTemplateId).toBe('moderno');
    expect((await get('/api/user-template')).data.pdfTemplateId).toBe('moderno');
    const bad = await post('/api/user-template', { pdfTemplateId: 'barroco' });
    expect(bad.status).toBe(422);
    expect(bad.data.errors.pdfTemplateId[0]).toMatch(/no existe/);
  });
  it('gives the customer e-mail and sends XML + PDF as attachments through the outbox', async () => {
    const email = await get(`/api/incomes/client-email?pIdPago=${stamped.uuid}`);
    expect(email.data).toEqual({ email: ['maria@ejemplo.mx'], cliente: 'MARÍA LÓPEZ GARCÍA' });
    const sent = await post('/api/incomes/send-email', { pEmail: 'maria@ejemplo.mx', pXml: true, pPdf: true, pIdPago: stamped.uuid });
    expect(sent.data).toEqual({ msj: 'Se enviaron las facturas a maria@ejemplo.mx', rspns: true });
    const db = server.runtime.ctx.db;
    const rows = (await db.execute(sql`SELECT subject, attachments FROM outbox WHERE "to" = 'maria@ejemplo.mx' ORDER BY id DESC LIMIT 1`) as unknown as {
      rows: { subject: string; attachments: { filename: string; contentType: string; size: number; content: string }[] }[];
    }).rows;
    expect(rows[0]!.subject).toMatch(/^Factura A-1 de /);
    const files = rows[0]!.attachments;
    expect(files.map((f) => f.contentType)).toEqual(['application/xml', 'application/pdf']);
    expect(files[0]!.filename).toBe(`EKU9003173C9_A-1_${stamped.uuid}.xml`);
    expect(Buffer.from(files[0]!.content, 'base64').toString()).toContain(stamped.uuid);
    expect(Buffer.from(files[1]!.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('cancellation', () => {
  it('lists SAT motivos 01-04', async () => {
    const res = await get('/api/incomes/cancel-options');
    expect(res.data.data.map((o: { value: string }) => o.value)).toEqual(['01', '02', '03', '04']);
  });
  it('motivo 01 needs the substituting UUID, which must be the tenant\'s', async () => {
    const res = await post('/api/incomes/cancel', { pIdPago: stamped.uuid, type: 'ingreso', option: '01' });
    expect(res.status).toBe(422);
    expect(res.data.errors.uuidSustitucion[0]).toMatch(/motivo 01/);
    const foreign = await post('/api/incomes/cancel', { pIdPago: stamped.uuid, option: '01', uuidSustitucion: '11111111-2222-3333-4444-555555555555' });
    expect(foreign.status).toBe(422);
    expect(foreign.data.errors.uuidSustitucion[0]).toMatch(/vigente emitida por ti/);
  });
  it('substitution candidates are the month\'s vigente invoices of the tenant; another RFC is 403', async () => {
    const fecha = (await get(`/api/incomes/${stamped.uuid}/xml`)).data.toString().match(/Fecha="(\d{4})-(\d{2})/);
    const [, year, month] = fecha!;
    const res = await get(`/api/invoicing/substitution/${owner.rfc}/${Number(month)}/${year}`);
    expect(res.status).toBe(200);
    expect(res.data.data.map((d: { uuid: string }) => d.uuid)).toContain(stamped.uuid);
    expect((await get(`/api/invoicing/substitution/${owner.rfc}/${Number(month)}/${year}`, intruder)).status).toBe(403);
  });
  it('cancels with motivo 02: SAT state kept, then a second cancel is 409', async () => {
    const res = await post('/api/incomes/cancel', { pIdPago: stamped.uuid, type: 'ingreso', option: '02' });
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    expect(res.data).toMatchObject({ rspns: true, uuid: stamped.uuid, estado: 'cancelada' });
    const again = await post('/api/incomes/cancel', { pIdPago: stamped.uuid, option: '02' });
    expect(again.status).toBe(409);
    expect(again.data.message).toMatch(/ya está cancelada/);
  });
});

describe('stamps, catalogs and exchange rate', () => {
  it('buys a package through the payments provider (a card is required) and refuses an unknown package', async () => {
    const before = await balance();
    const res = await post('/api/timbres', { paquete: '10', paymentMethod: 'pm_card_visa' });
    expect(res.status).toBe(201);
    expect(res.data.balance).toBe(before + 10);
    expect(res.data.paymentId).toMatch(/^pi_/);
    const noCard = await post('/api/timbres', { paquete: '10' });
    expect(noCard.status).toBe(422);
    expect(Object.keys(noCard.data.errors)).toEqual(['paymentMethod']);
    expect(await balance()).toBe(before + 10);
    expect((await post('/api/timbres', { paquete: '7', paymentMethod: 'pm_card_visa' })).status).toBe(422);
  });
  it('serves the form catalogs, address by CP, regime detail and exchange rate', async () => {
    const cat = await get('/api/invoicing/catalogs');
    expect(cat.data.formasPago.some((f: { clave: string }) => f.clave === '99')).toBe(true);
    expect(cat.data.monedas.find((m: { clave: string }) => m.clave === 'USD').decimales).toBe(2);
    // Folio 1 stamped, folio 2 taken by the refused stamp above (no timbrado, decision 282).
    expect(cat.data.series).toEqual(expect.arrayContaining([{ serie: 'A', nextFolio: 3 }]));
    expect((await get('/api/invoicing/address/06600')).data.estado.clave).toBe('CMX');
    expect((await get('/api/invoicing/address/00000')).status).toBe(404);
    const regime = await get('/api/invoicing/regime/612');
    expect(regime.data.usos.map((u: { clave: string }) => u.clave)).toContain('G03');
    expect((await get('/api/invoicing/regime/999')).status).toBe(404);
    const rate = await get('/api/invoicing/exchange-rate?moneda=USD&fecha=2026-01-15');
    expect(rate.data).toEqual({ moneda: 'USD', fecha: '2026-01-15', tipoCambio: '17.500000', fuente: 'manual' });
    expect((await get('/api/invoicing/exchange-rate?moneda=XYZ')).status).toBe(404);
  });
  it('customers and products catalogues are the tenant\'s only', async () => {
    const mine = await post('/api/invoicing/customers', { search: 'lópez' });
    expect(mine.data.data.map((c: { id: number }) => c.id)).toContain(customer.id);
    const theirs = await post('/api/invoicing/customers', {}, intruder);
    expect(theirs.data.data).toEqual([]);
    expect((await get('/api/invoicing/products')).data.data).toEqual([]);
  });
});

describe('tenant isolation', () => {
  it('another account gets 404 for the owner\'s invoice on every endpoint and changes nothing', async () => {
    const u = stamped.uuid;
    await expectIsolated(server.baseUrl, owner, intruder, [
      { method: 'GET', path: `/api/incomes/${u}/xml` },
      { method: 'GET', path: `/api/incomes/${u}/pdf` },
      { method: 'GET', path: `/api/incomes/client-email?pIdPago=${u}` },
      { method: 'POST', path: '/api/incomes/send-email', body: { pEmail: 'x@ejemplo.mx', pXml: true, pPdf: true, pIdPago: u } },
      { method: 'POST', path: '/api/incomes/cancel', body: { pIdPago: u, option: '02' } },
      { method: 'POST', path: '/api/invoice40', body: invoiceBody(customer.id) },
      { method: 'POST', path: '/api/preview40', body: invoiceBody(customer.id) },
    ], async () => {
      expect((await get(`/api/incomes/${u}/xml`)).status).toBe(200);
    });
  });
});
