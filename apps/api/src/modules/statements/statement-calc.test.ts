import { describe, expect, it } from 'vitest';
import { Decimal } from '@facturo/cfdi/money';
import { computeStatement, prorationFactor, supportedRegimen, toPesos, type MonthCash, type StatementInput } from './statement-calc';
import { provisionalTariff } from './tables/isr-provisional';

const cash = (month: number, o: Partial<MonthCash> = {}): MonthCash => ({
  month, ingresos: '0', ingresosDevengados: '0', deducciones: '0', isrRetenido: '0', ivaTrasladado: '0', ivaAcreditable: '0',
  ivaRetenidoClientes: '0', ivaRetenidoProveedores: '0', ...o,
});
const input = (o: Partial<StatementInput>): StatementInput => ({
  rfc: 'GOMJ800101AB1', regimen: '612', year: 2026, month: 1, months: [], coeficienteUtilidad: '0', ptuPagada: '0', pagosPrevios: '0', saldoAFavorIva: '0', ...o,
});
const value = (r: ReturnType<typeof computeStatement>, impuesto: string, clave: string) =>
  r.secciones.find((s) => s.impuesto === impuesto)!.lineas.find((l) => l.clave === clave)!.valor;

describe('accumulated provisional tariff (LISR art. 106, Anexo 8)', () => {
  it('is the monthly tariff × n with each lower limit = previous upper + 0.01 (SAT 2025 febrero table)', () => {
    const feb = provisionalTariff(2025, 2);
    expect(feb[0]).toEqual(['0.01', '1492.08', '0.00', '1.92']);
    expect(feb[1]).toEqual(['1492.09', '12664.10', '28.64', '6.40']);
    expect(feb[10]![1]).toBeNull();
    expect(provisionalTariff(2026, 1)[5]).toEqual(['17533.65', '35362.83', '1856.84', '21.36']);
    expect(() => provisionalTariff(2024, 1)).toThrow(/2024/);
  });
});

describe('612 actividad empresarial y profesional (art. 106), docs/statements.md example', () => {
  const jan = cash(1, { ingresos: '30000.00', deducciones: '8000.00', isrRetenido: '1000.00', ivaTrasladado: '4800.00', ivaAcreditable: '1280.00', ivaRetenidoClientes: '1066.67' });
  const feb = cash(2, { ingresos: '25000.00', deducciones: '5000.00', ivaTrasladado: '4000.00', ivaAcreditable: '5000.00', ivaRetenidoProveedores: '200.00' });

  it('January: 22,000 of profit → ISR 2,810.85 − 1,000 withheld = 1,810.85, to pay 1,811 (CFF art. 20); IVA 2,453.33 → 2,453', () => {
    const r = computeStatement(input({ month: 1, months: [jan] }));
    expect(value(r, 'isr', 'base')).toBe('22000.00');
    expect(value(r, 'isr', 'isr_causado')).toBe('2810.85');
    // Issue 24 §9: the detail keeps cents, the amount to pay is whole pesos (85 centavos go up).
    expect(value(r, 'isr', 'isr_a_cargo')).toBe('1810.85');
    expect(r.isrAPagar).toBe('1811.00');
    expect(value(r, 'iva', 'iva_determinado')).toBe('2453.33');
    expect(r.ivaAPagar).toBe('2453.00');
    expect(r.ivaSaldoAFavor).toBe('0.00');
    expect(r.type).toBe('ISR 612 e IVA');
  });

  it('February uses January as pago previo: accumulated 42,000 → 5,194.51 − 1,810.85 − 1,000 = 2,383.66 → 2,384; IVA saldo a favor 1,000 and 200 withheld to pay', () => {
    const r = computeStatement(input({ month: 2, months: [jan, feb], pagosPrevios: '1810.85' }));
    expect(value(r, 'isr', 'limite_inferior')).toBe('35067.29');
    expect(value(r, 'isr', 'cuota_fija')).toBe('3713.68');
    expect(value(r, 'isr', 'isr_causado')).toBe('5194.51');
    expect(value(r, 'isr', 'isr_a_cargo')).toBe('2383.66');
    expect(r.isrAPagar).toBe('2384.00');
    expect(r.ivaSaldoAFavor).toBe('1000.00');
    expect(r.ivaAPagar).toBe('200.00');
  });

  it('March credits February’s saldo a favor: 1,600 − 160 − 1,000 = 440.00', () => {
    const r = computeStatement(input({ month: 3, months: [jan, feb, cash(3, { ivaTrasladado: '1600.00', ivaAcreditable: '160.00' })], pagosPrevios: '4194.51', saldoAFavorIva: '1000.00' }));
    expect(r.ivaAPagar).toBe('440.00');
    expect(value(r, 'iva', 'saldo_anterior')).toBe('1000.00');
  });

  it('losses give no ISR to pay, never a negative one', () => {
    const r = computeStatement(input({ month: 1, months: [cash(1, { ingresos: '1000', deducciones: '5000' })] }));
    expect(r.isrAPagar).toBe('0.00');
  });
});

describe('626 RESICO persona física (art. 113-E)', () => {
  it('40,000 in the month → 1.10 % = 440.00 − 125.00 withheld (art. 113-J) = 315.00', () => {
    const r = computeStatement(input({ rfc: 'GOMJ800101AB1', regimen: '626', month: 4, months: [cash(4, { ingresos: '40000.00', isrRetenido: '125.00' })] }));
    expect(value(r, 'isr', 'tasa')).toBe('1.10');
    expect(r.isrAPagar).toBe('315.00');
  });
  it('the next month stands alone (no pagos previos in RESICO): 90,000 → 2.00 % = 1,800.00', () => {
    const r = computeStatement(input({ regimen: '626', month: 5, months: [cash(4, { ingresos: '40000.00', isrRetenido: '125.00' }), cash(5, { ingresos: '90000.00' })], pagosPrevios: '315.00' }));
    expect(r.isrAPagar).toBe('1800.00');
    expect(value(r, 'isr', 'tasa')).toBe('2.00');
  });
});

describe('601 personas morales (art. 14)', () => {
  const rfc = 'AAA010101AAA';
  it('January: 0.1234 × 100,000 = 12,340.00 × 30 % = 3,702.00', () => {
    const r = computeStatement(input({ rfc, regimen: '601', month: 1, coeficienteUtilidad: '0.1234', months: [cash(1, { ingresosDevengados: '100000.00' })] }));
    expect(value(r, 'isr', 'utilidad_estimada')).toBe('12340.00');
    expect(r.isrAPagar).toBe('3702.00');
  });
  it('February with January as pago previo: 250,000 × 0.1234 × 30 % = 9,255.00 − 3,702.00 = 5,553.00', () => {
    const r = computeStatement(input({ rfc, regimen: '601', month: 2, coeficienteUtilidad: '0.1234', pagosPrevios: '3702.00', months: [cash(1, { ingresosDevengados: '100000.00' }), cash(2, { ingresosDevengados: '150000.00' })] }));
    expect(r.isrAPagar).toBe('5553.00');
  });
  it('June subtracts 2/8 of the PTU pagada (art. 14 fr. II): (74,040 − 2,000) × 30 % − 15,000 = 6,612.00', () => {
    const months = [1, 2, 3, 4, 5, 6].map((m) => cash(m, { ingresosDevengados: '100000.00' }));
    const r = computeStatement(input({ rfc, regimen: '601', month: 6, coeficienteUtilidad: '0.1234', ptuPagada: '8000.00', pagosPrevios: '15000.00', months }));
    expect(value(r, 'isr', 'ptu')).toBe('2000.00');
    expect(r.isrAPagar).toBe('6612.00');
  });
});

describe('other régimenes', () => {
  it('say plainly the ISR is not computed; IVA still is', () => {
    const r = computeStatement(input({ regimen: '605', months: [cash(1, { ivaTrasladado: '160' })] }));
    const isr = r.secciones[0]!;
    expect(isr.calculado).toBe(false);
    expect(isr.mensaje).toMatch(/régimen 605 aún no se calcula/);
    expect(r.ivaAPagar).toBe('160.00');
    expect(supportedRegimen('AAA010101AAA', '626').regimen).toBeNull();
    expect(supportedRegimen('GOMJ800101AB1', null).reason).toMatch(/no tiene régimen/);
  });
});

describe('issue 24: whole pesos, persona moral retentions, IVA proration', () => {
  it('CFF art. 20: 1–50 centavos go down, 51–99 up; the detail keeps the cents', () => {
    const pay = (v: string) => toPesos(new Decimal(v)).toFixed(2);
    expect(pay('100.50')).toBe('100.00');
    expect(pay('100.51')).toBe('101.00');
    expect(pay('100.01')).toBe('100.00');
    expect(pay('100.99')).toBe('101.00');
    expect(pay('100.505')).toBe('101.00'); // rounded to cents first: 100.51
  });

  it('601 credits only the ISR withheld on interest (art. 14 fr. III, art. 54), never what customers withheld on its invoices', () => {
    // 0.20 × 100,000 = 20,000 × 30 % = 6,000.00; withheld by a customer 1,000 (not credited); interest 50.25 (credited).
    const r = computeStatement(input({ rfc: 'AAA010101AAA', regimen: '601', month: 1, coeficienteUtilidad: '0.2000',
      months: [cash(1, { ingresosDevengados: '100000.00', isrRetenido: '1000.00', isrRetenidoIntereses: '50.25' })] }));
    expect(value(r, 'isr', 'isr_retenido')).toBe('50.25');
    expect(value(r, 'isr', 'isr_a_cargo')).toBe('5949.75');
    expect(r.isrAPagar).toBe('5950.00');
    expect(r.secciones[0]!.mensaje).toMatch(/no acredita esas retenciones/);
  });

  it('personas físicas keep crediting what was withheld from them (612, 626)', () => {
    const pf = computeStatement(input({ month: 1, months: [cash(1, { ingresos: '30000.00', deducciones: '8000.00', isrRetenido: '1000.00' })] }));
    expect(value(pf, 'isr', 'isr_retenido')).toBe('1000.00');
    const resico = computeStatement(input({ regimen: '626', month: 4, months: [cash(4, { ingresos: '40000.00', isrRetenido: '125.00' })] }));
    expect(value(resico, 'isr', 'isr_retenido')).toBe('125.00');
  });

  it('LIVA art. 5 fr. V: the mixed IVA × proporción (4 decimals); marked expenses 100 % or 0 %', () => {
    // factor = 77,150.00 / (77,150.00 + 3,500.00) = 0.956602… → 0.9566; 2,032.00 × 0.9566 = 1,943.8112 → 1,943.81.
    // 12,063.04 − 1,779.03 − 1,943.81 = 8,340.20 → 8,340 (CFF art. 20).
    const month = cash(11, { ivaTrasladado: '12063.04', ivaRetenidoClientes: '1779.03', ivaAcreditable: '2032.00', actosGravados: '77150.00', actosExentos: '3500.00' });
    const r = computeStatement(input({ rfc: 'AAA010101AAA', regimen: '601', month: 11, months: [month] }));
    expect(value(r, 'iva', 'proporcion')).toBe('0.9566');
    expect(value(r, 'iva', 'iva_acreditable')).toBe('1943.81');
    expect(value(r, 'iva', 'iva_determinado')).toBe('8340.20');
    expect(value(r, 'iva', 'iva_a_cargo')).toBe('8340.00');
    expect(r.secciones[1]!.mensaje).toMatch(/proporción 0\.9566/);
    // 500.00 of it marked "solo gravadas" and 232.00 "solo exentas": 500 + 1,300 × 0.9566 (1,243.58) = 1,743.58.
    const marked = computeStatement(input({ rfc: 'AAA010101AAA', regimen: '601', month: 11,
      months: [{ ...month, ivaAcreditable: '1300.00', ivaAcreditableGravadas: '500.00', ivaAcreditableExentas: '232.00' }] }));
    expect(value(marked, 'iva', 'iva_acreditable')).toBe('1743.58');
    // No exempt activity: no proration lines, everything credited as before.
    const plain = computeStatement(input({ month: 11, months: [cash(11, { ivaTrasladado: '1600.00', ivaAcreditable: '160.00', actosGravados: '10000.00' })] }));
    expect(plain.secciones[1]!.lineas.some((l) => l.clave === 'proporcion')).toBe(false);
    expect(value(plain, 'iva', 'iva_acreditable')).toBe('160.00');
    expect(prorationFactor(new Decimal(0), new Decimal(100)).toFixed(4)).toBe('0.0000');
  });
});
