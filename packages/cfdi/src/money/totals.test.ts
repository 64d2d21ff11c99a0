import { describe, expect, it } from 'vitest';
import { computeConcept, computeTotals, TASAS, TaxRuleError, type ConceptAmountsInput } from './index';

const iva16 = { impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: TASAS.IVA_16 } as const;
const ivaRet = { impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: TASAS.IVA_RET_2_3 } as const;
const isrRet = { impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: TASAS.ISR_RET_10 } as const;

describe('computeConcept', () => {
  it('computes importe, base and taxes of a concept with discount', () => {
    const c = computeConcept(
      { cantidad: '3', valorUnitario: '33.335', descuento: '0.005', traslados: [iva16], retenciones: [ivaRet, isrRet] },
      2,
    );
    // 3 × 33.335 = 100.005 → 100.01; descuento 0.005 → 0.01; base 100.00
    expect(c.importe).toBe('100.01');
    expect(c.descuento).toBe('0.01');
    expect(c.traslados).toEqual([{ base: '100.00', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000', importe: '16.00' }]);
    // 100 × 0.106667 = 10.6667 → 10.67; 100 × 0.1 = 10.00
    expect(c.retenciones.map((r) => r.importe)).toEqual(['10.67', '10.00']);
  });

  it('rounds 0.160000 × odd bases half up', () => {
    const imp = (v: string) => computeConcept({ cantidad: '1', valorUnitario: v, traslados: [iva16] }, 2).traslados[0].importe;
    expect(imp('0.03')).toBe('0.00'); // 0.0048
    expect(imp('0.04')).toBe('0.01'); // 0.0064
    expect(imp('15.03')).toBe('2.40'); // 2.4048
    expect(imp('15.0313')).toBe('2.40'); // importe 15.03
    expect(imp('1234.56')).toBe('197.53'); // 197.5296
    expect(imp('100.03125')).toBe('16.00'); // importe 100.03125 → 100.03, then 16.0048
    expect(imp('0.015625')).toBe('0.00'); // importe 0.015625 → 0.02, then 0.0032
  });

  it('adds IEPS to the IVA base and computes IEPS cuota on the quantity', () => {
    const c = computeConcept(
      {
        cantidad: '10',
        valorUnitario: '25.50',
        traslados: [{ impuesto: '003', tipoFactor: 'Cuota', tasaOCuota: '6.4555' }, iva16],
      },
      2,
    );
    // IEPS cuota: 10 litros × 6.455500 = 64.555 → 64.56; IVA base 255.00 + 64.56 = 319.56 → 51.1296 → 51.13
    expect(c.traslados[0]).toEqual({ base: '10.00', impuesto: '003', tipoFactor: 'Cuota', tasaOCuota: '6.455500', importe: '64.56' });
    expect(c.traslados[1]).toMatchObject({ base: '319.56', importe: '51.13' });
  });

  it('keeps the decimals of a quantity base for a cuota', () => {
    const c = computeConcept(
      { cantidad: '1', valorUnitario: '100', traslados: [{ impuesto: '003', tipoFactor: 'Cuota', tasaOCuota: '0.5', base: '12.345' }] },
      2,
    );
    expect(c.traslados[0]).toMatchObject({ base: '12.345', importe: '6.17' }); // 6.1725
  });

  it('computes IEPS tasa before IVA', () => {
    const c = computeConcept(
      { cantidad: '1', valorUnitario: '100', traslados: [iva16, { impuesto: '003', tipoFactor: 'Tasa', tasaOCuota: TASAS.IEPS_26_5_ALCOHOL }] },
      2,
    );
    expect(c.traslados.map((t) => [t.impuesto, t.base, t.importe])).toEqual([
      ['002', '126.50', '20.24'],
      ['003', '100.00', '26.50'],
    ]);
  });

  it('applies SAT rules with Spanish messages', () => {
    expect(() => computeConcept({ cantidad: '1', valorUnitario: '10', descuento: '10.01', traslados: [iva16] }, 2)).toThrow(
      'El descuento no puede ser mayor que el importe',
    );
    expect(() => computeConcept({ cantidad: '1', valorUnitario: '10', objetoImp: '01', traslados: [iva16] }, 2)).toThrow(TaxRuleError);
    expect(() => computeConcept({ cantidad: '1', valorUnitario: '10', objetoImp: '02' }, 2)).toThrow(/al menos un impuesto/);
    expect(() => computeConcept({ cantidad: '0', valorUnitario: '10', objetoImp: '01' }, 2)).toThrow(/mayor que cero/);
    expect(() =>
      computeConcept({ cantidad: '1', valorUnitario: '10', retenciones: [{ impuesto: '002', tipoFactor: 'Exento' }] }, 2),
    ).toThrow(/Exento/);
    expect(() =>
      computeConcept({ cantidad: '1', valorUnitario: '10', traslados: [{ impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: '0.1' }] }, 2),
    ).toThrow(/ISR no se traslada/);
    expect(() => computeConcept({ cantidad: '1', valorUnitario: '10', traslados: [iva16, iva16] }, 2)).toThrow(/repite/);
    expect(() => computeConcept({ cantidad: '1', valorUnitario: '10.1234567', objetoImp: '01' }, 2)).toThrow('El valor unitario admite como máximo 6 decimales');
    expect(() => computeConcept({ cantidad: '0.0000001', valorUnitario: '10', objetoImp: '01' }, 2)).toThrow(/cantidad admite/);
  });

  it('respects currencies without decimals', () => {
    const c = computeConcept({ cantidad: '3', valorUnitario: '333.5', traslados: [iva16] }, 0);
    expect(c.importe).toBe('1001'); // 1000.5 → 1001
    expect(c.traslados[0]).toMatchObject({ base: '1001', importe: '160' }); // 160.16
  });
});

describe('computeTotals', () => {
  it('totals a 4.0 Ingreso with mixed taxes (hand-checked)', () => {
    const conceptos: ConceptAmountsInput[] = [
      // Services from a persona física: IVA 16 %, IVA ret 2/3, ISR ret 10 %
      { cantidad: '1', valorUnitario: '10000', traslados: [iva16], retenciones: [ivaRet, isrRet] },
      // Goods at 16 % with discount
      { cantidad: '2', valorUnitario: '499.99', descuento: '100', traslados: [iva16] },
      // Food at 0 %
      { cantidad: '4', valorUnitario: '12.50', traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: TASAS.IVA_0 }] },
      // Exempt
      { cantidad: '1', valorUnitario: '300', traslados: [{ impuesto: '002', tipoFactor: 'Exento' }] },
      // Not subject to tax
      { cantidad: '1', valorUnitario: '50', objetoImp: '01' },
    ];
    const t = computeTotals(conceptos, 'MXN');
    // SubTotal 10000 + 999.98 + 50 + 300 + 50 = 11399.98; Descuento 100
    expect(t.subTotal).toBe('11399.98');
    expect(t.descuento).toBe('100.00');
    // IVA 16: bases 10000 + 899.98 = 10899.98; importes 1600 + 143.9968→144.00 = 1744.00
    expect(t.traslados).toEqual([
      { base: '10899.98', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000', importe: '1744.00' },
      { base: '50.00', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.000000', importe: '0.00' },
      { base: '300.00', impuesto: '002', tipoFactor: 'Exento' },
    ]);
    // IVA ret 10000 × 0.106667 = 1066.67; ISR 1000
    expect(t.retenciones).toEqual([
      { impuesto: '002', importe: '1066.67' },
      { impuesto: '001', importe: '1000.00' },
    ]);
    expect(t.totalImpuestosTrasladados).toBe('1744.00');
    expect(t.totalImpuestosRetenidos).toBe('2066.67');
    // 11399.98 − 100 + 1744 − 2066.67
    expect(t.total).toBe('10977.31');
  });

  it('sums per-concept rounded taxes, which differs from rounding the summed base', () => {
    // Each concept: 0.03 × 0.16 = 0.0048 → 0.00. Rounding the sum instead would give 0.48.
    const conceptos = Array.from({ length: 100 }, () => ({ cantidad: '1', valorUnitario: '0.03', traslados: [iva16] }));
    const t = computeTotals(conceptos, 2);
    expect(t.subTotal).toBe('3.00');
    expect(t.traslados[0]).toMatchObject({ base: '3.00', importe: '0.00' });
    expect(t.total).toBe('3.00');
    // and upward: 0.04 × 0.16 = 0.0064 → 0.01 each, 0.64 in total, where 4.00 × 0.16 = 0.64 too
    const up = computeTotals(Array.from({ length: 7 }, () => ({ cantidad: '1', valorUnitario: '0.05', traslados: [iva16] })), 2);
    expect(up.totalImpuestosTrasladados).toBe('0.07'); // 0.35 × 0.16 = 0.056 would round to 0.06
  });

  it('omits TotalImpuestosTrasladados for exento-only and both totals without taxes', () => {
    const exento = computeTotals([{ cantidad: '1', valorUnitario: '100', traslados: [{ impuesto: '002', tipoFactor: 'Exento' }] }], 2);
    expect(exento.traslados).toHaveLength(1);
    expect(exento.totalImpuestosTrasladados).toBeUndefined();
    expect(exento.totalImpuestosRetenidos).toBeUndefined();
    expect(exento.total).toBe('100.00');
    const none = computeTotals([{ cantidad: '1', valorUnitario: '100', objetoImp: '01' }], 2);
    expect(none).toMatchObject({ traslados: [], retenciones: [], total: '100.00' });
    expect(none.descuento).toBeUndefined();
  });

  it('takes the decimals from the currency code', () => {
    const jpy = computeTotals([{ cantidad: '1', valorUnitario: '1000.5', traslados: [iva16] }], 'JPY');
    expect(jpy).toMatchObject({ subTotal: '1001', totalImpuestosTrasladados: '160', total: '1161' });
  });

  it('handles RESICO ISR retention at 1.25 %', () => {
    const t = computeTotals(
      [{ cantidad: '1', valorUnitario: '8765.43', traslados: [iva16], retenciones: [{ impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: TASAS.ISR_RET_RESICO }] }],
      2,
    );
    // 8765.43 × 0.0125 = 109.567875 → 109.57; IVA 1402.4688 → 1402.47
    expect(t.retenciones).toEqual([{ impuesto: '001', importe: '109.57' }]);
    expect(t.total).toBe('10058.33'); // 8765.43 + 1402.47 − 109.57
  });
});
