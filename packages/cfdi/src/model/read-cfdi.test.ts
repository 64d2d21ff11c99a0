import { describe, expect, it } from 'vitest';
import { readFixtureText } from '../../test/fixtures';
import { parseXml } from '../xml';
import { currencyDecimals, roundTo, sum, toDecimal } from '../money';
import { readCfdi, readRetenciones, summarizeCfdi, CfdiReadError } from './index';

const read = (...p: string[]) => readCfdi(parseXml(readFixtureText('cfdi', ...p)));

describe('readCfdi on the reference documents', () => {
  it('reads cfdi40-valid (4.0 I, stamped)', () => {
    const c = read('cfdi40-valid.xml');
    expect(c).toMatchObject({ version: '4.0', tipoDeComprobante: 'I', moneda: expect.any(String) });
    expect(c.emisor.rfc).toBe('EKU9003173C9');
    expect(c.receptor.rfc).toBe('MCI7306249Y1');
    expect(c.timbre?.version).toBe('1.1');
    expect(c.timbre?.uuid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/);
    expect(c.conceptos.length).toBeGreaterThan(0);
    expect(c.timbre?.selloCFD).toBe(c.sello);
  });

  it('reads cfdi40-real with its taxes adding up', () => {
    const c = read('cfdi40-real.xml');
    expect(c.version).toBe('4.0');
    expect(c.timbre?.rfcProvCertif).toBeTruthy();
    const trasladados = sum(c.impuestos!.traslados.map((t) => t.importe ?? '0'));
    expect(trasladados.eq(toDecimal(c.impuestos!.totalImpuestosTrasladados!))).toBe(true);
    expect(c.conceptos.every((k) => k.objetoImp !== undefined)).toBe(true);
  });

  it('reads a 3.3 document with implocal kept as an unknown complement', () => {
    const c = read('cfdi33-real.xml');
    expect(c).toMatchObject({ version: '3.3', serie: 'H', folio: '11541', subTotal: '1709.12', total: '2010.01', moneda: 'MXN' });
    expect(c.emisor).toEqual({ rfc: 'POT9207213D6', nombre: 'PROMOTORA OTIR SA DE CV', regimenFiscal: '601' });
    expect(c.receptor).toEqual({ rfc: 'DIM8701081LA', nombre: 'DAY INTERNATIONAL DE MEXICO SA DE CV', usoCFDI: 'G03' });
    expect(c.conceptos[0]).toMatchObject({ cantidad: '2.00', valorUnitario: '677.83', importe: '1355.67' });
    expect(c.conceptos[0].traslados).toEqual([{ base: '1355.67', importe: '216.91', impuesto: '002', tasaOCuota: '0.160000', tipoFactor: 'Tasa' }]);
    expect(c.impuestos).toEqual({
      totalImpuestosTrasladados: '273.46',
      retenciones: [],
      traslados: [{ importe: '273.46', impuesto: '002', tasaOCuota: '0.160000', tipoFactor: 'Tasa' }],
    });
    expect(c.complementos.map((e) => e.local)).toEqual(['ImpuestosLocales', 'TimbreFiscalDigital']);
    expect(c.timbre?.uuid).toBe('CEE4BE01-ADFA-4DEB-8421-ADD60F0BEDAC');
    expect(c.conceptos[0].objetoImp).toBeUndefined();
  });

  it('reads cfdi33-valid', () => {
    const c = read('cfdi33-valid.xml');
    expect(c.version).toBe('3.3');
    expect(c.timbre).toBeDefined();
    expect(c.conceptos.length).toBeGreaterThan(0);
  });

  it('reads discounts', () => {
    const c = read('created-with-discounts-40.xml');
    expect(c.descuento).toBeDefined();
    expect(sum(c.conceptos.map((k) => k.descuento ?? '0')).eq(toDecimal(c.descuento!))).toBe(true);
  });

  it('reads the Pagos 2.0 complement', () => {
    const c = read('pagos20-calculator', '001.xml');
    expect(c.tipoDeComprobante).toBe('P');
    expect(c.pagos?.version).toBe('2.0');
    expect(c.pagos?.totales?.montoTotalPagos).toBe('2534.43');
    expect(c.pagos?.pagos).toHaveLength(2);
    const first = c.pagos!.pagos[0];
    expect(first).toMatchObject({ monedaP: 'MXN', monto: '1840', formaDePagoP: '04' });
    expect(first.doctos[0]).toMatchObject({ idDocumento: '6DE9442D-ED57-5320-B2BA-F73E15079FA3', impSaldoInsoluto: '5741.64' });
    expect(first.doctos[0].trasladosDR[2]).toEqual({ baseDR: '70.852089', impuestoDR: '002', tipoFactorDR: 'Exento' });
    expect(first.trasladosP).toHaveLength(3);
  });

  it('refuses what is not a CFDI', () => {
    expect(() => readCfdi(parseXml('<a/>'))).toThrow(CfdiReadError);
    expect(() => readCfdi(parseXml('<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/2"/>'))).toThrow(/no es un CFDI/);
  });

  it('tolerates attribute-name case variations and missing optional attributes', () => {
    const xml =
      '<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/3" version="3.3" fecha="2018-01-01T00:00:00" subTotal="10" total="10" tipoDeComprobante="i" LugarExpedicion="01000">' +
      '<cfdi:Emisor rfc="aaa010101aaa" RegimenFiscal="601"/><cfdi:Receptor Rfc="XAXX010101000" UsoCFDI="P01"/></cfdi:Comprobante>';
    const c = readCfdi(parseXml(xml));
    expect(c).toMatchObject({ version: '3.3', fecha: '2018-01-01T00:00:00', subTotal: '10', total: '10', tipoDeComprobante: 'I', moneda: 'MXN' });
    expect(c.emisor.rfc).toBe('AAA010101AAA');
    expect(c.conceptos).toEqual([]);
    expect(c.impuestos).toBeUndefined();
  });
});

describe('readRetenciones', () => {
  it('reads the Retenciones 2.0 reference document', () => {
    const r = readRetenciones(parseXml(readFixtureText('cfdi', 'retenciones', 'retenciones20.xml')));
    expect(r).toMatchObject({ version: '2.0', cveRetenc: '14', fechaExp: '2022-01-13T14:15:16', lugarExpRetenc: '91778' });
    expect(r.emisor).toEqual({ rfcE: 'EKU9003173C9', nomDenRazSocE: 'ESCUELA KEMPER URGATE', regimenFiscalE: '601' });
    expect(r.receptor).toEqual({ nacionalidadR: 'Extranjero', numRegIdTribR: '998877665544332211', nomDenRazSocR: 'WORLD WIDE COMPANY INC' });
    expect(r.periodo).toEqual({ mesIni: '05', mesFin: '05', ejercicio: '2021' });
    expect(r.totales).toMatchObject({ montoTotOperacion: '55578643', montoTotRet: '0', impRetenidos: [{ baseRet: '0', impuestoRet: '001', montoRet: '200.00', tipoPagoRet: '01' }] });
    expect(r.cfdiRetenRelacionados).toEqual({ tipoRelacion: '01', uuid: '1474B7D3-61FC-41C4-A8B8-3F22E1161BB4' });
    expect(r.complementos.map((c) => c.local)).toEqual(['Dividendos']);
  });

  it('refuses a CFDI as retenciones', () => {
    expect(() => readRetenciones(parseXml(readFixtureText('cfdi', 'cfdi40-valid.xml')))).toThrow(/retenciones/);
  });
});

describe('readCfdi on every reference CFDI', () => {
  const files = [
    'cfdi40-valid.xml',
    'cfdi40-real.xml',
    'cfdi33-real.xml',
    'cfdi33-valid.xml',
    'created-cfdi40-pago20-valid.xml',
    'created-with-discounts-40.xml',
    ...['001', '002', '003', '004', '005', '006', '007', '008'].map((n) => `pagos20-calculator/${n}.xml`),
  ];

  it.each(files)('%s has its key fields', (file) => {
    const c = read(...file.split('/'));
    expect(['3.3', '4.0']).toContain(c.version);
    expect(c.fecha).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    // pagos20-calculator/008 is an anonymised real document with Rfc="": read, not judged here
    expect(c.emisor.rfc).toMatch(/^([A-Z&Ñ]{3,4}\d{6}[A-Z0-9]{3})?$/);
    expect(c.receptor.rfc).toMatch(/^([A-Z&Ñ]{3,4}\d{6}[A-Z0-9]{3})?$/);
    expect(c.conceptos.length).toBeGreaterThan(0);
    expect(() => toDecimal(c.total)).not.toThrow();
    // SubTotal is Σ Importe rounded to the currency decimals (cfdi40-real has 6-decimal importes)
    const decimals = currencyDecimals(c.moneda);
    expect(roundTo(sum(c.conceptos.map((k) => k.importe)), decimals).eq(toDecimal(c.subTotal))).toBe(true);
    if (c.tipoDeComprobante === 'P') {
      expect(c.pagos?.pagos.length).toBeGreaterThan(0);
      expect(c.moneda).toBe('XXX');
    } else {
      const traslados = toDecimal(c.impuestos?.totalImpuestosTrasladados ?? '0');
      const retenidos = toDecimal(c.impuestos?.totalImpuestosRetenidos ?? '0');
      const locales = c.complementos.find((e) => e.local === 'ImpuestosLocales');
      const localTraslados = toDecimal(locales?.attrs.get('TotaldeTraslados') ?? '0').minus(toDecimal(locales?.attrs.get('TotaldeRetenciones') ?? '0'));
      const expected = toDecimal(c.subTotal).minus(toDecimal(c.descuento ?? '0')).plus(traslados).minus(retenidos).plus(localTraslados);
      expect(expected.eq(toDecimal(c.total))).toBe(true);
    }
    if (c.timbre) expect(c.timbre.uuid).toMatch(/^[0-9A-F-]{36}$/);
  });
});

describe('summarizeCfdi', () => {
  it('flattens a 3.3 invoice with local taxes', () => {
    const s = summarizeCfdi(read('cfdi33-real.xml'));
    expect(s).toMatchObject({
      uuid: 'CEE4BE01-ADFA-4DEB-8421-ADD60F0BEDAC',
      emisorRfc: 'POT9207213D6',
      receptorRfc: 'DIM8701081LA',
      fecha: '2018-01-12T08:15:01',
      fechaTimbrado: '2018-01-12T08:17:54',
      subTotal: '1709.12',
      descuento: '0',
      total: '2010.01',
      ivaTrasladado: '273.46',
      isrRetenido: '0',
      trasladosLocales: '27.43',
      retencionesLocales: '0',
      documentosPagados: [],
    });
  });

  it('lists the documents a payment settles', () => {
    const s = summarizeCfdi(read('pagos20-calculator', '001.xml'));
    expect(s.montoTotalPagos).toBe('2534.43');
    expect(s.documentosPagados).toHaveLength(5);
    expect(s.documentosPagados[0]).toBe('6DE9442D-ED57-5320-B2BA-F73E15079FA3');
  });

  it('reads a Pagos 1.0 complement of a 3.3 document', () => {
    const xml =
      '<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/3" xmlns:pago10="http://www.sat.gob.mx/Pagos" Version="3.3" Fecha="2019-05-01T10:00:00" SubTotal="0" Total="0" Moneda="XXX" TipoDeComprobante="P" LugarExpedicion="01000">' +
      '<cfdi:Emisor Rfc="EKU9003173C9" RegimenFiscal="601"/><cfdi:Receptor Rfc="XAXX010101000" UsoCFDI="P01"/>' +
      '<cfdi:Complemento><pago10:Pagos Version="1.0"><pago10:Pago FechaPago="2019-04-30T12:00:00" FormaDePagoP="03" MonedaP="USD" TipoCambioP="19.1" Monto="100.00">' +
      '<pago10:DoctoRelacionado IdDocumento="aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee" MonedaDR="MXN" TipoCambioDR="19.1" MetodoDePagoDR="PPD" NumParcialidad="1" ImpSaldoAnt="1910.00" ImpPagado="1910.00" ImpSaldoInsoluto="0.00"/>' +
      '</pago10:Pago></pago10:Pagos></cfdi:Complemento></cfdi:Comprobante>';
    const c = readCfdi(parseXml(xml));
    expect(c.pagos?.version).toBe('1.0');
    expect(c.pagos?.totales).toBeUndefined();
    expect(c.pagos?.pagos[0].doctos[0]).toMatchObject({ idDocumento: 'AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE', equivalenciaDR: '19.1', impPagado: '1910.00' });
  });
});
