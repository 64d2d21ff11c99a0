import { describe, expect, it } from 'vitest';
import { computeStatement, supportedRegimen, type MonthCash, type StatementInput } from './statement-calc';
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

  it('January: 22,000 of profit → ISR 2,810.85 − 1,000 withheld = 1,810.85; IVA 2,453.33', () => {
    const r = computeStatement(input({ month: 1, months: [jan] }));
    expect(value(r, 'isr', 'base')).toBe('22000.00');
    expect(value(r, 'isr', 'isr_causado')).toBe('2810.85');
    expect(r.isrAPagar).toBe('1810.85');
    expect(r.ivaAPagar).toBe('2453.33');
    expect(r.ivaSaldoAFavor).toBe('0.00');
    expect(r.type).toBe('ISR 612 e IVA');
  });

  it('February uses January as pago previo: accumulated 42,000 → 5,194.51 − 1,810.85 − 1,000 = 2,383.66; IVA saldo a favor 1,000 and 200 withheld to pay', () => {
    const r = computeStatement(input({ month: 2, months: [jan, feb], pagosPrevios: '1810.85' }));
    expect(value(r, 'isr', 'limite_inferior')).toBe('35067.29');
    expect(value(r, 'isr', 'cuota_fija')).toBe('3713.68');
    expect(value(r, 'isr', 'isr_causado')).toBe('5194.51');
    expect(r.isrAPagar).toBe('2383.66');
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
