import { describe, expect, it } from 'vitest';
import { retentionBodySchema } from '@facturo/contract';
import { emptyServicio, toBody, type RetentionFormValues } from './issue-retention-form';

const values = (over: Partial<RetentionFormValues> = {}): RetentionFormValues => ({
  cveRetenc: '16', descRetenc: '', folioInt: '',
  receptor: { nacionalidad: 'Nacional', rfc: 'xoji740919u48', nombre: 'INGRID XODAR JIMENEZ', curp: '', cp: '76028', numRegIdTrib: 'ignorado' },
  periodo: { mesIni: 2, mesFin: 3, ejercicio: 2026 },
  totales: { montoTotGrav: '1000.50', montoTotExent: '0', impRetenidos: [{ impuestoRet: '001', baseRet: '', montoRet: '15.01', tipoPagoRet: '04' }] },
  complemento: 'none',
  complementos: {
    dividendos: { cveTipDivOUtil: '01', montISRAcredRetMexico: '0', montISRAcredRetExtranjero: '0', tipoSocDistrDiv: 'Sociedad Nacional' },
    intereses: { sistFinanciero: 'SI', retiroAORESRetInt: 'NO', operFinancDerivad: 'NO', montIntNominal: '1000.50', montIntReal: '700', perdida: '0' },
    pagosAExtranjeros: { esBenefEfectDelCobro: 'NO', paisDeResidParaEfecFisc: '', rfc: '', curp: '', nomDenRazSocB: '', conceptoPago: '', descripcionConcepto: '' },
    plataformasTecnologicas: { periodicidad: '02', totalIVARetenido: '0', totalISRRetenido: '0', difIVAEntregadoPrestServ: '0', servicios: [] },
  },
  ...over,
});

describe('the Emitir retención form → POST /api/retenciones body', () => {
  it('drops what was left empty and the other nationality\u2019s fields; the contract accepts it', () => {
    const body = toBody(values());
    expect(body.receptor).toEqual({ nacionalidad: 'Nacional', rfc: 'xoji740919u48', nombre: 'INGRID XODAR JIMENEZ', cp: '76028' });
    expect(body.totales.impRetenidos).toEqual([{ impuestoRet: '001', montoRet: '15.01', tipoPagoRet: '04' }]);
    expect(body).not.toHaveProperty('complementos');
    expect(body).not.toHaveProperty('descRetenc');
    const parsed = retentionBodySchema.parse(body);
    expect(parsed.receptor).toMatchObject({ rfc: 'XOJI740919U48' });
  });

  it('sends only the complement picked', () => {
    const body = toBody(values({ complemento: 'intereses' }));
    expect(Object.keys(body.complementos ?? {})).toEqual(['intereses']);
    expect(retentionBodySchema.safeParse(body).success).toBe(true);
  });

  it('a foreign receptor with pagos a extranjeros but no country: the contract names the field', () => {
    const v = values({ complemento: 'pagosAExtranjeros' });
    v.receptor = { ...v.receptor, nacionalidad: 'Extranjero', numRegIdTrib: '' };
    v.complementos.pagosAExtranjeros = { ...v.complementos.pagosAExtranjeros, conceptoPago: '3', descripcionConcepto: 'Regalías' };
    const result = retentionBodySchema.safeParse(toBody(v));
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join('.'))).toEqual(['complementos.pagosAExtranjeros.paisDeResidParaEfecFisc']);
  });
});

describe('plataformas tecnológicas with several services', () => {
  it('sends every service line, each without its empty optional fields; the contract accepts them', () => {
    const v = values({ complemento: 'plataformasTecnologicas' });
    v.complementos.plataformasTecnologicas = {
      periodicidad: '02', totalIVARetenido: '48.00', totalISRRetenido: '6.00', difIVAEntregadoPrestServ: '0',
      servicios: [
        { ...emptyServicio(), fechaServ: '2026-03-02', precioServSinIVA: '100.00', iva: '16.00', comision: '5.00' },
        { ...emptyServicio(), tipoDeServ: '02', fechaServ: '2026-03-09', precioServSinIVA: '200.00', iva: '32.00' },
      ],
    };
    const body = toBody(v);
    expect(body.complementos?.plataformasTecnologicas?.servicios).toEqual([
      { formaPagoServ: '03', tipoDeServ: '01', fechaServ: '2026-03-02', precioServSinIVA: '100.00', iva: '16.00', comision: '5.00' },
      { formaPagoServ: '03', tipoDeServ: '02', fechaServ: '2026-03-09', precioServSinIVA: '200.00', iva: '32.00' },
    ]);
    expect(retentionBodySchema.safeParse(body).success).toBe(true);
  });

  it('a second service without date: the contract names that line', () => {
    const v = values({ complemento: 'plataformasTecnologicas' });
    v.complementos.plataformasTecnologicas.servicios = [
      { ...emptyServicio(), fechaServ: '2026-03-02', precioServSinIVA: '100.00', iva: '16.00' },
      { ...emptyServicio(), precioServSinIVA: '50.00', iva: '8.00' },
    ];
    const result = retentionBodySchema.safeParse(toBody(v));
    expect(result.error!.issues.map((i) => i.path.join('.'))).toEqual(['complementos.plataformasTecnologicas.servicios.1.fechaServ']);
  });
});
