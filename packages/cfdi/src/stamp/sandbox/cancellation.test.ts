import { describe, expect, it } from 'vitest';
import { NS, el, findChild, findDescendants, isElement, type XmlElement } from '../../xml';
import { PacError } from '../errors';
import type { CancelRequest } from '../port';
import { FakeClock, freshCfdi, setPartyAttrs } from '../test-helpers';
import { verifySandboxAcuse } from './acuse';
import { loadSandboxCredentials } from './credentials';
import { SandboxPac } from './sandbox-pac';
import { rejected } from '../../../test/thrown';

const START = new Date('2026-03-10T18:00:00Z');

async function setup(edit?: (root: XmlElement) => void, file = 'created-with-discounts-40.xml') {
  const clock = new FakeClock(START);
  // Documents are edited freely (totals, receptor) to reach each case; the matrix is tested elsewhere.
  const pac = new SandboxPac({ clock: clock.get, validate: false });
  const stamped = await pac.stamp(freshCfdi(file, START, edit));
  const req = (over: Partial<CancelRequest> = {}): CancelRequest => ({
    rfcEmisor: 'EKU9003173C9',
    rfcReceptor: 'COSC8001137NA',
    uuid: stamped.uuid,
    motivo: '02',
    total: '3248.00',
    ...over,
  });
  return { clock, pac, uuid: stamped.uuid, req };
}

const codeOf = async (p: Promise<unknown>): Promise<string[]> => (await rejected(PacError, p)).codes;

describe('sandbox cancellation flow', () => {
  it('cancels without acceptance within 24 h of stamping', async () => {
    const { clock, pac, uuid, req } = await setup();
    clock.advanceHours(23);
    expect(await pac.status(uuid)).toEqual({ estado: 'Vigente', esCancelable: 'Cancelable sin aceptación', estatusCancelacion: '' });
    const result = await pac.cancel(req());
    expect(result).toMatchObject({ estatusUUID: '201', estado: 'Cancelado', estatusCancelacion: 'Cancelado sin aceptación' });
    // A signed acuse like SAT's: the sandbox certificate verifies it, and any edit breaks it.
    const acuse = verifySandboxAcuse(result.acuse!, loadSandboxCredentials().certificate);
    expect(acuse).toMatchObject({ valid: true, rfcEmisor: 'EKU9003173C9', fecha: '2026-03-11T11:00:00', folios: [{ uuid, estatusUUID: '201' }] });
    expect(result.acuse).toContain('<Folios xmlns="http://cancelacfd.sat.gob.mx">');
    expect(verifySandboxAcuse(result.acuse!.replace('>201<', '>202<')).valid).toBe(false);
    // A second request reports "previamente cancelado".
    expect((await pac.cancel(req())).estatusUUID).toBe('202');
  });

  it('needs the receptor after 24 h for an ingreso over 1,000 MXN: accepted', async () => {
    const { clock, pac, uuid, req } = await setup();
    clock.advanceHours(25);
    expect((await pac.status(uuid)).esCancelable).toBe('Cancelable con aceptación');
    expect(await pac.cancel(req())).toMatchObject({ estado: 'Vigente', estatusCancelacion: 'En proceso' });
    expect(await codeOf(pac.cancel(req()))).toEqual(['2001']);
    clock.advanceHours(10);
    expect(await pac.acceptOrRejectCancellation(uuid, 'Aceptacion')).toEqual({
      estado: 'Cancelado',
      esCancelable: 'Cancelable con aceptación',
      estatusCancelacion: 'Cancelado con aceptación',
    });
  });

  it('stays vigente when the receptor rejects, and may be requested again', async () => {
    const { clock, pac, uuid, req } = await setup();
    clock.advanceHours(30);
    await pac.cancel(req());
    expect(await pac.acceptOrRejectCancellation(uuid, 'Rechazo')).toMatchObject({
      estado: 'Vigente',
      estatusCancelacion: 'Solicitud rechazada',
    });
    expect(await codeOf(pac.acceptOrRejectCancellation(uuid, 'Aceptacion'))).toEqual(['1001']);
    expect((await pac.cancel(req())).estatusCancelacion).toBe('En proceso');
  });

  it('cancels by "plazo vencido" when nobody answers within 72 h', async () => {
    const { clock, pac, uuid, req } = await setup();
    clock.advanceHours(48);
    await pac.cancel(req());
    clock.advanceHours(71);
    expect((await pac.status(uuid)).estatusCancelacion).toBe('En proceso');
    clock.advanceHours(1);
    expect(await pac.status(uuid)).toMatchObject({ estado: 'Cancelado', estatusCancelacion: 'Plazo vencido' });
    expect(await codeOf(pac.acceptOrRejectCancellation(uuid, 'Rechazo'))).toEqual(['1001']);
  });

  it.each([
    [
      'total ≤ 1,000 MXN',
      (root: XmlElement) => {
        root.attrs.set('Moneda', 'MXN');
        root.attrs.delete('TipoCambio');
        root.attrs.set('Total', '1000.00');
      },
      '1000.00',
    ],
    ['público en general', (root: XmlElement) => setPartyAttrs(root, 'Receptor', { Rfc: 'XAXX010101000' }), '3248.00'],
    ['egreso', (root: XmlElement) => root.attrs.set('TipoDeComprobante', 'E'), '3248.00'],
  ])('cancels without acceptance after 24 h when %s', async (_case, edit, total) => {
    const { clock, pac, req } = await setup(edit);
    clock.advanceHours(100);
    const rfcReceptor = _case === 'público en general' ? 'XAXX010101000' : 'COSC8001137NA';
    expect(await pac.cancel(req({ total, rfcReceptor }))).toMatchObject({ estado: 'Cancelado', estatusCancelacion: 'Cancelado sin aceptación' });
  });

  it('applies TipoCambio before the 1,000 MXN limit', async () => {
    const { clock, pac, uuid } = await setup((root) => {
      root.attrs.set('Moneda', 'USD');
      root.attrs.set('TipoCambio', '20');
      root.attrs.set('Total', '60.00');
    });
    clock.advanceHours(30);
    expect((await pac.status(uuid)).esCancelable).toBe('Cancelable con aceptación');
  });

  it('checks motivo and folio de sustitución', async () => {
    const { pac, req, uuid } = await setup();
    expect(await codeOf(pac.cancel(req({ motivo: '01' })))).toEqual(['CA-FOLIO-REQUERIDO']);
    expect(await codeOf(pac.cancel(req({ motivo: '02', folioSustitucion: '11111111-2222-3333-4444-555555555555' })))).toEqual([
      'CA-FOLIO-NO-PERMITIDO',
    ]);
    expect(await codeOf(pac.cancel(req({ motivo: '05' as never })))).toEqual(['CA-MOTIVO']);
    expect(await codeOf(pac.cancel(req({ motivo: '01', folioSustitucion: '11111111-2222-3333-4444-555555555555' })))).toEqual([
      'CA-FOLIO-NO-EXISTE',
    ]);
    // A substitute must relate to the cancelled CFDI with TipoRelacion 04.
    const unrelated = await pac.stamp(freshCfdi('created-with-discounts-40.xml', new Date(START.getTime() - 60_000)));
    expect(await codeOf(pac.cancel(req({ motivo: '01', folioSustitucion: unrelated.uuid })))).toEqual(['CA-FOLIO-SIN-RELACION']);
    const substitute = await pac.stamp(freshCfdi('created-with-discounts-40.xml', new Date(START.getTime() - 30_000), (root) => {
      const emisor = root.children.findIndex((c) => isElement(c) && c.local === 'Emisor');
      root.children.splice(emisor, 0, el('cfdi:CfdiRelacionados', root.ns, { TipoRelacion: '04' }, [el('cfdi:CfdiRelacionado', root.ns, { UUID: uuid })]));
    }));
    const ok = await pac.cancel(req({ motivo: '01', folioSustitucion: substitute.uuid.toLowerCase() }));
    expect(ok).toMatchObject({ estatusUUID: '201', estado: 'Cancelado' });
  });

  it('refuses unknown UUIDs (205) and other emisores (203); status answers No Encontrado', async () => {
    const { pac, uuid, req } = await setup();
    expect(await codeOf(pac.cancel(req({ uuid: '11111111-2222-4333-8444-555555555555' })))).toEqual(['205']);
    expect(await codeOf(pac.cancel(req({ rfcEmisor: 'AAA010101AAA' })))).toEqual(['203']);
    expect((await pac.status('11111111-2222-4333-8444-555555555555')).estado).toBe('No Encontrado');
    expect((await pac.status({ uuid, rfcEmisor: 'EKU9003173C9', rfcReceptor: 'COSC8001137NA', total: '3248' })).estado).toBe('Vigente');
    expect((await pac.status({ uuid, total: '3248.01' })).estado).toBe('No Encontrado');
  });

  it('makes an invoice "No cancelable" while a vigente payment relates to it', async () => {
    const { clock, pac, uuid, req } = await setup();
    const pago = await pac.stamp(
      freshCfdi('created-cfdi40-pago20-valid.xml', START, (root) => {
        const docto = findDescendants(findChild(root, root.ns, 'Complemento')!, NS.pago20, 'DoctoRelacionado')[0];
        docto.attrs.set('IdDocumento', uuid);
      }),
    );
    clock.advanceHours(2);
    expect((await pac.status(uuid)).esCancelable).toBe('No cancelable');
    expect(await codeOf(pac.cancel(req()))).toEqual(['no_cancelable']);
    await pac.cancel({ rfcEmisor: 'EKU9003173C9', rfcReceptor: 'COSC8001137NA', uuid: pago.uuid, motivo: '02', total: '0' });
    expect((await pac.cancel(req())).estado).toBe('Cancelado');
  });

  it('keeps the receptor\'s inbox: a pending request with its 72-hour deadline, gone once answered or expired', async () => {
    const { clock, pac, uuid, req } = await setup();
    clock.advanceHours(25);
    const askedAt = clock.get();
    await pac.cancel(req({ motivo: '03' }));
    expect(await pac.pendingCancellations('cosc8001137na')).toEqual([{
      uuid, rfcEmisor: 'EKU9003173C9', rfcReceptor: 'COSC8001137NA', total: '3248.00', moneda: 'USD', motivo: '03',
      solicitadaEn: askedAt.toISOString(), plazo: new Date(askedAt.getTime() + 72 * 3_600_000).toISOString(),
    }]);
    // Another receptor cannot answer it.
    expect(await codeOf(pac.answerCancellation('XIA190128J61', uuid, 'Aceptacion'))).toEqual(['205']);
    clock.advanceHours(72);
    expect(await pac.pendingCancellations('COSC8001137NA')).toEqual([]);
    expect(await pac.status(uuid)).toMatchObject({ estado: 'Cancelado', estatusCancelacion: 'Plazo vencido' });
  });
});
