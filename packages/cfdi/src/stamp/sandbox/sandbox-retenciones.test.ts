import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures';
import { cadenaOriginal } from '../../cadena';
import {
  buildDividendos, buildIntereses, buildPagosAExtranjeros, buildPlataformasTecnologicas, buildRetenciones20, readRetenciones,
} from '../../model';
import { verifyCfdi } from '../../verify';
import { parseXml } from '../../xml';
import { PacError } from '../errors';
import { toMexicoCityLocal } from '../mexico-time';
import { sealWithTestCsd } from '../test-helpers';
import { SandboxPac } from './sandbox-pac';
import { rejected } from '../../../test/thrown';
import { writeXml } from '../../xml';
import { renderRetencionesPdf } from '../../pdf';
import { pdfText } from '../../pdf/pdf-text-for-tests';

const NOW = new Date('2026-03-10T18:00:00Z');
const fecha = toMexicoCityLocal(new Date(NOW.getTime() - 3_600_000));

function retencion(complementos = [buildIntereses({
  sistFinanciero: 'SI', retiroAORESRetInt: 'NO', operFinancDerivad: 'NO', montIntNominal: '1000', montIntReal: '800.5', perdida: '0',
})]) {
  return buildRetenciones20({
    fechaExp: fecha,
    lugarExpRetenc: '42501',
    cveRetenc: '16',
    emisor: { rfcE: 'EKU9003173C9', nomDenRazSocE: 'ESCUELA KEMPER URGATE', regimenFiscalE: '601' },
    receptor: { nacionalidadR: 'Nacional', rfcR: 'XOJI740919U48', nomDenRazSocR: 'INGRID XODAR JIMENEZ', domicilioFiscalR: '76028' },
    periodo: { mesIni: '02', mesFin: '02', ejercicio: '2026' },
    montoTotGrav: '1000',
    montoTotExent: '0',
    impRetenidos: [{ baseRet: '1000', impuestoRet: '001', montoRet: '6.00', tipoPagoRet: '01' }],
    complementos,
  });
}

describe('SandboxPac with Retenciones 2.0', () => {
  it('stamps a sealed constancia: TFD inside retenciones:Complemento, seal and stamp verify', async () => {
    const pac = new SandboxPac({ clock: () => NOW });
    const stamped = await pac.stamp(writeXml(sealWithTestCsd(retencion())));
    const root = parseXml(stamped.xml);
    const view = readRetenciones(root);
    expect(view.timbre?.uuid).toBe(stamped.uuid);
    expect(view.totales.montoTotRet).toBe('6.00');
    const result = verifyCfdi(root);
    expect(result.kind).toBe('retenciones20');
    expect(result.checks.filter((c) => c.status === 'fail')).toEqual([]);
    expect(result.checks.find((c) => c.id === 'sello')?.status).toBe('ok');
    expect(result.checks.find((c) => c.id === 'tfd')?.status).toBe('ok');
    const text = pdfText(await renderRetencionesPdf(root, { compress: false }));
    expect(text).toContain(stamped.uuid);
    expect(text).toContain('XOJI740919U48');
    expect(text).toContain('$6.00');
    expect(text).toContain('Complemento: Intereses');
    expect(text).toContain('SIN VALIDEZ FISCAL');
  });

  it('each common complement enters the cadena original', () => {
    const complements = [
      buildDividendos({ cveTipDivOUtil: '01', montISRAcredRetMexico: '10', montISRAcredRetExtranjero: '0', tipoSocDistrDiv: 'Sociedad Nacional' }),
      buildPagosAExtranjeros({ esBenefEfectDelCobro: 'NO', paisDeResidParaEfecFisc: 'US', conceptoPago: '2', descripcionConcepto: 'Regalías' }),
      buildPlataformasTecnologicas({
        periodicidad: '05', totalIVARetenido: '8', totalISRRetenido: '1', difIVAEntregadoPrestServ: '0',
        servicios: [{ formaPagoServ: '03', tipoDeServ: '01', fechaServ: '2026-02-10', precioServSinIVA: '100', iva: { base: '100', tasaCuota: '0.160000', importe: '16' }, comision: { importe: '5' } }],
      }),
    ];
    const cadena = cadenaOriginal(retencion(complements));
    expect(cadena).toContain('|1.0|01|10.00|0.00|Sociedad Nacional|');
    expect(cadena).toContain('|1.0|NO|US|2|Regalías|');
    expect(cadena).toContain('|1.0|05|1|100.00|16.00|8.00|1.00|0.00|5.00|03|01|2026-02-10|100.00|100.00|02|Tasa|0.160000|16.00|5.00|');
  });

  it('refuses a constancia whose seal does not match (SAT code), and cancels a stamped one without acceptance', async () => {
    const pac = new SandboxPac({ clock: () => NOW });
    const root = sealWithTestCsd(retencion());
    root.attrs.set('CveRetenc', '14');
    const err = await rejected(PacError, pac.stamp(writeXml(root)));
    expect(err.issues[0]!.code).toBe('CFDI40102');

    const ok = await pac.stamp(writeXml(sealWithTestCsd(retencion())));
    const cancelled = await pac.cancel({ rfcEmisor: 'EKU9003173C9', rfcReceptor: 'XOJI740919U48', uuid: ok.uuid, motivo: '02', total: '1000.00' });
    expect(cancelled).toMatchObject({ estado: 'Cancelado', estatusCancelacion: 'Cancelado sin aceptación' });
  });

  it('the repo fixture reads as Retenciones 2.0 with its dividendos complement', () => {
    const view = readRetenciones(parseXml(readFixture('cfdi', 'retenciones', 'retenciones20.xml')));
    expect(view.complementos[0]!.local).toBe('Dividendos');
  });
});
