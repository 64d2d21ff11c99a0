import { describe, expect, it } from 'vitest';
import { computeConcept, computeTotals, conceptImporteLimits, countDecimals, currencyDecimals, TaxRuleError } from '../../src/money';
import { thrown } from '../thrown';

const IVA16 = [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000' }] as const;
const iva = () => IVA16.map((t) => ({ ...t }));

const ruleError = (run: () => unknown): TaxRuleError => thrown(TaxRuleError, run);

describe('amounts as real users and ERPs send them', () => {
  it('computes with 6-decimal Cantidad and ValorUnitario, within SAT limits', () => {
    const c = computeConcept({ cantidad: '1.123456', valorUnitario: '1234.567891', traslados: iva() }, 2);
    // 1.123456 × 1234.567891 = 1386.9840... → 1386.98; IVA 221.9168 → 221.92
    expect(c.importe).toBe('1386.98');
    expect(c.traslados[0]).toMatchObject({ base: '1386.98', importe: '221.92' });
    const { inferior, superior } = conceptImporteLimits('1.123456', '1234.567891', 2);
    expect(inferior <= c.importe && c.importe <= superior).toBe(true);
  });

  it('uses the c_Moneda decimals: JPY 0, BHD 3, CLF 4', () => {
    expect(currencyDecimals('JPY')).toBe(0);
    expect(currencyDecimals('bhd')).toBe(3);
    const jpy = computeTotals([{ cantidad: '3', valorUnitario: '333.5', traslados: iva() }], 'JPY');
    expect([jpy.subTotal, jpy.totalImpuestosTrasladados, jpy.total]).toEqual(['1001', '160', '1161']);
    const bhd = computeTotals([{ cantidad: '3', valorUnitario: '1.2345', traslados: iva() }], 'BHD');
    // 3.7035 → 3.704 (half up); 0.59264 → 0.593
    expect([bhd.subTotal, bhd.totalImpuestosTrasladados, bhd.total]).toEqual(['3.704', '0.593', '4.297']);
    const clf = computeTotals([{ cantidad: '3', valorUnitario: '1.23456', traslados: iva() }], 'CLF');
    expect(clf.total).toBe('4.2963');
  });

  it('keeps every digit of huge amounts', () => {
    const t = computeTotals([{ cantidad: '1', valorUnitario: '999999999999.99', traslados: iva() }], 'MXN');
    expect(t.totalImpuestosTrasladados).toBe('160000000000.00');
    expect(t.total).toBe('1159999999999.99');
    const many = computeTotals([{ cantidad: '999999', valorUnitario: '999999999999.99', traslados: iva() }], 'MXN');
    expect(many.subTotal).toBe('999998999999990000.01');
  });

  it.each([
    ['exponent', { cantidad: '1e3', valorUnitario: '10' }, 'Cantidad: "1e3" no es un número decimal válido'],
    ['thousands comma', { cantidad: '1', valorUnitario: '1,000.00' }, 'ValorUnitario: "1,000.00" no es un número decimal válido'],
    ['empty discount from a form', { cantidad: '1', valorUnitario: '10', descuento: '' }, 'Descuento: "" no es un número decimal válido'],
    ['negative quantity', { cantidad: '-1', valorUnitario: '10' }, 'La cantidad debe ser mayor que cero'],
    ['negative price', { cantidad: '1', valorUnitario: '-10' }, 'El valor unitario no puede ser negativo'],
    ['7-decimal quantity', { cantidad: '1.0000001', valorUnitario: '10' }, 'La cantidad admite como máximo 6 decimales'],
  ])('refuses %s with a TaxRuleError naming the field', (_name, input, message) => {
    expect(ruleError(() => computeConcept({ ...input, objetoImp: '01' }, 2)).message).toBe(message);
  });

  it('refuses a JS number instead of reading a float', () => {
    const input = { cantidad: 1 as unknown as string, valorUnitario: '10', objetoImp: '01' };
    expect(ruleError(() => computeConcept(input, 2)).message).toBe('Cantidad: Se esperaba un importe como texto decimal');
  });

  it('refuses a rate with more than 6 decimals (the XML would show another rate than the one computed)', () => {
    const traslados = [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.1600001' }] as const;
    expect(ruleError(() => computeConcept({ cantidad: '1000000', valorUnitario: '1', traslados: [...traslados] }, 2)).message).toBe(
      'La tasa o cuota admite como máximo 6 decimales',
    );
  });

  it.each([
    ['full discount', { cantidad: '1', valorUnitario: '10', descuento: '10' }],
    ['price zero', { cantidad: '2', valorUnitario: '0' }],
    ['amount that rounds to zero', { cantidad: '0.000001', valorUnitario: '0.000001' }],
  ])('refuses a tax with zero Base (cfdv40.xsd minInclusive 0.000001): %s', (_name, input) => {
    expect(ruleError(() => computeConcept({ ...input, traslados: iva() }, 2)).message).toMatch(
      /^La base de un traslado debe ser mayor que cero \(0\); .* use ObjetoImp 01$/,
    );
    // The same concept without taxes is fine.
    expect(computeConcept({ ...input, objetoImp: '01' }, 2).traslados).toEqual([]);
  });

  it('refuses a negative explicit Base for retenciones too', () => {
    const retenciones = [{ impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: '0.100000', base: '-5' }] as const;
    expect(ruleError(() => computeConcept({ cantidad: '1', valorUnitario: '10', retenciones: [...retenciones] }, 2)).message).toMatch(
      /^La base de una retención debe ser mayor que cero \(-5\)/,
    );
  });

  it('counts decimals of amounts read with surrounding whitespace (xs:decimal collapses it)', () => {
    expect(countDecimals(' 1.50')).toBe(2);
    expect(countDecimals('\t10.000000 ')).toBe(6);
    expect(conceptImporteLimits(' 2.5', '10.00 ', 2)).toEqual(conceptImporteLimits('2.5', '10.00', 2));
  });
});
