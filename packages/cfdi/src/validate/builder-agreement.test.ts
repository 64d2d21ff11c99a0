import { describe, expect, test } from 'vitest';
import { buildCfdi40, type Cfdi40Input } from '../model';
import { TASAS } from '../money';
import { writeXml } from '../xml';
import { validateCfdi } from './cfdi';
import { validateXsd } from './xsd';
import { errorsOf } from './test-helpers';
import { comprobanteBase, partialPayment } from '../../test/cfdi-inputs';

// Documents built by the model (B1's arithmetic) must pass these rules unchanged: the two sides
// implement the same Anexo 20 arithmetic independently, so this catches either drifting.
const base = comprobanteBase;
const now = new Date('2026-03-16T12:00:00Z');

const concepto = (i: number) => ({
  claveProdServ: '81111500',
  claveUnidad: 'E48',
  descripcion: `Servicio ${i}`,
  cantidad: `${i}.5`,
  valorUnitario: `${1000 + i * 37}.335`,
  descuento: i % 3 === 0 ? '10.005' : undefined,
  traslados: [{ impuesto: '002' as const, tipoFactor: 'Tasa' as const, tasaOCuota: TASAS.IVA_16 }],
  retenciones: i % 2 === 0
    ? [
        { impuesto: '002' as const, tipoFactor: 'Tasa' as const, tasaOCuota: TASAS.IVA_RET_2_3 },
        { impuesto: '001' as const, tipoFactor: 'Tasa' as const, tasaOCuota: TASAS.ISR_RET_10 },
      ]
    : [],
});

describe('model builder ↔ validation rules', () => {
  test('a 10-concept ingreso with discounts and retenciones passes XSD and rules', () => {
    const input: Cfdi40Input = { ...base, tipoDeComprobante: 'I', formaPago: '03', metodoPago: 'PUE', conceptos: Array.from({ length: 10 }, (_, i) => concepto(i + 1)) };
    const { root } = buildCfdi40(input);
    expect(errorsOf(validateXsd(writeXml(root)))).toEqual([]);
    expect(errorsOf(validateCfdi(root, { now }))).toEqual([]);
  });

  test('IEPS cuota, exento and no-objeto concepts', () => {
    const input: Cfdi40Input = {
      ...base,
      tipoDeComprobante: 'I',
      formaPago: '99',
      metodoPago: 'PPD',
      conceptos: [
        { claveProdServ: '50202306', claveUnidad: 'H87', descripcion: 'Refresco', cantidad: '3', valorUnitario: '15.335', descuento: '1.005', traslados: [{ impuesto: '003', tipoFactor: 'Cuota', tasaOCuota: '1.6451', base: '1.8' }, { impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: TASAS.IVA_16 }] },
        { claveProdServ: '10101501', claveUnidad: 'H87', descripcion: 'Exento', cantidad: '2.5', valorUnitario: '40', traslados: [{ impuesto: '002', tipoFactor: 'Exento' }] },
        { claveProdServ: '01010101', claveUnidad: 'ACT', descripcion: 'No objeto', cantidad: '1', valorUnitario: '7.5', objetoImp: '01' },
      ],
    };
    expect(errorsOf(validateCfdi(buildCfdi40(input).root, { now }))).toEqual([]);
  });

  test('a payment receipt with a prorated partial payment passes', () => {
    const { root } = buildCfdi40({
      ...base,
      tipoDeComprobante: 'P',
      receptor: { ...base.receptor, usoCFDI: 'CP01' },
      pagos: [partialPayment()],
    });
    expect(errorsOf(validateXsd(writeXml(root)))).toEqual([]);
    expect(errorsOf(validateCfdi(root, { now }))).toEqual([]);
  });
});
