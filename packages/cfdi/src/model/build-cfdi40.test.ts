import { describe, expect, it } from 'vitest';
import { parseXml, writeXml, NS, findDescendant, childElements } from '../xml';
import { validateXsd } from '../validate';
import { TASAS } from '../money';
import { buildCfdi40, readCfdi, formatFecha, mexicoMonth, mexicoToday, type Cfdi40Input } from './index';
import { comprobanteBase } from '../../test/cfdi-inputs';

const base = comprobanteBase;

const ingreso: Cfdi40Input = {
  ...base,
  tipoDeComprobante: 'I',
  serie: 'A',
  folio: '123',
  formaPago: '03',
  metodoPago: 'PUE',
  conceptos: [
    {
      claveProdServ: '81111500',
      claveUnidad: 'E48',
      descripcion: 'Desarrollo de software',
      cantidad: '1',
      valorUnitario: '10000',
      traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: TASAS.IVA_16 }],
      retenciones: [
        { impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: TASAS.IVA_RET_2_3 },
        { impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: TASAS.ISR_RET_10 },
      ],
    },
    {
      claveProdServ: '50202306',
      claveUnidad: 'H87',
      unidad: 'Pieza',
      noIdentificacion: 'REF-1',
      descripcion: 'Refresco 600 ml',
      cantidad: '3',
      valorUnitario: '15.335',
      descuento: '1.005',
      traslados: [
        { impuesto: '003', tipoFactor: 'Cuota', tasaOCuota: '1.6451', base: '1.8' },
        { impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: TASAS.IVA_16 },
      ],
      informacionAduanera: ['23  47  3807  3000123'],
    },
    {
      claveProdServ: '10101501',
      claveUnidad: 'H87',
      descripcion: 'Producto exento',
      cantidad: '2.5',
      valorUnitario: '40',
      traslados: [{ impuesto: '002', tipoFactor: 'Exento' }],
      cuentaPredial: ['12345'],
      aCuentaTerceros: {
        rfcACuentaTerceros: 'XOJI740919U48',
        nombreACuentaTerceros: 'INGRID XODAR JIMENEZ',
        regimenFiscalACuentaTerceros: '612',
        domicilioFiscalACuentaTerceros: '76028',
      },
      partes: [{ claveProdServ: '10101501', cantidad: '2', descripcion: 'Parte A', valorUnitario: '12.345', informacionAduanera: ['23  47  3807  3000124'] }],
    },
    { claveProdServ: '01010101', claveUnidad: 'ACT', descripcion: 'No objeto', cantidad: '1', valorUnitario: '7.5', objetoImp: '01' },
  ],
};

describe('buildCfdi40', () => {
  it('builds an Ingreso with computed totals (hand-checked)', () => {
    const { root, totals } = buildCfdi40(ingreso);
    // Concept 2: 3 × 15.335 = 46.005 → 46.01; descuento 1.005 → 1.01; IEPS cuota 1.8 × 1.6451 = 2.96118 → 2.96;
    // IVA base 45.00 + 2.96 = 47.96 → 7.6736 → 7.67
    expect(totals.conceptos[1]).toEqual({
      importe: '46.01',
      descuento: '1.01',
      traslados: [
        { base: '1.80', impuesto: '003', tipoFactor: 'Cuota', tasaOCuota: '1.645100', importe: '2.96' },
        { base: '47.96', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000', importe: '7.67' },
      ],
      retenciones: [],
    });
    const a = (n: string) => root.attrs.get(n);
    // SubTotal 10000 + 46.01 + 100 + 7.50 = 10153.51; Descuento 1.01
    expect(a('SubTotal')).toBe('10153.51');
    expect(a('Descuento')).toBe('1.01');
    // Traslados: IVA16 1600 + 7.67 = 1607.67; IEPS 2.96 → 1610.63. Retenidos 1066.67 + 1000
    const imp = findDescendant(root, NS.cfdi40, 'Impuestos')!;
    const docImpuestos = childElements(root).find((e) => e.local === 'Impuestos')!;
    expect(imp).toBeDefined();
    expect(Object.fromEntries(docImpuestos.attrs)).toEqual({ TotalImpuestosRetenidos: '2066.67', TotalImpuestosTrasladados: '1610.63' });
    // Total = 10153.51 − 1.01 + 1610.63 − 2066.67
    expect(a('Total')).toBe('9696.46');
    expect(a('Moneda')).toBe('MXN');
    expect(a('Version')).toBe('4.0');
    expect(a('Exportacion')).toBe('01');
    expect(a('xsi:schemaLocation')).toBe('http://www.sat.gob.mx/cfd/4 http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd');
    expect(root.nsDecls.get('cfdi')).toBe(NS.cfdi40);
  });

  it('writes schema-ordered XML that passes the SAT XSD', () => {
    const xml = writeXml(buildCfdi40(ingreso).root);
    expect(xml).toContain('<cfdi:Impuestos TotalImpuestosRetenidos="2066.67" TotalImpuestosTrasladados="1610.63"><cfdi:Retenciones>');
    expect(xml).toContain('ValorUnitario="15.335" Importe="46.01" Descuento="1.01" ObjetoImp="02"');
    expect(xml).toContain('Cantidad="2.5" ClaveUnidad="H87" Descripcion="Producto exento" ValorUnitario="40.00" Importe="100.00"');
    expect(xml).toContain('<cfdi:Traslado Base="100.00" Impuesto="002" TipoFactor="Exento"/>');
    const errors = validateXsd(xml).filter((i) => i.severity === 'error');
    expect(errors).toEqual([]);
  });

  it('round-trips build → XML → read', () => {
    const { root } = buildCfdi40(ingreso);
    const c = readCfdi(parseXml(writeXml(root)));
    expect(c).toMatchObject({ version: '4.0', serie: 'A', folio: '123', fecha: base.fecha, subTotal: '10153.51', total: '9696.46', tipoDeComprobante: 'I' });
    expect(c.emisor).toEqual(base.emisor);
    expect(c.receptor).toEqual(base.receptor);
    expect(c.conceptos).toHaveLength(4);
    expect(c.conceptos[1]).toMatchObject({ noIdentificacion: 'REF-1', unidad: 'Pieza', informacionAduanera: ['23  47  3807  3000123'], descuento: '1.01' });
    expect(c.conceptos[2].cuentaPredial).toEqual(['12345']);
    expect(c.conceptos[2].aCuentaTerceros?.rfcACuentaTerceros).toBe('XOJI740919U48');
    // Parte: 2 × 12.345 = 24.69
    expect(c.conceptos[2].partes).toEqual([
      { claveProdServ: '10101501', cantidad: '2', descripcion: 'Parte A', valorUnitario: '12.345', importe: '24.69', informacionAduanera: ['23  47  3807  3000124'] },
    ]);
    expect(c.conceptos[3]).toMatchObject({ objetoImp: '01', traslados: [], retenciones: [] });
    expect(c.impuestos?.retenciones).toEqual([
      { impuesto: '002', importe: '1066.67' },
      { impuesto: '001', importe: '1000.00' },
    ]);
    expect(c.impuestos?.traslados.map((t) => [t.impuesto, t.tipoFactor, t.base, t.importe])).toEqual([
      ['002', 'Tasa', '10047.96', '1607.67'], // 10000 + 47.96 (IVA base includes IEPS)
      ['003', 'Cuota', '1.80', '2.96'],
      ['002', 'Exento', '100.00', undefined],
    ]);
  });

  it('builds an Egreso in USD with related documents and global information', () => {
    const { root } = buildCfdi40({
      ...base,
      tipoDeComprobante: 'E',
      moneda: 'USD',
      tipoCambio: '17.2345',
      formaPago: '03',
      metodoPago: 'PUE',
      receptor: { ...base.receptor, rfc: 'XAXX010101000', nombre: 'PUBLICO EN GENERAL', usoCFDI: 'S01', regimenFiscalReceptor: '616', domicilioFiscalReceptor: '42501' },
      informacionGlobal: { periodicidad: '04', meses: '03', año: '2026' },
      cfdiRelacionados: [{ tipoRelacion: '01', uuids: ['11111111-2222-3333-4444-555555555555'] }],
      conceptos: [{ claveProdServ: '84111506', claveUnidad: 'ACT', descripcion: 'Devolución', cantidad: '1', valorUnitario: '99.999', traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.08' }] }],
    });
    const xml = writeXml(root);
    expect(xml).toContain('Moneda="USD" TipoCambio="17.2345" Total="108.00"'); // 100.00 + 8.00
    expect(childElements(root).map((e) => e.local)).toEqual(['InformacionGlobal', 'CfdiRelacionados', 'Emisor', 'Receptor', 'Conceptos', 'Impuestos']);
    expect(validateXsd(xml).filter((i) => i.severity === 'error')).toEqual([]);
  });

  it('builds a Traslado with zero totals and no taxes', () => {
    const { root } = buildCfdi40({
      ...base,
      tipoDeComprobante: 'T',
      receptor: { ...base.receptor, rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', usoCFDI: 'S01', regimenFiscalReceptor: '601', domicilioFiscalReceptor: '42501' },
      formaPago: '01',
      conceptos: [{ claveProdServ: '24101500', claveUnidad: 'H87', descripcion: 'Mercancía', cantidad: '10', valorUnitario: '5', traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.16' }] }],
    });
    expect(root.attrs.get('SubTotal')).toBe('0');
    expect(root.attrs.get('Total')).toBe('0');
    expect(root.attrs.has('FormaPago')).toBe(false);
    expect(findDescendant(root, NS.cfdi40, 'Impuestos')).toBeUndefined();
    expect(findDescendant(root, NS.cfdi40, 'Concepto')!.attrs.get('ObjetoImp')).toBe('01');
    expect(validateXsd(writeXml(root)).filter((i) => i.severity === 'error')).toEqual([]);
  });

  it('refuses bad input with Spanish messages', () => {
    expect(() => buildCfdi40({ ...ingreso, fecha: '2026-03-15 10:20' })).toThrow(/AAAA-MM-DDThh:mm:ss/);
    expect(() => buildCfdi40({ ...ingreso, conceptos: [] })).toThrow('El comprobante necesita al menos un concepto');
    expect(() => buildCfdi40({ ...ingreso, moneda: 'ZZZ' })).toThrow(/c_Moneda/);
    expect(() => buildCfdi40({ ...base, tipoDeComprobante: 'P' })).toThrow(/complemento de pagos/);
    expect(() => buildCfdi40({ ...ingreso, moneda: 'USD' })).toThrow('Falta el tipo de cambio para la moneda USD');
  });

  it('formats Fecha in Mexico City time', () => {
    expect(formatFecha(new Date('2026-03-15T16:20:30Z'))).toBe('2026-03-15T10:20:30');
    expect(formatFecha(new Date('2026-01-01T05:59:59Z'))).toBe('2025-12-31T23:59:59');
  });

  it("today and this month on Mexico's clock, not UTC's", () => {
    expect(mexicoToday(new Date('2026-01-01T05:59:59Z'))).toBe('2025-12-31');
    expect(mexicoToday(new Date('2026-01-01T06:00:00Z'))).toBe('2026-01-01');
    expect(mexicoMonth(new Date('2026-01-01T05:59:59Z'))).toEqual({ year: 2025, month: 12 });
    expect(mexicoMonth(new Date('2026-11-29T18:00:00Z'))).toEqual({ year: 2026, month: 11 });
  });
});
