import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cadenaOriginal, parseXml, verifyCfdi } from '@facturo/cfdi';
import { createVerify, X509Certificate } from 'node:crypto';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { api, createCustomer, invoiceBody, invoicingAccount } from './invoicing-test-kit';
import { independentCadena } from './independent-cadena';

let server: TestServer;
let owner: TestAccount;
let customer: { id: number; rfc: string };
beforeAll(async () => {
  server = await startTestServer();
  owner = await invoicingAccount(server.baseUrl);
  customer = await createCustomer(server.baseUrl, owner);
}, 120_000);
afterAll(() => server?.close());

const balance = async (account = owner) => (await api<{ balance: number }>(server.baseUrl, account, 'GET', '/api/timbres')).data.balance;

describe('POST /api/invoice40: seal and stamp', () => {
  it('stamps a 3-concept invoice with IVA and a discount: 201, folio 1 of serie A, one stamp taken, XML verified', async () => {
    const before = await balance();
    expect(before).toBe(10);
    const res = await api(server.baseUrl, owner, 'POST', '/api/invoice40', invoiceBody(customer.id, { observaciones: 'Pago en una exhibición' }));
    expect(res.status, JSON.stringify(res.data)).toBe(201);
    expect(res.data).toMatchObject({ serie: 'A', folio: '1', total: '4698.55', fixes: [] });
    expect(res.data.uuid).toMatch(/^[0-9A-F-]{36}$/);
    expect(res.data.xmlUrl).toBe(`/api/incomes/${res.data.uuid}/xml`);
    expect(await balance()).toBe(before - 1);

    const xmlRes = await fetch(`${server.baseUrl}${res.data.xmlUrl}`, { headers: owner.headers });
    expect(xmlRes.status).toBe(200);
    expect(xmlRes.headers.get('content-type')).toContain('application/xml');
    const xml = await xmlRes.text();
    const verification = verifyCfdi(xml);
    expect(verification.checks.filter((c) => c.status === 'fail'), JSON.stringify(verification.checks)).toEqual([]);
    const root = parseXml(xml);
    expect(root.attrs.get('Folio')).toBe('1');
    expect(root.attrs.get('Serie')).toBe('A');
    expect(root.attrs.get('LugarExpedicion')).toBe('06600');
    expect(xml).not.toContain('Pago en una exhibición');

    // Independent path: a cadena written here from Anexo 20's order equals the engine's, and the Sello
    // verifies over it with the certificate in the XML using node's crypto alone.
    const cadena = independentCadena(xml);
    expect(cadenaOriginal(root).split('|')).toEqual(cadena.split('|'));
    const cert = new X509Certificate(Buffer.from(root.attrs.get('Certificado')!, 'base64'));
    expect(createVerify('RSA-SHA256').update(cadena, 'utf8').verify(cert.publicKey, root.attrs.get('Sello')!, 'base64')).toBe(true);

    const pdf = await fetch(`${server.baseUrl}${res.data.pdfUrl}`, { headers: owner.headers });
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('gives consecutive folios per serie and starts another serie at 1', async () => {
    const a = await api(server.baseUrl, owner, 'POST', '/api/invoice40', invoiceBody(customer.id));
    const b = await api(server.baseUrl, owner, 'POST', '/api/invoice40', invoiceBody(customer.id, { serie: 'B' }));
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.data.folio).toBe('2');
    expect(b.data).toMatchObject({ serie: 'B', folio: '1' });
  });
});

describe('receptor kinds, currencies and relations', () => {
  it('público en general needs InformacionGlobal (field named with SAT\'s code) and stamps with it', async () => {
    const pg = await createCustomer(server.baseUrl, owner, { rfc: 'XAXX010101000', r_social: 'PUBLICO EN GENERAL', regimen: '616', uso_cfdi: 'S01', domicilio: { cp: null } });
    const without = await api(server.baseUrl, owner, 'POST', '/api/invoice40', invoiceBody(pg.id, { usoCFDI: 'S01', serie: 'G' }));
    expect(without.status, JSON.stringify(without.data)).toBe(422);
    expect(Object.keys(without.data.errors)).toContain('informacionGlobal');
    expect(without.data.errors.informacionGlobal[0]).toMatch(/^CFDI40\d{3}: /);
    const year = new Date().getFullYear().toString();
    const month = String(new Date().getMonth() + 1).padStart(2, '0');
    const withIt = await api(server.baseUrl, owner, 'POST', '/api/invoice40', invoiceBody(pg.id, {
      usoCFDI: 'S01', serie: 'G', informacionGlobal: { periodicidad: '04', meses: month, año: year },
    }));
    expect(withIt.status, JSON.stringify(withIt.data)).toBe(201);
    expect(withIt.data.folio).toBe('1');
  });
  it('stamps a USD invoice with its tipo de cambio and a credit note (E) related by 01 to it', async () => {
    const usd = await api(server.baseUrl, owner, 'POST', '/api/invoice40', invoiceBody(customer.id, { moneda: 'USD', tipoCambio: '17.2530', serie: 'U' }));
    expect(usd.status, JSON.stringify(usd.data)).toBe(201);
    const xml = (await api<Buffer>(server.baseUrl, owner, 'GET', usd.data.xmlUrl)).data.toString();
    expect(xml).toContain('Moneda="USD"');
    expect(xml).toContain('TipoCambio="17.2530"');
    const note = await api(server.baseUrl, owner, 'POST', '/api/invoice40', invoiceBody(customer.id, {
      tipoDeComprobante: 'E', moneda: 'USD', tipoCambio: '17.2530', serie: 'NC', cfdiRelacionados: [{ tipoRelacion: '01', uuids: [usd.data.uuid] }],
      conceptos: [{ claveProdServ: '84111506', cantidad: '1', claveUnidad: 'ACT', descripcion: 'Descuento por pronto pago', valorUnitario: '100.00', objetoImp: '02',
        traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000' }] }],
    }));
    expect(note.status, JSON.stringify(note.data)).toBe(201);
    const noteXml = (await api<Buffer>(server.baseUrl, owner, 'GET', note.data.xmlUrl)).data.toString();
    expect(noteXml).toContain('TipoDeComprobante="E"');
    expect(noteXml).toContain(`UUID="${usd.data.uuid}"`);
  });
});

describe('bad input: 4xx, Spanish message naming the field, nothing written', () => {
  const refused = async (body: unknown, status: number, field: string, text: RegExp, path = '/api/invoice40') => {
    const before = await balance();
    const res = await api(server.baseUrl, owner, 'POST', path, body);
    expect(res.status, JSON.stringify(res.data)).toBe(status);
    const messages = res.data.errors?.[field] as string[] | undefined;
    expect(messages?.join(' ') ?? JSON.stringify(res.data)).toMatch(text);
    expect(await balance()).toBe(before);
  };

  it('refuses JSON numbers for amounts, naming the field', async () => {
    const body = invoiceBody(customer.id) as any;
    body.conceptos[0].cantidad = 2;
    await refused(body, 422, 'conceptos.0.cantidad', /La cantidad debe enviarse como texto decimal/);
    body.conceptos[0].cantidad = '2';
    body.conceptos[1].valorUnitario = 850.5;
    await refused(body, 422, 'conceptos.1.valorUnitario', /no como número/);
  });
  it('refuses zero or negative cantidad and more than 6 decimals', async () => {
    const body = invoiceBody(customer.id) as any;
    body.conceptos[0].cantidad = '0';
    await refused(body, 422, 'conceptos.0.cantidad', /mayor que cero/);
    body.conceptos[0].cantidad = '-1';
    await refused(body, 422, 'conceptos.0.cantidad', /no negativo/);
    body.conceptos[0].cantidad = '1.1234567';
    await refused(body, 422, 'conceptos.0.cantidad', /6 decimales/);
  });
  it('refuses PPD with a forma de pago other than 99 (CFDI40105)', async () => {
    await refused(invoiceBody(customer.id, { metodoPago: 'PPD', formaPago: '03' }), 422, 'formaPago', /CFDI40105/);
  });
  it('refuses a foreign currency without tipo de cambio (CFDI40115)', async () => {
    await refused(invoiceBody(customer.id, { moneda: 'USD' }), 422, 'tipoCambio', /CFDI40115/);
  });
  it('refuses an uso CFDI the customer régimen does not allow', async () => {
    await refused(invoiceBody(customer.id, { usoCFDI: 'CN01' }), 422, 'usoCFDI', /CFDI40161.*no aplica/);
  });
  it('refuses observaciones over 4,999 characters', async () => {
    await refused(invoiceBody(customer.id, { observaciones: 'x'.repeat(5000) }), 422, 'observaciones', /4999/);
  });
  it('refuses an unknown customer or another account\'s customer (404)', async () => {
    await refused(invoiceBody(999_999), 404, 'clientId', /no existe/);
    const other = await createAccount(server.baseUrl);
    const theirs = await createCustomer(server.baseUrl, other);
    await refused(invoiceBody(theirs.id), 404, 'clientId', /no existe/);
  });
  it('refuses another account\'s product (404)', async () => {
    const body = invoiceBody(customer.id) as any;
    body.conceptos[0].productId = 999_999;
    await refused(body, 404, 'conceptos.0.productId', /no existe/);
  });
  it('refuses a CFDI 3.3 stamp with SAT\'s Spanish reason (nothing written); the 3.3 preview still works', async () => {
    await refused(invoiceBody(customer.id), 422, 'version', /solo timbra CFDI 4\.0/, '/api/invoice');
    const preview = await api<Buffer>(server.baseUrl, owner, 'POST', '/api/preview', invoiceBody(customer.id));
    expect(preview.status, JSON.stringify(preview.data)).toBe(200);
    expect(preview.headers.get('content-type')).toContain('application/pdf');
  });
});
