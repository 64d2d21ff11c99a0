import { describe, expect, it } from 'vitest';
import { Decimal } from '../money';
import { PayrollError } from './errors';
import { annualIsr, isrToWithhold } from './isr';
import { facts, type FactRow } from './test-facts';
import type { PeriodType } from './types';

const TABLE_OF: Array<[PeriodType, 'diaria' | 'semanal' | 'decenal' | 'quincenal' | 'mensual']> = [
  ['diario', 'diaria'], ['semanal', 'semanal'], ['decenal', 'decenal'], ['quincenal', 'quincenal'], ['mensual', 'mensual'],
];
const DATE = { 2025: '2025-06-30', 2026: '2026-06-30' } as const;

/** ISR of `income` with the fact row the income must fall in (computed here from the facts file). */
function expectedIsr(income: Decimal, row: FactRow): string {
  const [inf, , cuota, pct] = row;
  return income.minus(inf).times(pct).dividedBy(100).plus(cuota).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

describe('isrToWithhold at every bracket boundary (inf, inf − 0.01, sup, sup + 0.01)', () => {
  for (const year of [2025, 2026] as const) {
    for (const [periodType, table] of TABLE_OF) {
      it(`${year} ${periodType}`, () => {
        const rows = facts.isr_art96[year][table];
        const check = (income: Decimal, rowIndex: number) => {
          // Subsidio off: this test is about the tariff alone.
          const r = isrToWithhold({ income: income.toFixed(2), periodType, paymentDate: DATE[year], applySubsidio: false });
          const row = rows[rowIndex];
          expect(r.limiteInferior, `${income} row`).toBe(new Decimal(row[0]).toFixed(2));
          expect(r.tasa).toBe(new Decimal(row[3]).toFixed(2));
          expect(r.cuotaFija).toBe(new Decimal(row[2]).toFixed(2));
          expect(r.isrCausado, `${income}`).toBe(expectedIsr(income, row));
          expect(r.isrRetener).toBe(r.isrCausado);
          expect(new Decimal(r.cuotaFija).plus(r.impuestoMarginal).toFixed(2)).toBe(r.isrCausado);
        };
        rows.forEach((row, k) => {
          const inf = new Decimal(row[0]);
          check(inf, k);
          if (k > 0) check(inf.minus('0.01'), k - 1);
          if (row[1] !== null) {
            check(new Decimal(row[1]), k);
            check(new Decimal(row[1]).plus('0.01'), k + 1);
          }
        });
        // Crossing a boundary moves the tax only by the tables' own rounding: about half a cent per
        // day the period's cells were multiplied by (SAT's 15-day table can drop 0.10 at a boundary).
        const days = { diaria: 1, mensual: 1, semanal: 7, decenal: 10, quincenal: 15 }[table];
        const tolerance = new Decimal('0.01').plus(new Decimal('0.006').times(days));
        rows.slice(1).forEach((row, k) => {
          const below = isrToWithhold({ income: rows[k][1]!, periodType, paymentDate: DATE[year], applySubsidio: false });
          const at = isrToWithhold({ income: row[0], periodType, paymentDate: DATE[year], applySubsidio: false });
          expect(new Decimal(at.isrCausado).minus(below.isrCausado).abs().lte(tolerance), `row ${k + 2}`).toBe(true);
        });
      });
    }
  }

  it('the top row is open-ended and a zero income owes nothing', () => {
    const top = isrToWithhold({ income: '1000000', periodType: 'mensual', paymentDate: '2026-03-15' });
    expect(top.limiteSuperior).toBeNull();
    expect(top.tasa).toBe('35.00');
    expect(top.isrCausado).toBe('334513.84'); // 133,488.54 + (1,000,000 − 425,642.00) × 35 %
    const zero = isrToWithhold({ income: '0', periodType: 'quincenal', paymentDate: '2026-03-15' });
    expect([zero.isrCausado, zero.subsidioCausado, zero.isrRetener]).toEqual(['0.00', '0.00', '0.00']);
  });
});

describe('worked examples', () => {
  it('$12,000 a month: 1,033.15 in 2025 (Expansión) and 946.62 in 2026', () => {
    const y2025 = isrToWithhold({ income: '12000.00', periodType: 'mensual', paymentDate: '2025-09-30' });
    expect(y2025).toMatchObject({ limiteInferior: '11128.02', excedente: '871.98', tasa: '16.00', impuestoMarginal: '139.52', isrCausado: '1033.15', subsidioCausado: '0.00', isrRetener: '1033.15' });
    // 420.95 + 4,831.48 × 10.88 % = 946.615024: half-up gives .62; Expansión's 946.61 truncates.
    const y2026 = isrToWithhold({ income: '12000.00', periodType: 'mensual', paymentDate: '2026-09-30' });
    expect(y2026).toMatchObject({ limiteInferior: '7168.52', excedente: '4831.48', tasa: '10.88', impuestoMarginal: '525.67', isrCausado: '946.62' });
  });

  it('the year of the payment date picks the tariff', () => {
    const dec = isrToWithhold({ income: '7000', periodType: 'mensual', paymentDate: '2025-12-31', applySubsidio: false });
    const jan = isrToWithhold({ income: '7000', periodType: 'mensual', paymentDate: '2026-01-01', applySubsidio: false });
    expect(dec.limiteInferior).toBe('6332.06');
    expect(jan.limiteInferior).toBe('844.60');
  });

  it('a 14-day (catorcenal) period uses the daily table × 14', () => {
    // 2025 daily row 2: 24.55–208.29, cuota 0.47 → ×14: 343.57–2,916.06, cuota 6.58.
    const r = isrToWithhold({ income: '2916.06', periodType: 'catorcenal', paymentDate: '2025-05-10', applySubsidio: false });
    expect(r).toMatchObject({ limiteInferior: '343.57', limiteSuperior: '2916.06', cuotaFija: '6.58', tasa: '6.40' });
    expect(r.isrCausado).toBe('171.22'); // 6.58 + 2,572.49 × 6.40 % = 171.21936
  });

  it('a week paid for 6 days uses the daily table × 6, the full week the published table', () => {
    const six = isrToWithhold({ income: '1500', periodType: 'semanal', daysPaid: '6', paymentDate: '2026-04-04', applySubsidio: false });
    // 2026 daily row 3: 235.82–414.41, cuota 13.85 → ×6: 1,414.87–2,486.46, cuota 83.10
    // 83.10 + 85.13 × 10.88 % = 92.362144
    expect(six).toMatchObject({ limiteInferior: '1414.87', cuotaFija: '83.10', isrCausado: '92.36' });
    const seven = isrToWithhold({ income: '1500', periodType: 'semanal', daysPaid: '7', paymentDate: '2026-04-04', applySubsidio: false });
    expect(seven).toMatchObject({ limiteInferior: '194.47', cuotaFija: '3.71' });
  });

  it('annual tariff (art. 152)', () => {
    // 2026 row 4: 151,176.20, cuota 12,140.13, 16 % → 12,140.13 + 8,823.80 × 16 % = 13,551.9380
    expect(annualIsr('160000', 2026)).toEqual({ limiteInferior: '151176.20', cuotaFija: '12140.13', tasa: '16.00', isr: '13551.94' });
  });
});

describe('input errors are Spanish PayrollErrors', () => {
  it.each([
    [{ income: '100', periodType: 'mensual' as const, paymentDate: '2024-06-30' }, /No hay tarifas de ISR cargadas para 2024/],
    [{ income: '100', periodType: 'mensual' as const, paymentDate: '2026-02-30' }, /no existe en el calendario/],
    [{ income: '100', periodType: 'mensual' as const, paymentDate: '30/06/2026' }, /AAAA-MM-DD/],
    [{ income: '-1', periodType: 'mensual' as const, paymentDate: '2026-06-30' }, /no puede ser negativo/],
    [{ income: 'abc', periodType: 'mensual' as const, paymentDate: '2026-06-30' }, /no es un importe válido/],
    [{ income: '100', periodType: 'semanal' as const, paymentDate: '2026-06-30', daysPaid: '0' }, /mayores que cero/],
  ])('%j', (input, message) => {
    expect(() => isrToWithhold(input)).toThrow(PayrollError);
    expect(() => isrToWithhold(input)).toThrow(message);
  });
});
