import { describe, expect, test } from 'vitest';
import { validateCfdi } from './cfdi';
import { fixRounding } from './fix-rounding';
import { at, errorsOf, loadCfdi, setAttr } from './test-helpers';

describe('fixRounding', () => {
  test('a valid document is left alone', () => {
    const { applied } = fixRounding(loadCfdi('cfdi40-real.xml'));
    expect(applied).toEqual([]);
  });

  test('totals off by a cent are recomputed from the concepts, without touching the input', () => {
    const original = loadCfdi('cfdi40-real.xml');
    setAttr(original, '', 'SubTotal', '862.06');
    setAttr(original, 'Impuestos.Traslados.Traslado[1]', 'Importe', '137.92');
    setAttr(original, 'Impuestos', 'TotalImpuestosTrasladados', '137.92');
    setAttr(original, '', 'Total', '999.99');
    const { root, applied } = fixRounding(original);
    expect(errorsOf(validateCfdi(root))).toEqual([]);
    expect(applied.map((f) => f.field)).toEqual(expect.arrayContaining([
      'Comprobante.SubTotal',
      'Comprobante.Impuestos.Traslados.Traslado[1].Importe',
      'Comprobante.Impuestos.TotalImpuestosTrasladados',
      'Comprobante.Total',
    ]));
    expect(root.attrs.get('Total')).toBe('1000.00');
    expect(original.attrs.get('SubTotal')).toBe('862.06');
  });

  test('a concept tax importe one cent out is fixed and the sums follow', () => {
    const original = loadCfdi('cfdi40-valid.xml');
    setAttr(original, 'Conceptos.Concepto[1].Impuestos.Traslados.Traslado[1]', 'Importe', '458.91');
    setAttr(original, 'Impuestos.Traslados.Traslado[1]', 'Importe', '458.91');
    setAttr(original, 'Impuestos', 'TotalImpuestosTrasladados', '458.91');
    setAttr(original, '', 'Total', '3327.02');
    const { root } = fixRounding(original);
    expect(errorsOf(validateCfdi(root))).toEqual([]);
    expect(at(root, 'Conceptos.Concepto[1].Impuestos.Traslados.Traslado[1]').attrs.get('Importe')).toBe('458.90');
  });

  test('business differences are never "fixed"', () => {
    const original = loadCfdi('cfdi40-real.xml');
    setAttr(original, '', 'Total', '1500.00');
    setAttr(original, 'Conceptos.Concepto[1]', 'Cantidad', '3');
    const { root, applied } = fixRounding(original);
    expect(applied).toEqual([]);
    expect(root.attrs.get('Total')).toBe('1500.00');
    expect(at(root, 'Conceptos.Concepto[1]').attrs.get('Importe')).toBe('8.620690');
  });

  test('Pagos: ImpSaldoInsoluto and Totales off by rounding', () => {
    const original = loadCfdi('created-cfdi40-pago20-valid.xml');
    setAttr(original, 'Complemento.Pagos.Pago[1].DoctoRelacionado[2]', 'ImpSaldoInsoluto', '7000.01');
    setAttr(original, 'Complemento.Pagos.Totales', 'TotalTrasladosBaseIVA16', '12931.03');
    const { root, applied } = fixRounding(original);
    expect(errorsOf(validateCfdi(root))).toEqual([]);
    expect(applied).toHaveLength(2);
  });
});
