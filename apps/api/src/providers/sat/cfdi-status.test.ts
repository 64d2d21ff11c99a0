import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localCfdiStatus, satCfdiStatus, SatUnavailableError, type Expresion } from './cfdi-status';
import { startFakeConsulta, type ConsultaAnswer, type FakeConsulta } from './consulta-cfdi-server.test-support';

const VIGENTE = '11111111-2222-4333-8444-555555555555';
const CANCELADO = '22222222-3333-4444-8555-666666666666';
const PENDIENTE = '33333333-4444-4555-8666-777777777777';
const EFOS = '44444444-5555-4666-8777-888888888888';
const CAIDO = '55555555-6666-4777-8888-999999999999';

const ANSWERS: Record<string, ConsultaAnswer | 'fault'> = {
  [VIGENTE]: { CodigoEstatus: 'S - Comprobante obtenido satisfactoriamente.', Estado: 'Vigente', EsCancelable: 'Cancelable con aceptación', EstatusCancelacion: null },
  [CANCELADO]: { CodigoEstatus: 'S - Comprobante obtenido satisfactoriamente.', Estado: 'Cancelado', EsCancelable: 'Cancelable sin aceptación', EstatusCancelacion: 'Cancelado sin aceptación' },
  [PENDIENTE]: { CodigoEstatus: 'S - Comprobante obtenido satisfactoriamente.', Estado: 'Vigente', EsCancelable: 'Cancelable con aceptación', EstatusCancelacion: 'En proceso' },
  [EFOS]: { CodigoEstatus: 'S - Comprobante obtenido satisfactoriamente.', Estado: 'Vigente', EsCancelable: 'No cancelable', EstatusCancelacion: null, ValidacionEFOS: '100' },
  [CAIDO]: 'fault',
};

let sat: FakeConsulta;
beforeAll(async () => {
  sat = await startFakeConsulta((p) => ANSWERS[p.id!] ?? { CodigoEstatus: 'N - 602: Comprobante no encontrado.', Estado: 'No Encontrado', EsCancelable: undefined, EstatusCancelacion: null });
});
afterAll(() => sat.close());

const expr = (uuid: string): Expresion => ({ uuid, rfcEmisor: 'EKU9003173C9', rfcReceptor: 'COSC8001137NA', total: '3248.00', sello: 'AAAAabcdefgh12345678' });

describe('the real status client (nodecfdi consumer) against a local ConsultaCFDIService', () => {
  const client = () => satCfdiStatus({ url: sat.url, timeoutMs: 3000 });

  it('sends SAT\'s SOAP Consulta with the expresión impresa and reads a vigente document', async () => {
    const s = await client().consult(expr(VIGENTE));
    expect(s).toEqual({
      codigoEstatus: 'S - Comprobante obtenido satisfactoriamente.', estado: 'Vigente', esCancelable: 'Cancelable con aceptación', estatusCancelacion: '', validacionEFOS: '200',
    });
    const request = sat.requests.at(-1)!;
    expect(request.soapAction).toBe('"http://tempuri.org/IConsultaCFDIService/Consulta"');
    expect(request.expression).toBe(`https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=${VIGENTE}&re=EKU9003173C9&rr=COSC8001137NA&tt=3248.0&fe=12345678`);
    expect(request.params).toMatchObject({ id: VIGENTE, re: 'EKU9003173C9', rr: 'COSC8001137NA', tt: '3248.0', fe: '12345678' });
  });

  it('reads cancelled, en proceso, EFOS and not found answers', async () => {
    expect(await client().consult(expr(CANCELADO))).toMatchObject({ estado: 'Cancelado', esCancelable: 'Cancelable sin aceptación', estatusCancelacion: 'Cancelado sin aceptación' });
    expect(await client().consult(expr(PENDIENTE))).toMatchObject({ estado: 'Vigente', estatusCancelacion: 'En proceso' });
    expect(await client().consult(expr(EFOS))).toMatchObject({ estado: 'Vigente', esCancelable: 'No cancelable', validacionEFOS: '100' });
    expect(await client().consult(expr('66666666-7777-4888-8999-000000000000'))).toEqual({
      codigoEstatus: 'N - 602: Comprobante no encontrado.', estado: 'No encontrado', esCancelable: '', estatusCancelacion: '', validacionEFOS: '200',
    });
  });

  it('turns a SOAP fault (HTTP 500) and an unreachable service into SatUnavailableError', async () => {
    await expect(client().consult(expr(CAIDO))).rejects.toThrow(SatUnavailableError);
    await expect(satCfdiStatus({ url: 'http://127.0.0.1:9/ConsultaCFDIService.svc', timeoutMs: 2000 }).consult(expr(VIGENTE))).rejects.toThrow(/No fue posible comunicarse/);
  });
});

describe('the local SAT over the sandbox PAC', () => {
  it('answers what the source says and flags an emisor on the 69-B list', async () => {
    const source = { status: async (q: { uuid: string }) => (q.uuid === VIGENTE ? { estado: 'Vigente', esCancelable: 'Cancelable sin aceptación', estatusCancelacion: '' } : { estado: 'No Encontrado', esCancelable: 'No cancelable', estatusCancelacion: '' }) };
    const local = localCfdiStatus(source, async (rfc) => rfc === 'EKU9003173C9');
    expect(await local.consult(expr(VIGENTE))).toEqual({
      codigoEstatus: 'S - Comprobante obtenido satisfactoriamente.', estado: 'Vigente', esCancelable: 'Cancelable sin aceptación', estatusCancelacion: '', validacionEFOS: '100',
    });
    expect((await local.consult(expr(CANCELADO))).estado).toBe('No encontrado');
  });
});
