import { describe, expect, it } from 'vitest';
import { isrToWithhold, PayrollError, type PeriodType } from '../../src/payroll';
import { thrown } from '../thrown';

const payrollError = (run: () => unknown): PayrollError => thrown(PayrollError, run);

describe('isrToWithhold with inputs from forms and API bodies', () => {
  it('refuses an unknown period with a PayrollError instead of a DecimalError', () => {
    const e = payrollError(() => isrToWithhold({ income: '100', periodType: 'anual' as PeriodType, paymentDate: '2026-01-01' }));
    expect(e.field).toBe('periodType');
    expect(e.message).toBe(
      'Periodicidad de pago desconocida: "anual" (use diario, semanal, catorcenal, decenal, quincenal, mensual)',
    );
  });

  it('says negative days in correct Spanish', () => {
    const e = payrollError(() => isrToWithhold({ income: '100', periodType: 'semanal', paymentDate: '2026-01-01', daysPaid: '-3' }));
    expect(e.message).toBe('Los días pagados no pueden ser negativos');
    expect(payrollError(() => isrToWithhold({ income: '-1', periodType: 'semanal', paymentDate: '2026-01-01' })).message).toBe(
      'El ingreso gravado no puede ser negativo',
    );
  });

  it('refuses exponent notation and keeps every digit of a huge income', () => {
    expect(payrollError(() => isrToWithhold({ income: '1e4', periodType: 'quincenal', paymentDate: '2026-01-15' })).message).toBe(
      'El ingreso gravado no es un importe válido',
    );
    const r = isrToWithhold({ income: '999999999999.99', periodType: 'mensual', paymentDate: '2026-01-15' });
    expect(r.baseGravable).toBe('999999999999.99');
    expect(r.tasa).toBe('35.00');
  });
});
