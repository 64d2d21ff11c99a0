import { describe, expect, it } from 'vitest';
import { parseXml, writeXml, NS, findDescendant, childElements, type XmlElement } from '../xml';
import { validateXsd } from '../validate';
import { cadenaOriginal } from '../cadena';
import { loadCredential } from '../credentials';
import { sealCfdi } from '../seal';
import { verifyCfdi } from '../verify';
import { TASAS } from '../money';
import { buildCfdi33, readCfdi, type Cfdi33Input, type NominaInput } from './index';
import { comprobanteBase, nominaQuincenal } from '../../test/cfdi-inputs';
import { readFixture } from '../../test/fixtures';

const base = { ...comprobanteBase, receptor: { rfc: 'URE180429TM6', nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', usoCFDI: 'G03' } };
const NOW = new Date('2026-03-16T12:00:00Z');

/** Mixed taxes: IVA 16 % with both retentions, an exempt line, IVA 0 % with a discount, one line without taxes. */
const ingreso: Cfdi33Input = {
  ...base,
  tipoDeComprobante: 'I',
  serie: 'F',
  folio: '33',
  formaPago: '03',
  metodoPago: 'PUE',
  conceptos: [
    {
      claveProdServ: '81111500',
      claveUnidad: 'E48',
      descripcion: 'Consultoría',
      cantidad: '2',
      valorUnitario: '1500',
      traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: TASAS.IVA_16 }],
      retenciones: [
        { impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: TASAS.IVA_RET_2_3 },
        { impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: TASAS.ISR_RET_10 },
      ],
    },
    { claveProdServ: '10101501', claveUnidad: 'H87', descripcion: 'Exento', cantidad: '1', valorUnitario: '250', traslados: [{ impuesto: '002', tipoFactor: 'Exento' }] },
    {
      claveProdServ: '50202306',
      claveUnidad: 'H87',
      descripcion: 'Tasa cero',
      cantidad: '4',
      valorUnitario: '12.50',
      descuento: '5',
      traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.000000' }],
      cuentaPredial: ['12345'],
    },
    // A 4.0-only field on the input is ignored: 3.3 has no ObjetoImp.
    { claveProdServ: '01010101', claveUnidad: 'ACT', descripcion: 'Sin impuestos', cantidad: '1', valorUnitario: '7.5', objetoImp: '01' },
  ],
};

const nomina: NominaInput = nominaQuincenal();

const inputs: Record<string, Cfdi33Input> = {
  I: ingreso,
  E: {
    ...base,
    tipoDeComprobante: 'E',
    moneda: 'USD',
    tipoCambio: '17.2345',
    formaPago: '03',
    metodoPago: 'PUE',
    cfdiRelacionados: { tipoRelacion: '01', uuids: ['11111111-2222-3333-4444-555555555555', '66666666-7777-8888-9999-000000000000'] },
    conceptos: [{ claveProdServ: '84111506', claveUnidad: 'ACT', descripcion: 'Devolución', cantidad: '1', valorUnitario: '99.999', traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.16' }] }],
  },
  T: {
    ...base,
    tipoDeComprobante: 'T',
    receptor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', usoCFDI: 'P01' },
    formaPago: '01',
    conceptos: [{ claveProdServ: '24101500', claveUnidad: 'H87', descripcion: 'Mercancía', cantidad: '10', valorUnitario: '5', traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.16' }] }],
  },
  P: {
    ...base,
    tipoDeComprobante: 'P',
    pagos: [
      {
        fechaPago: '2026-03-14',
        formaDePagoP: '03',
        monedaP: 'MXN',
        numOperacion: 'SPEI-0001',
        doctos: [
          { idDocumento: 'bfc36522-4b8e-45c4-8f14-d11b289f9eb7', serie: 'F', folio: '32', monedaDR: 'MXN', metodoDePagoDR: 'PPD', numParcialidad: '1', impSaldoAnt: '1160', impPagado: '580' },
          { idDocumento: 'a1b2c3d4-0000-4000-8000-000000000001', monedaDR: 'USD', tipoCambioDR: '0.058', metodoDePagoDR: 'PPD', numParcialidad: '2', impSaldoAnt: '100', impPagado: '58' },
        ],
      },
    ],
  },
  N: { ...base, tipoDeComprobante: 'N', receptor: { rfc: 'XOJI740919U48', nombre: 'INGRID XODAR JIMENEZ', usoCFDI: 'G03' }, nomina },
};

const xsdErrors = (xml: string) => validateXsd(xml).filter((i) => i.severity === 'error');

describe('buildCfdi33', () => {
  it('computes a mixed-tax Ingreso (hand-checked) in the 3.3 shape', () => {
    const { root, totals } = buildCfdi33(ingreso);
    const a = (n: string) => root.attrs.get(n);
    // SubTotal 3000 + 250 + 50 + 7.50; Descuento 5; trasladados IVA16 480 + IVA0 0; retenidos 320.00 (3000 × 0.106667) + 300
    expect([a('SubTotal'), a('Descuento'), a('Total')]).toEqual(['3307.50', '5.00', '3162.50']); // 3307.50 − 5 + 480 − 620
    expect([totals.totalImpuestosTrasladados, totals.totalImpuestosRetenidos]).toEqual(['480.00', '620.00']);
    expect(a('Version')).toBe('3.3');
    expect(a('Exportacion')).toBeUndefined();
    expect(a('xsi:schemaLocation')).toBe('http://www.sat.gob.mx/cfd/3 http://www.sat.gob.mx/sitio_internet/cfd/3/cfdv33.xsd');
    expect(root.nsDecls.get('cfdi')).toBe(NS.cfdi33);
    const xml = writeXml(root);
    expect(xml).not.toContain('ObjetoImp');
    expect(xml).toContain('<cfdi:Receptor Rfc="URE180429TM6" Nombre="UNIVERSIDAD ROBOTICA ESPAÑOLA" UsoCFDI="G03"/>');
    // Concept level keeps Base (and the exempt line); document level has neither Base nor Exento.
    expect(xml).toContain('<cfdi:Traslado Base="250.00" Impuesto="002" TipoFactor="Exento"/>');
    const docTraslados = childElements(childElements(root).find((e) => e.local === 'Impuestos')!).find((e) => e.local === 'Traslados')!;
    expect(childElements(docTraslados).map((t) => Object.fromEntries(t.attrs))).toEqual([
      { Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.160000', Importe: '480.00' },
      { Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.000000', Importe: '0.00' },
    ]);
  });

  for (const tipo of ['I', 'E', 'T', 'P', 'N']) {
    it(`tipo ${tipo}: passes cfdv33.xsd, has a cadena original and round-trips through readCfdi`, () => {
      const built = buildCfdi33(inputs[tipo]);
      const xml = writeXml(built.root);
      expect(xsdErrors(xml)).toEqual([]);
      const cadena = cadenaOriginal(parseXml(xml));
      expect(cadena.startsWith(`||3.3|`)).toBe(true);
      expect(cadena).toContain(`|${built.root.attrs.get('Total')}|${tipo}|`);
      const c = readCfdi(parseXml(xml));
      expect(c).toMatchObject({ version: '3.3', tipoDeComprobante: tipo, fecha: base.fecha, subTotal: built.root.attrs.get('SubTotal'), total: built.root.attrs.get('Total') });
      expect(c.emisor).toEqual(base.emisor);
      expect(c.conceptos).toHaveLength(inputs[tipo].conceptos?.length ?? 1);
    });
  }

  it('writes one CfdiRelacionados with every UUID (Egreso in USD)', () => {
    const { root } = buildCfdi33(inputs.E);
    expect(childElements(root).map((e) => e.local)).toEqual(['CfdiRelacionados', 'Emisor', 'Receptor', 'Conceptos', 'Impuestos']);
    expect(writeXml(root)).toContain('Moneda="USD" TipoCambio="17.2345" Total="116.00"');
    expect(readCfdi(parseXml(writeXml(root))).cfdiRelacionados).toEqual([inputs.E.cfdiRelacionados]);
  });

  it('builds a Pago with Pagos 1.0: zero totals, XXX, fixed concept, P01 and computed saldos', () => {
    const { root, pagos } = buildCfdi33({ ...inputs.P, receptor: { ...base.receptor, usoCFDI: 'G03' } });
    const xml = writeXml(root);
    expect(xml).toContain('SubTotal="0" Moneda="XXX" Total="0" TipoDeComprobante="P"');
    expect(xml).not.toContain('FormaPago=');
    expect(xml).toContain('UsoCFDI="P01"');
    expect(xml).toContain('<cfdi:Concepto ClaveProdServ="84111506" Cantidad="1" ClaveUnidad="ACT" Descripcion="Pago" ValorUnitario="0" Importe="0"/>');
    expect(root.nsDecls.get('pago10')).toBe(NS.pago10);
    const p = findDescendant(root, NS.pago10, 'Pago')!;
    // Monto = 580 + 58 USD ÷ 0.058 USD per MXN = 580 + 1000
    expect(Object.fromEntries(p.attrs)).toEqual({ FechaPago: '2026-03-14T12:00:00', FormaDePagoP: '03', MonedaP: 'MXN', Monto: '1580.00', NumOperacion: 'SPEI-0001' });
    expect(pagos?.pagos[0].saldosInsolutos).toEqual(['580.00', '42.00']);
    const doctos = childElements(p).map((d) => [d.attrs.get('TipoCambioDR'), d.attrs.get('MetodoDePagoDR'), d.attrs.get('ImpSaldoInsoluto')]);
    expect(doctos).toEqual([
      [undefined, 'PPD', '580.00'],
      ['0.058', 'PPD', '42.00'],
    ]);
    const back = readCfdi(parseXml(xml)).pagos!;
    expect(back.version).toBe('1.0');
    expect(back.pagos[0].doctos.map((d) => d.impSaldoInsoluto)).toEqual(['580.00', '42.00']);
  });

  it('builds a Nómina 1.2 CFDI 3.3 with P01 and the Nómina totals', () => {
    const { root, nomina: t } = buildCfdi33(inputs.N);
    expect(t).toMatchObject({ subTotal: '7500.00', descuento: '812.34', total: '6687.66' });
    const xml = writeXml(root);
    expect(xml).toContain('FormaPago="99"');
    expect(xml).toContain('SubTotal="7500.00" Descuento="812.34" Moneda="MXN" Total="6687.66" TipoDeComprobante="N" MetodoPago="PUE"');
    expect(xml).toContain('UsoCFDI="P01"');
    expect(readCfdi(parseXml(xml)).nomina?.totalPercepciones).toBe('7500.00');
  });

  it('seals with the SAT test CSD and verifies', () => {
    const csd = loadCredential(
      { cer: readFixture('certs', 'csd', 'EKU9003173C9.cer'), key: readFixture('certs', 'csd', 'EKU9003173C9.key'), password: '12345678a' },
      { purpose: 'sello', now: NOW },
    );
    for (const tipo of ['I', 'P']) {
      const root: XmlElement = buildCfdi33({ ...inputs[tipo], sello: undefined, certificado: undefined, noCertificado: undefined }).root;
      sealCfdi(root, csd, { now: NOW });
      const result = verifyCfdi(writeXml(root));
      expect(result.checks.find((c) => c.id === 'sello')?.status).toBe('ok');
      expect(result.ok).toBe(true);
    }
  });

  it('refuses what 3.3 cannot express, in Spanish', () => {
    const terceros = { rfcACuentaTerceros: 'XOJI740919U48', nombreACuentaTerceros: 'X', regimenFiscalACuentaTerceros: '612', domicilioFiscalACuentaTerceros: '76028' };
    const concept = ingreso.conceptos![0];
    expect(() => buildCfdi33({ ...ingreso, conceptos: [{ ...concept, aCuentaTerceros: terceros }] })).toThrow('Concepto 1: ACuentaTerceros no existe en CFDI 3.3');
    expect(() => buildCfdi33({ ...ingreso, conceptos: [{ ...concept, cuentaPredial: ['1', '2'] }] })).toThrow(/una sola CuentaPredial/);
    expect(() => buildCfdi33({ ...base, tipoDeComprobante: 'P' })).toThrow(/complemento de pagos/);
    expect(() => buildCfdi33({ ...inputs.P, pagos: [{ ...inputs.P.pagos![0], monedaP: 'USD', tipoCambioP: '17', doctos: [{ ...inputs.P.pagos![0].doctos[0] }] }] })).toThrow(
      /Falta TipoCambioDR/,
    );
    expect(() => buildCfdi33({ ...ingreso, moneda: 'USD' })).toThrow('Falta el tipo de cambio para la moneda USD');
  });
});
