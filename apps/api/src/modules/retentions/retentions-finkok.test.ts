import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxPac } from '@facturo/cfdi/stamp';
import { verifyCfdi } from '@facturo/cfdi/verify';
import { parseXml } from '@facturo/cfdi/xml';
import type { RetentionBodyIn } from '@facturo/contract';
import { startFakeFinkok, type FakeFinkok } from '../../../../../packages/cfdi/src/stamp/finkok/fake-finkok-server';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { api, invoicingAccount } from '../invoicing/invoicing-test-kit';

// Issue 10 leftover 4 (decision 250): with PAC_PROVIDER=finkok, constancias are stamped and cancelled on Finkok's
// retentions service, here the local SOAP server the engine's Finkok tests use (backed by the sandbox PAC).
let finkok: FakeFinkok;
let server: TestServer;
let owner: TestAccount;
let receiver: TestAccount;
const saved = { ...process.env };

const call = (method: string, path: string, body?: unknown) => api(server.baseUrl, owner, method, path, body);
const body = (): RetentionBodyIn => ({
  cveRetenc: '16',
  receptor: { nacionalidad: 'Nacional', rfc: receiver.rfc, nombre: 'JUANA PEREZ NUNEZ', cp: '06600' },
  periodo: { mesIni: 1, mesFin: 1, ejercicio: 2026 },
  totales: { montoTotGrav: '5000.00', montoTotExent: '0', impRetenidos: [{ baseRet: '5000.00', impuestoRet: '001', montoRet: '75.00', tipoPagoRet: '04' }] },
  complementos: { intereses: { sistFinanciero: 'SI', retiroAORESRetInt: 'NO', operFinancDerivad: 'NO', montIntNominal: '5000.00', montIntReal: '3500', perdida: '0' } },
});

beforeAll(async () => {
  finkok = await startFakeFinkok(new SandboxPac(), 'facturo@example.com', 'finkok-demo');
  Object.assign(process.env, { PAC_PROVIDER: 'finkok', FINKOK_USER: 'facturo@example.com', FINKOK_PASSWORD: 'finkok-demo', FINKOK_URL: finkok.url });
  server = await startTestServer();
  owner = await invoicingAccount(server.baseUrl, true, 11);
  receiver = await createAccount(server.baseUrl, { rol: 11 });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await finkok?.close();
  process.env = saved;
});

describe('Retenciones through Finkok (local SOAP server)', () => {
  let uuid = '';
  let substitute = '';

  it('POST /api/retenciones stamps on the retentions service; the stored constancia verifies', async () => {
    const res = await call('POST', '/api/retenciones', body());
    expect(res.status, JSON.stringify(res.data)).toBe(201);
    uuid = res.data.uuid;
    const stampReq = finkok.requests.at(-1)!;
    expect(stampReq.path).toBe('/servicios/soap/retentions');
    expect(stampReq.soapAction).toBe('"stamp"');
    expect(stampReq.body).toContain('<ret:username>facturo@example.com</ret:username>');
    const xml = (await call('GET', res.data.xmlUrl)).data as Buffer;
    const verified = verifyCfdi(parseXml(xml));
    expect(verified.kind).toBe('retenciones20');
    expect(verified.uuid).toBe(uuid);
    expect(verified.checks.find((c) => c.id === 'sello')?.status).toBe('ok');
    // Another amount: the same body sealed within the same second is the same document, and the PAC would answer
    // the first UUID again (the API then says 409).
    const second = await call('POST', '/api/retenciones', { ...body(), totales: { ...body().totales, montoTotGrav: '5001.00' } });
    expect(second.status, JSON.stringify(second.data)).toBe(201);
    substitute = second.data.uuid;
    expect(substitute).toMatch(/^[0-9A-F-]{36}$/);
  });

  it('cancel with motivo 01 goes to the retentions service with the CSD and the substitute; the row turns cancelled', async () => {
    const res = await call('POST', '/api/retenciones/cancel', { uuid, motivo: '01', uuidSustitucion: substitute });
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    expect(res.data).toMatchObject({ rspns: true, uuid, estado: 0 });
    const req = finkok.requests.at(-1)!;
    expect(req.path).toBe('/servicios/soap/retentions');
    expect(req.soapAction).toBe('"cancel"');
    expect(req.body).toContain(`<apps:UUID UUID="${uuid}" FolioSustitucion="${substitute}" Motivo="01"/>`);
    expect(req.body).toContain(`<ret:taxpayer_id>${owner.rfc}</ret:taxpayer_id>`);
    // The CSD travels as Finkok asks: certificate PEM and the key encrypted with the account password.
    const cer = Buffer.from(/<ret:cer>([^<]+)<\/ret:cer>/.exec(req.body)![1]!, 'base64').toString('utf8');
    const key = Buffer.from(/<ret:key>([^<]+)<\/ret:key>/.exec(req.body)![1]!, 'base64').toString('utf8');
    expect(cer).toContain('BEGIN CERTIFICATE');
    expect(key).toContain('ENCRYPTED');
    const month = new Date(Date.now() - 6 * 3_600_000);
    const list = await call('GET', `/api/getRetencionesEmitidas/${month.getUTCMonth() + 1}/${month.getUTCFullYear()}?page=1&perPage=10`);
    expect(list.data.data.find((r: { uuid: string }) => r.uuid === uuid)).toMatchObject({ estado: 0, estado_text: 'Cancelada' });
  });

  it('cancelling it again: Finkok answers 1202 (previously cancelled) but the API already says 409', async () => {
    const again = await call('POST', '/api/retenciones/cancel', { uuid, motivo: '02' });
    expect(again.status).toBe(409);
  });
});
