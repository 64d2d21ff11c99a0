import { describe, expect, it } from 'vitest';
import { readFixtureText } from '../../test/fixtures';
import { comprobanteBase, nominaQuincenal, partialPayment } from '../../test/cfdi-inputs';
import { parseXml, writeXml, NS, findDescendant, childElements } from '../xml';
import { validateXsd } from '../validate';
import { toDecimal } from '../money';
import { buildCfdi40, buildRetenciones20, readCfdi, readRetenciones, type Cfdi40Input, type DoctoRelacionadoInput, type NominaInput } from './index';

const base = comprobanteBase;

const xsdErrors = (xml: string) => validateXsd(xml).filter((i) => i.severity === 'error');

describe('buildCfdi40 tipo P (Pagos 2.0)', () => {
  it('rebuilds fixture 001 from its DoctoRelacionado data with the same totals', () => {
    const fixture = readCfdi(parseXml(readFixtureText('cfdi', 'pagos20-calculator', '001.xml')));
    const pagos = fixture.pagos!.pagos.map((p) => ({
      fechaPago: p.fechaPago,
      formaDePagoP: p.formaDePagoP,
      monedaP: p.monedaP,
      tipoCambioP: p.tipoCambioP,
      monto: p.monto,
      doctos: p.doctos.map(
        (d): DoctoRelacionadoInput => ({
          idDocumento: d.idDocumento,
          serie: d.serie,
          folio: d.folio,
          monedaDR: d.monedaDR,
          equivalenciaDR: d.equivalenciaDR,
          numParcialidad: d.numParcialidad!,
          impSaldoAnt: d.impSaldoAnt!,
          impPagado: d.impPagado!,
          objetoImpDR: d.objetoImpDR!,
          impuestosDR: {
            traslados: d.trasladosDR.map((t) => ({
              impuesto: t.impuestoDR as '002',
              tipoFactor: t.tipoFactorDR as 'Tasa',
              tasaOCuota: t.tasaOCuotaDR,
              base: t.baseDR,
              importe: t.importeDR,
            })),
          },
        }),
      ),
    }));
    const { root } = buildCfdi40({
      ...base,
      tipoDeComprobante: 'P',
      receptor: { rfc: 'MASO451221PM4', nombre: 'MARIA OLIVIA MARTINEZ SAGAZ', domicilioFiscalReceptor: '80290', regimenFiscalReceptor: '605', usoCFDI: 'CP01' },
      pagos,
    });
    const xml = writeXml(root);
    expect(xsdErrors(xml)).toEqual([]);
    const built = readCfdi(parseXml(xml));
    expect(built).toMatchObject({ subTotal: '0', total: '0', moneda: 'XXX', tipoDeComprobante: 'P' });
    expect(built.formaPago).toBeUndefined();
    expect(built.conceptos[0]).toMatchObject({ claveProdServ: '84111506', claveUnidad: 'ACT', descripcion: 'Pago', valorUnitario: '0', importe: '0', objetoImp: '01' });
    expect(built.pagos!.totales).toEqual({
      totalTrasladosBaseIVA16: '2066.58',
      totalTrasladosImpuestoIVA16: '330.65',
      totalTrasladosBaseIVA0: '32.83',
      totalTrasladosImpuestoIVA0: '0.00',
      totalTrasladosBaseIVAExento: '104.38',
      montoTotalPagos: '2534.43',
    });
    built.pagos!.pagos.forEach((p, i) => {
      const expected = fixture.pagos!.pagos[i];
      expect(p.trasladosP.map((t) => toDecimal(t.importeP ?? '0').toFixed(6))).toEqual(expected.trasladosP.map((t) => toDecimal(t.importeP ?? '0').toFixed(6)));
      expect(p.trasladosP.map((t) => toDecimal(t.baseP).toFixed(6))).toEqual(expected.trasladosP.map((t) => toDecimal(t.baseP).toFixed(6)));
      expect(p.doctos.map((d) => toDecimal(d.impSaldoInsoluto!).toFixed(2))).toEqual(expected.doctos.map((d) => toDecimal(d.impSaldoInsoluto!).toFixed(2)));
    });
    expect(root.nsDecls.get('pago20')).toBe(NS.pago20);
    expect(root.attrs.get('xsi:schemaLocation')).toContain('http://www.sat.gob.mx/Pagos20 http://www.sat.gob.mx/sitio_internet/cfd/Pagos/Pagos20.xsd');
  });

  it('prorates a partial payment from the invoice taxes', () => {
    const { root, pagos } = buildCfdi40({
      ...base,
      tipoDeComprobante: 'P',
      receptor: { ...base.receptor, usoCFDI: 'CP01' },
      pagos: [partialPayment()],
    });
    const xml = writeXml(root);
    expect(xsdErrors(xml)).toEqual([]);
    expect(xml).toContain('FechaPago="2026-03-14T12:00:00" FormaDePagoP="03" MonedaP="MXN" TipoCambioP="1" Monto="580.00"');
    expect(xml).toContain('ImpSaldoAnt="1160.00" ImpPagado="580.00" ImpSaldoInsoluto="580.00" ObjetoImpDR="02"');
    expect(xml).toContain('<pago20:TrasladoDR BaseDR="500" ImpuestoDR="002" TipoFactorDR="Tasa" TasaOCuotaDR="0.160000" ImporteDR="80"/>');
    expect(pagos!.totales).toEqual({ montoTotalPagos: '580.00', totalTrasladosBaseIVA16: '500.00', totalTrasladosImpuestoIVA16: '80.00' });
  });
});

describe('Pagos 2.0 across currencies', () => {
  const pago = (equivalenciaDR?: string) => ({
    fechaPago: '2026-03-14T09:30:00',
    formaDePagoP: '03',
    monedaP: 'USD',
    tipoCambioP: '17.5',
    monto: '66.29',
    doctos: [
      {
        idDocumento: 'bfc36522-4b8e-45c4-8f14-d11b289f9eb7',
        monedaDR: 'MXN',
        equivalenciaDR,
        numParcialidad: '1',
        impSaldoAnt: '1160',
        impPagado: '1160',
        objetoImpDR: '02',
        documento: { total: '1160', traslados: [{ impuesto: '002' as const, tipoFactor: 'Tasa' as const, tasaOCuota: '0.16', base: '1000' }] },
      },
    ],
  });
  const receptor = { ...base.receptor, usoCFDI: 'CP01' };

  it('converts a MXN invoice paid in USD', () => {
    const { root, pagos } = buildCfdi40({ ...base, tipoDeComprobante: 'P', receptor, pagos: [pago('17.5')] });
    // 1160 MXN ÷ 17.5 = 66.2857… → minimum Monto 66.28; ImpuestosP 1000 ÷ 17.5 = 57.142857, 160 ÷ 17.5 = 9.142857
    expect(pagos!.pagos[0]).toMatchObject({ monto: '66.29', montoMinimo: '66.28', saldosInsolutos: ['0.00'] });
    expect(pagos!.pagos[0].traslados).toEqual([{ baseP: '57.142857', impuestoP: '002', tipoFactorP: 'Tasa', tasaOCuotaP: '0.160000', importeP: '9.142857' }]);
    // Totales in MXN: 57.142857 × 17.5 = 999.9999975 → 1000.00; 66.29 × 17.5 = 1160.075 → 1160.08
    expect(pagos!.totales).toEqual({ montoTotalPagos: '1160.08', totalTrasladosBaseIVA16: '1000.00', totalTrasladosImpuestoIVA16: '160.00' });
    expect(xsdErrors(writeXml(root))).toEqual([]);
  });

  it('asks for EquivalenciaDR when the currencies differ', () => {
    expect(() => buildCfdi40({ ...base, tipoDeComprobante: 'P', receptor, pagos: [pago()] })).toThrow(/Falta EquivalenciaDR/);
  });
});

const nomina: NominaInput = nominaQuincenal({
  percepciones: [
    { tipoPercepcion: '001', clave: 'P001', concepto: 'Sueldo', importeGravado: '7500', importeExento: '0' },
    {
      tipoPercepcion: '019',
      clave: 'P019',
      concepto: 'Horas extra',
      importeGravado: '300.50',
      importeExento: '300.50',
      horasExtra: [{ dias: '2', tipoHoras: '01', horasExtra: '6', importePagado: '601' }],
    },
  ],
  deducciones: [
    { tipoDeduccion: '002', clave: 'D002', concepto: 'ISR', importe: '812.34' },
    { tipoDeduccion: '001', clave: 'D001', concepto: 'IMSS', importe: '190.10' },
  ],
  otrosPagos: [{ tipoOtroPago: '002', clave: 'O002', concepto: 'Subsidio para el empleo', importe: '0', subsidioAlEmpleo: { subsidioCausado: '0' } }],
  incapacidades: [{ diasIncapacidad: '1', tipoIncapacidad: '02', importeMonetario: '250.00' }],
});

describe('buildCfdi40 tipo N (Nómina 1.2)', () => {
  it('computes nómina totals and the CFDI amounts from them', () => {
    const input: Cfdi40Input = {
      ...base,
      tipoDeComprobante: 'N',
      receptor: { rfc: 'XOJI740919U48', nombre: 'INGRID XODAR JIMENEZ', domicilioFiscalReceptor: '76028', regimenFiscalReceptor: '605', usoCFDI: 'CN01' },
      nomina,
    };
    const { root, nomina: totals } = buildCfdi40(input);
    // Percepciones 7500 + 601 = 8101; deducciones 812.34 + 190.10 = 1002.44; otros pagos 0
    expect(totals).toEqual({
      totalSueldos: '8101.00',
      totalGravado: '7800.50',
      totalExento: '300.50',
      totalPercepciones: '8101.00',
      totalImpuestosRetenidos: '812.34',
      totalOtrasDeducciones: '190.10',
      totalDeducciones: '1002.44',
      totalOtrosPagos: '0.00',
      subTotal: '8101.00',
      descuento: '1002.44',
      total: '7098.56',
    });
    const xml = writeXml(root);
    expect(xsdErrors(xml)).toEqual([]);
    expect(xml).toContain('FormaPago="99"');
    expect(xml).toContain('SubTotal="8101.00" Descuento="1002.44" Moneda="MXN" Total="7098.56" TipoDeComprobante="N" Exportacion="01" MetodoPago="PUE"');
    expect(xml).toContain(
      '<cfdi:Concepto ClaveProdServ="84111505" Cantidad="1" ClaveUnidad="ACT" Descripcion="Pago de nómina" ValorUnitario="8101.00" Importe="8101.00" Descuento="1002.44" ObjetoImp="01"/>',
    );
    const n = findDescendant(root, NS.nomina12, 'Nomina')!;
    expect(childElements(n).map((e) => e.local)).toEqual(['Emisor', 'Receptor', 'Percepciones', 'Deducciones', 'OtrosPagos', 'Incapacidades']);
    const back = readCfdi(parseXml(xml)).nomina!;
    expect(back).toMatchObject({ totalPercepciones: '8101.00', totalDeducciones: '1002.44', totalOtrosPagos: '0.00' });
    expect(back.percepciones?.percepciones[1].horasExtra).toEqual([{ dias: '2', tipoHoras: '01', horasExtra: '6', importePagado: '601.00' }]);
    expect(back.otrosPagos[0].subsidioAlEmpleo).toEqual({ subsidioCausado: '0.00' });
    expect(back.receptor.antigüedad).toBe('P323W');
  });

  it('separates indemnización and jubilación totals', () => {
    const { nomina: t } = buildCfdi40({
      ...base,
      tipoDeComprobante: 'N',
      receptor: { rfc: 'XOJI740919U48', nombre: 'INGRID XODAR JIMENEZ', domicilioFiscalReceptor: '76028', regimenFiscalReceptor: '605', usoCFDI: 'CN01' },
      nomina: {
        ...nomina,
        tipoNomina: 'E',
        deducciones: [],
        otrosPagos: [],
        percepciones: [
          { tipoPercepcion: '025', clave: 'P025', concepto: 'Indemnización', importeGravado: '50000', importeExento: '10000' },
          { tipoPercepcion: '039', clave: 'P039', concepto: 'Jubilación', importeGravado: '1000', importeExento: '0' },
        ],
        separacionIndemnizacion: { totalPagado: '60000.00', numAñosServicio: '6', ultimoSueldoMensOrd: '15000.00', ingresoAcumulable: '15000.00', ingresoNoAcumulable: '35000.00' },
      },
    });
    expect(t).toMatchObject({ totalSeparacionIndemnizacion: '60000.00', totalJubilacionPensionRetiro: '1000.00', totalPercepciones: '61000.00', total: '61000.00' });
    expect(t?.totalSueldos).toBeUndefined();
    expect(t?.descuento).toBeUndefined();
  });
});

describe('buildRetenciones20', () => {
  it('builds a Retenciones 2.0 document that round-trips', () => {
    const root = buildRetenciones20({
      fechaExp: '2026-02-10T09:00:00',
      lugarExpRetenc: '42501',
      cveRetenc: '16',
      noCertificado: '30001000000500003416',
      sello: 'AAAA',
      certificado: 'AAAA',
      emisor: { rfcE: 'EKU9003173C9', nomDenRazSocE: 'ESCUELA KEMPER URGATE', regimenFiscalE: '601' },
      receptor: { nacionalidadR: 'Nacional', rfcR: 'XOJI740919U48', nomDenRazSocR: 'INGRID XODAR JIMENEZ', domicilioFiscalR: '76028' },
      periodo: { mesIni: '01', mesFin: '01', ejercicio: '2026' },
      montoTotGrav: '10000',
      montoTotExent: '0',
      impRetenidos: [
        { baseRet: '10000', impuestoRet: '001', montoRet: '1000', tipoPagoRet: '01' },
        { baseRet: '10000', impuestoRet: '002', montoRet: '1066.67', tipoPagoRet: '01' },
      ],
    });
    const xml = writeXml(root);
    expect(xml).toContain('MontoTotOperacion="10000.00" MontoTotGrav="10000.00" MontoTotExent="0.00" MontoTotRet="2066.67"');
    expect(xsdErrors(xml)).toEqual([]);
    const r = readRetenciones(parseXml(xml));
    expect(r.receptor).toEqual({ nacionalidadR: 'Nacional', rfcR: 'XOJI740919U48', nomDenRazSocR: 'INGRID XODAR JIMENEZ', domicilioFiscalR: '76028' });
    expect(r.totales.impRetenidos).toHaveLength(2);
    expect(r.periodo).toEqual({ mesIni: '01', mesFin: '01', ejercicio: '2026' });
  });
});
