import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readFixture } from '../../../../../../packages/cfdi/test/fixtures';
import { startSoapSat, type SoapSatServer } from '../../../../test/sat-soap-server';
import { writeZip } from '../../../modules/cfdi-import/zip-writer';
import { SatDownloadError, type EfirmaFiles } from './port';
import { satWsDownloadService } from './sat-ws-client';

const FIEL: EfirmaFiles = { cer: readFixture('certs/fiel/EKU9003173C9.cer'), key: readFixture('certs/fiel/EKU9003173C9.key'), password: '12345678a' };
const CSD: EfirmaFiles = { cer: readFixture('certs/csd/EKU9003173C9.cer'), key: readFixture('certs/csd/EKU9003173C9.key'), password: '12345678a' };
const RFC = 'EKU9003173C9';
const OCTOBER = { start: '2026-10-01T00:00:00', end: '2026-10-31T23:59:59' };

let sat: SoapSatServer;
beforeAll(async () => {
  sat = await startSoapSat();
});
afterAll(async () => sat?.close());
beforeEach(() => {
  sat.script = {};
  sat.seen.requests.length = 0;
  sat.seen.verifies.length = 0;
  sat.seen.downloads.length = 0;
  sat.seen.auth = 0;
  sat.seen.badSignatures = 0;
});

const service = () => satWsDownloadService({ baseUrl: sat.url, timeoutMs: 5000 });
async function caught(p: Promise<unknown>): Promise<SatDownloadError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(SatDownloadError);
    return e as SatDownloadError;
  }
  throw new Error('expected a SatDownloadError');
}

describe('real descarga masiva client (nodecfdi) against the local SOAP server', () => {
  it('happy path: authenticates with the e.firma, asks for received XML, verifies 1 → 2 → 3 and downloads each package', async () => {
    const zip = writeZip([{ name: 'A.xml', data: '<x/>' }]);
    sat.script = {
      request: () => ({ code: 5000, id: 'd49af78d-1c80-4221-a48d-345ace91626b' }),
      verify: (_id, n) => (n === 1 ? { estado: 1 } : n === 2 ? { estado: 2 } : { estado: 3, numeroCfdis: 3, packages: ['D49AF78D_01', 'D49AF78D_02'] }),
      download: (p) => (p === 'D49AF78D_01' ? { code: 5000, content: zip } : { code: 5007, message: 'No existe el paquete solicitado' }),
    };
    const session = await service().open(FIEL, RFC);
    expect(sat.seen.auth).toBe(1);
    expect(sat.seen.authRfcs).toEqual([RFC]);

    const r = await session.request({ tipo: 'recibidos', ...OCTOBER });
    expect(r).toEqual({ code: 5000, message: 'Solicitud Aceptada', requestId: 'd49af78d-1c80-4221-a48d-345ace91626b' });
    const seen = sat.seen.requests[0]!;
    expect(seen.action).toBe('SolicitaDescargaRecibidos');
    expect(seen.attrs).toMatchObject({
      RfcSolicitante: RFC, RfcReceptor: RFC, FechaInicial: OCTOBER.start, FechaFinal: OCTOBER.end, TipoSolicitud: 'CFDI', EstadoComprobante: 'Vigente',
    });

    expect(await session.verify(r.requestId!)).toMatchObject({ code: 5000, estado: 1, packageIds: [] });
    expect(await session.verify(r.requestId!)).toMatchObject({ estado: 2 });
    expect(await session.verify(r.requestId!)).toEqual({
      code: 5000, message: 'Solicitud Aceptada', estado: 3, codigoEstado: 5000, numeroCfdis: 3, packageIds: ['D49AF78D_01', 'D49AF78D_02'],
    });
    const got = await session.download('D49AF78D_01');
    expect(got.code).toBe(5000);
    expect(Buffer.compare(got.content!, zip)).toBe(0);
    expect(await session.download('D49AF78D_02')).toMatchObject({ code: 5007, message: 'No existe el paquete solicitado' });
    expect(sat.seen.badSignatures).toBe(0);
    // One token served every call.
    expect(sat.seen.auth).toBe(1);
  });

  it('issued: SolicitaDescargaEmitidos with the signer as RfcEmisor', async () => {
    const session = await service().open(FIEL, RFC);
    await session.request({ tipo: 'emitidos', ...OCTOBER });
    expect(sat.seen.requests[0]).toMatchObject({ action: 'SolicitaDescargaEmitidos', attrs: { RfcEmisor: RFC, RfcSolicitante: RFC } });
    expect(sat.seen.requests[0]!.attrs.RfcReceptor).toBeUndefined();
  });

  it.each([
    [5002, 'Se agotó las solicitudes de por vida'],
    [5003, 'Tope máximo'],
    [5005, 'Solicitud duplicada'],
    [304, 'Certificado revocado o caduco'],
    [305, 'Certificado inválido'],
    [404, 'Error no controlado'],
  ])('a solicitud answered %i passes the code and message through, with no id', async (code, message) => {
    sat.script = { request: () => ({ code, message }) };
    const session = await service().open(FIEL, RFC);
    expect(await session.request({ tipo: 'emitidos', ...OCTOBER })).toEqual({ code, message, requestId: null });
  });

  it.each([
    [5, 5004, 'sin información'],
    [5, 5003, 'tope máximo'],
    [4, 5000, 'error'],
    [6, 5000, 'vencida'],
  ])('verification estado %i / código %i (%s) reaches the port unchanged', async (estado, codigoEstado) => {
    sat.script = { verify: () => ({ estado, codigoEstado }) };
    const session = await service().open(FIEL, RFC);
    expect(await session.verify('abc')).toMatchObject({ code: 5000, estado, codigoEstado, packageIds: [] });
  });

  it('a certificate that is not an e.firma, or a wrong password, never reaches SAT', async () => {
    expect((await caught(service().open(CSD, RFC))).kind).toBe('efirma');
    const wrong = await caught(service().open({ ...FIEL, password: 'otra-clave' }, RFC));
    expect(wrong).toMatchObject({ kind: 'efirma', message: expect.stringMatching(/contraseña/) });
    expect(await caught(service().open(FIEL, 'XAXX010101000'))).toMatchObject({ kind: 'efirma', message: expect.stringMatching(/no del de tu cuenta/) });
    expect(sat.seen.auth).toBe(0);
  });

  it('SAT refusing the authentication (SOAP fault InvalidSecurity) is an e.firma error', async () => {
    sat.script = { authFault: true };
    const err = await caught(service().open(FIEL, RFC));
    expect(err).toMatchObject({ kind: 'efirma', message: expect.stringMatching(/rechazó la autenticación/) });
    expect(sat.seen.auth).toBe(1);
    expect(sat.seen.badSignatures).toBe(0);
  });

  it('SAT down (HTTP 503) or unreachable is "unavailable", not an e.firma problem', async () => {
    sat.script = { unavailableCalls: 1 };
    expect((await caught(service().open(FIEL, RFC))).kind).toBe('unavailable');
    const closed = satWsDownloadService({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });
    expect(await caught(closed.open(FIEL, RFC))).toMatchObject({ kind: 'unavailable', message: expect.stringMatching(/no responde/) });
  });
});
