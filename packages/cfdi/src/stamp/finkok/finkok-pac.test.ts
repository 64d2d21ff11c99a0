import { createPrivateKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixture, readFixtureText } from '../../../test/fixtures';
import { PacError } from '../errors';
import { verifySandboxAcuse } from '../sandbox/acuse';
import { loadSandboxCredentials } from '../sandbox/credentials';
import { SandboxPac } from '../sandbox/sandbox-pac';
import { FakeClock, freshCfdi, sealWithTestCsd } from '../test-helpers';
import { toMexicoCityLocal } from '../mexico-time';
import { parseXml, writeXml } from '../../xml';
import { startFakeFinkok, type FakeFinkok } from './fake-finkok-server';
import { FinkokPac, isRetencionesXml } from './finkok-pac';
import { rejected } from '../../../test/thrown';

const NOW = new Date('2026-03-10T18:00:00Z');
const clock = new FakeClock(NOW);
let server: FakeFinkok;
let finkok: FinkokPac;

beforeAll(async () => {
  server = await startFakeFinkok(new SandboxPac({ clock: clock.get }), 'usuario@example.com', 's3creto');
  finkok = new FinkokPac({
    username: 'usuario@example.com',
    password: 's3creto',
    environment: { stamp: `${server.url}/stamp`, cancel: `${server.url}/cancel` },
    csdFor: () => ({
      certificatePem: readFixtureText('certs', 'csd', 'EKU9003173C9.cer.pem').replace(/^[\s\S]*?(?=-----BEGIN CERTIFICATE)/, ''),
      privateKey: createPrivateKey(readFixture('certs', 'csd', 'EKU9003173C9.key.pem')),
    }),
  });
});
afterAll(() => server.close());

const pacError = (p: Promise<unknown>): Promise<PacError> => rejected(PacError, p);

describe('FinkokPac over a local Finkok SOAP server', () => {
  it('stamps with a base64 envelope and reads the stamp back', async () => {
    const xml = freshCfdi('created-with-discounts-40.xml', NOW);
    const result = await finkok.stamp(xml);
    const request = server.requests.at(-1)!;
    expect(request.soapAction).toBe('"stamp"');
    expect(request.body).toContain('<stamp:username>usuario@example.com</stamp:username>');
    expect(request.body).toContain(`<stamp:xml>${Buffer.from(xml).toString('base64')}</stamp:xml>`);
    expect(result.uuid).toMatch(/^[0-9A-F-]{36}$/);
    expect(result.xml).toContain(`UUID="${result.uuid}"`);
    expect(result.noCertificadoSAT).toBe('30001000000500099999');
    expect(result.fechaTimbrado).toBe('2026-03-10T12:00:00');
    expect(result.selloSAT.length).toBeGreaterThan(300);
    expect(result.selloCFD).toBe(/ Sello="([^"]+)"/.exec(xml)![1]);
    expect(result.previouslyStamped).toBe(false);
    // Finkok answers a repeated document with incidencia 307 and the original stamp.
    const again = await finkok.stamp(xml);
    expect(again).toMatchObject({ uuid: result.uuid, previouslyStamped: true });
  });

  it('supports quick_stamp', async () => {
    const quick = new FinkokPac({ username: 'usuario@example.com', password: 's3creto', stampMethod: 'quick_stamp', environment: { stamp: `${server.url}/stamp`, cancel: `${server.url}/cancel` } });
    const result = await quick.stamp(freshCfdi('created-with-discounts-40.xml', new Date(NOW.getTime() - 1000)));
    expect(server.requests.at(-1)!.soapAction).toBe('"quick_stamp"');
    expect(result.uuid).toHaveLength(36);
  });

  it('maps Incidencias to a PacError with SAT codes', async () => {
    const bad = freshCfdi('created-with-discounts-40.xml', NOW).replace('Total="3248.00"', 'Total="1.00"');
    const err = await pacError(finkok.stamp(bad));
    expect(err.kind).toBe('rejected');
    expect(err.codes).toContain('CFDI40102');
    const wrongUser = new FinkokPac({ username: 'x', password: 'y', environment: { stamp: `${server.url}/stamp`, cancel: `${server.url}/cancel` } });
    const authErr = await pacError(wrongUser.stamp(freshCfdi('created-with-discounts-40.xml', NOW)));
    expect(authErr.issues).toEqual([{ code: '702', message: 'Usuario o contraseña inválidos' }]);
  });

  it('cancels with the CSD (key encrypted with the account password) and queries SAT status', async () => {
    const stamped = await finkok.stamp(freshCfdi('created-with-discounts-40.xml', new Date(NOW.getTime() - 2000)));
    const query = { uuid: stamped.uuid, rfcEmisor: 'EKU9003173C9', rfcReceptor: 'COSC8001137NA', total: '3248.00' };
    expect(await finkok.status(query)).toEqual({ estado: 'Vigente', esCancelable: 'Cancelable sin aceptación', estatusCancelacion: '' });
    const result = await finkok.cancel({ ...query, motivo: '02' });
    const request = server.requests.at(-1)!;
    expect(request.soapAction).toBe('"cancel"');
    expect(request.body).toMatch(new RegExp(`<apps:UUID UUID="${stamped.uuid}" FolioSustitucion="" Motivo="02"/>`));
    expect(result).toMatchObject({ uuid: stamped.uuid, estatusUUID: '201', estado: 'Cancelado', estatusCancelacion: 'Cancelado sin aceptación' });
    // The acuse travels as escaped text in Acuse and comes back as the signed XML, verifiable with its certificate.
    const acuse = verifySandboxAcuse(result.acuse ?? '', loadSandboxCredentials().certificate);
    expect(acuse).toMatchObject({ valid: true, rfcEmisor: 'EKU9003173C9', folios: [{ uuid: stamped.uuid, estatusUUID: '201' }] });
    expect(await finkok.status(query)).toMatchObject({ estado: 'Cancelado' });
    expect((await finkok.status({ ...query, total: '1.00' })).estado).toBe('No Encontrado');
  });

  it('reports a per-UUID refusal and requires the CSD and the status arguments', async () => {
    const err = await pacError(
      finkok.cancel({ uuid: '11111111-2222-4333-8444-555555555555', rfcEmisor: 'EKU9003173C9', rfcReceptor: 'X', motivo: '02', total: '1' }),
    );
    expect(err.codes).toEqual(['205']);
    const noCsd = new FinkokPac({ username: 'a', password: 'b', environment: { stamp: `${server.url}/stamp`, cancel: `${server.url}/cancel` } });
    expect((await pacError(noCsd.cancel({ uuid: 'x', rfcEmisor: 'A', rfcReceptor: 'B', motivo: '02', total: '1' }))).kind).toBe('invalid-request');
    expect((await pacError(finkok.status('11111111-2222-4333-8444-555555555555'))).codes).toEqual(['CONSULTA']);
  });

  it('turns SOAP faults and network failures into "unavailable"', async () => {
    const wrongPath = new FinkokPac({ username: 'a', password: 'b', environment: { stamp: `${server.url}/cancel`, cancel: `${server.url}/cancel` } });
    const fault = await pacError(wrongPath.stamp('<x/>'));
    expect(fault).toMatchObject({ kind: 'unavailable' });
    expect(fault.codes).toEqual(['SOAP-FAULT']);
    const down = new FinkokPac({ username: 'a', password: 'b', environment: { stamp: 'http://127.0.0.1:9/stamp', cancel: 'http://127.0.0.1:9/cancel' }, timeoutMs: 2000 });
    expect((await pacError(down.stamp('<x/>'))).codes).toEqual(['RED']);
  });

  // Last: it moves the shared clock past SAT's 24-hour window.
  it('lists the receptor\'s pending cancellations (get_pending) and answers them (accept_reject) with the receptor\'s CSD', async () => {
    const stamped = await finkok.stamp(freshCfdi('created-with-discounts-40.xml', new Date(NOW.getTime() - 3000)));
    clock.advanceHours(25);
    const query = { uuid: stamped.uuid, rfcEmisor: 'EKU9003173C9', rfcReceptor: 'COSC8001137NA', total: '3248.00' };
    expect((await finkok.cancel({ ...query, motivo: '02' })).estatusCancelacion).toBe('En proceso');
    expect(await finkok.pendingCancellations('COSC8001137NA')).toEqual([{ uuid: stamped.uuid, rfcReceptor: 'COSC8001137NA' }]);
    expect(server.requests.at(-1)!.soapAction).toBe('"get_pending"');
    expect(await finkok.pendingCancellations('XAXX010101000')).toEqual([]);

    const answered = await finkok.answerCancellation('COSC8001137NA', stamped.uuid, 'Rechazo');
    expect(answered).toMatchObject({ uuid: stamped.uuid, answer: 'Rechazo' });
    const request = server.requests.at(-1)!;
    expect(request.soapAction).toBe('"accept_reject"');
    expect(request.body).toContain(`<apps:UUID_AR><apps:uuid>${stamped.uuid}</apps:uuid><apps:respuesta>Rechazo</apps:respuesta></apps:UUID_AR>`);
    expect(await finkok.status(query)).toMatchObject({ estado: 'Vigente', estatusCancelacion: 'Solicitud rechazada' });
    expect(await finkok.pendingCancellations('COSC8001137NA')).toEqual([]);
    // Nothing left to answer: SAT's 1001.
    expect((await pacError(finkok.answerCancellation('COSC8001137NA', stamped.uuid, 'Aceptacion'))).codes).toEqual(['1001']);
  });
});

describe('FinkokPac: Retenciones on the retentions service', () => {
  const env = () => ({ stamp: `${server.url}/stamp`, cancel: `${server.url}/cancel`, retentions: `${server.url}/retentions` });
  const retFinkok = () => new FinkokPac({
    username: 'usuario@example.com', password: 's3creto', environment: env(),
    csdFor: () => ({
      certificatePem: readFixtureText('certs', 'csd', 'EKU9003173C9.cer.pem').replace(/^[\s\S]*?(?=-----BEGIN CERTIFICATE)/, ''),
      privateKey: createPrivateKey(readFixture('certs', 'csd', 'EKU9003173C9.key.pem')),
    }),
  });
  const freshRetention = (at: Date) => {
    // The fixture's MontoTotRet is not the sum of its ImpRetenidos (200.00): the sandbox behind Finkok checks it.
    const root = parseXml(readFixtureText('cfdi', 'retenciones', 'retenciones20.xml').replace(/MontoTotRet="[^"]*"/, 'MontoTotRet="200.00"'));
    root.attrs.set('FechaExp', toMexicoCityLocal(at));
    return writeXml(sealWithTestCsd(root));
  };

  it('tells a constancia from a CFDI by its root element', () => {
    expect(isRetencionesXml(freshRetention(NOW))).toBe(true);
    expect(isRetencionesXml('<?xml version="1.0" encoding="UTF-8"?>\n<retenciones:Retenciones Version="1.0"/>')).toBe(true);
    expect(isRetencionesXml(freshCfdi('created-with-discounts-40.xml', NOW))).toBe(false);
  });

  it('stamps a Retenciones 2.0 through the retentions service and cancels it there (SAT codes 1201, then 1202)', async () => {
    const pac = retFinkok();
    const xml = freshRetention(new Date(NOW.getTime() - 5000));
    const stamped = await pac.stamp(xml);
    const stampReq = server.requests.at(-1)!;
    expect(stampReq.path).toBe('/servicios/soap/retentions');
    expect(stampReq.soapAction).toBe('"stamp"');
    expect(stampReq.body).toContain('xmlns:ret="http://facturacion.finkok.com/retentions"');
    expect(stampReq.body).toContain(`<ret:xml>${Buffer.from(xml).toString('base64')}</ret:xml>`);
    expect(stamped.uuid).toMatch(/^[0-9A-F-]{36}$/);
    expect(stamped.xml).toContain('<retenciones:Retenciones');
    expect(stamped.xml).toContain(`UUID="${stamped.uuid}"`);
    expect(stamped.previouslyStamped).toBe(false);

    const req = { uuid: stamped.uuid, rfcEmisor: 'EKU9003173C9', rfcReceptor: 'XAXX010101000', motivo: '02' as const, total: '0', documento: 'retenciones' as const };
    const cancelled = await pac.cancel(req);
    const cancelReq = server.requests.at(-1)!;
    expect(cancelReq.path).toBe('/servicios/soap/retentions');
    expect(cancelReq.body).toContain('<ret:cancel>');
    expect(cancelReq.body).toMatch(new RegExp(`<apps:UUID UUID="${stamped.uuid}" FolioSustitucion="" Motivo="02"/>`));
    expect(cancelReq.body).toContain('<ret:taxpayer_id>EKU9003173C9</ret:taxpayer_id>');
    expect(cancelled).toMatchObject({ uuid: stamped.uuid, estatusUUID: '1201', estado: 'Cancelado', estatusCancelacion: 'Cancelado sin aceptación' });
    expect(await pac.cancel(req)).toMatchObject({ estatusUUID: '1202', estado: 'Cancelado' });
  });

  it('an unknown constancia: SAT code 1205 as a refusal; a CFDI cancel still goes to the cancel service', async () => {
    const pac = retFinkok();
    const err = await pacError(pac.cancel({ uuid: '11111111-2222-4333-8444-555555555555', rfcEmisor: 'EKU9003173C9', rfcReceptor: '', motivo: '02', total: '0', documento: 'retenciones' }));
    expect(err).toMatchObject({ kind: 'rejected' });
    expect(err.codes).toEqual(['1205']);
    expect(err.message).toContain('no existe');
    await pacError(pac.cancel({ uuid: '11111111-2222-4333-8444-555555555555', rfcEmisor: 'EKU9003173C9', rfcReceptor: 'X', motivo: '02', total: '1' }));
    expect(server.requests.at(-1)!.path).toBe('/servicios/soap/cancel');
  });

  it('without a retentions endpoint a constancia is refused before any request', async () => {
    const noRet = new FinkokPac({ username: 'usuario@example.com', password: 's3creto', environment: { stamp: `${server.url}/stamp`, cancel: `${server.url}/cancel` } });
    const before = server.requests.length;
    const err = await pacError(noRet.stamp(freshRetention(NOW)));
    expect(err).toMatchObject({ kind: 'invalid-request' });
    expect(err.codes).toEqual(['RETENCIONES']);
    expect(server.requests.length).toBe(before);
  });
});
