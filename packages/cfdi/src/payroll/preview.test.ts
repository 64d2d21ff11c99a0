import { describe, expect, it } from 'vitest';
import { PayrollError } from './errors';
import { Decimal } from '../money';
import { causesSubsidio, employeePayrollPreview, hasSocialSecurity } from './preview';

describe('employeePayrollPreview', () => {
  it('a fortnight of plain salary in 2026 (no percepciones given: salario × days)', () => {
    const p = employeePayrollPreview({
      salarioDiario: '500.00', sdi: '524.66', periodType: 'quincenal', days: '15', paymentDate: '2026-03-15', primaRiesgo: '0.54355',
    });
    expect(p).toMatchObject({
      totalPercepciones: '7500.00',
      totalGravado: '7500.00',
      // 15-day 2026 row 5: 660.75 + (7,500 − 7,225.96) × 17.92 % = 709.857968
      isr: '709.86',
      subsidio: '0.00',
      // worker: excedente 10.36 + dinero 19.67 + GMP 29.51 + IyV 49.19 + CEAV 88.54
      imssObrero: '197.27',
      totalDeducciones: '907.13',
      neto: '6592.87',
    });
    expect(p.detalle.imss.ceavBanda).toBe(8);
    expect(p.imssPatronal).toBe(p.detalle.imss.totales.patronImss);
  });

  it('a salario mínimo month in 2025 with subsidio, other deductions and otros pagos', () => {
    const p = employeePayrollPreview({
      salarioDiario: '278.80', sdi: '292.55', periodType: 'mensual', days: '30', paymentDate: '2025-06-30', primaRiesgo: '2.59840',
      percepciones: [{ tipo: '001', gravado: '8364.00', exento: '0' }, { tipo: '010', gravado: '500.00', exento: '0' }, { tipo: '029', gravado: '0', exento: '300.00' }],
      deducciones: [{ tipo: '004', importe: '200.00' }],
      otrosPagos: [{ tipo: '999', importe: '150.00' }],
    });
    // ISR: 371.83 + (8,864 − 6,332.06) × 10.88 % = 647.305072 → 647.31; subsidio 474.65 → 172.66
    expect(p).toMatchObject({
      totalPercepciones: '9164.00', totalGravado: '8864.00', totalExento: '300.00', totalOtrosPagos: '150.00',
      isr: '172.66', subsidio: '474.65', imssObrero: '0.00', totalDeducciones: '372.66', neto: '8941.34',
    });
    expect(p.detalle.imss.patronCubreObrero).toBe(true); // LSS art. 36
    expect(p.detalle.isr.dias).toBe('30.4'); // a monthly period is a full month for the subsidio
  });

  it('withholds nothing from a 2026 general-minimum worker (LISR art. 96, third paragraph)', () => {
    const p = employeePayrollPreview({
      salarioDiario: '315.04', sdi: '329.62', periodType: 'quincenal', days: '15', paymentDate: '2026-11-15', primaRiesgo: '0.54355',
    });
    // 315.04 × 15 = 4,725.60. ISR causado 207.75 + (4,725.60 − 3,537.16) × 10.88 % = 337.05 and subsidio 264.30 are reported,
    // neither is withheld, credited nor paid; IMSS worker share absorbed by the employer (LSS art. 36).
    expect(p).toMatchObject({ totalPercepciones: '4725.60', isr: '0.00', subsidio: '264.30', imssObrero: '0.00', totalDeducciones: '0.00', neto: '4725.60' });
    expect(p.detalle.isr).toMatchObject({ isrCausado: '337.05', subsidioCausado: '264.30', subsidioAplicado: '0.00', isrRetener: '0.00', exentoSalarioMinimo: true });
    // One peso above the minimum: the tariff applies again (337.05 + 15 × 10.88 % = 338.68 − 264.30 = 74.38).
    const above = employeePayrollPreview({
      salarioDiario: '316.04', sdi: '330.67', periodType: 'quincenal', days: '15', paymentDate: '2026-11-15', primaRiesgo: '0.54355',
    });
    expect(above).toMatchObject({ isr: '74.38' });
    expect(above.detalle.isr.exentoSalarioMinimo).toBe(false);
  });

  it('the Zona Libre de la Frontera Norte has its own minimum (440.87 in 2026)', () => {
    const input = { salarioDiario: '440.87', sdi: '461.29', periodType: 'quincenal' as const, days: '15', paymentDate: '2026-11-15', primaRiesgo: '0.54355' };
    // 440.87 × 15 = 6,613.05: ISR 499.20 + 396.89 × 16 % = 562.70, no subsidio (above the 2026 ceiling prorated to 15 days).
    expect(employeePayrollPreview({ ...input, zona: 'frontera' })).toMatchObject({ isr: '0.00', neto: '6613.05' });
    // The same pay outside the border zone is above the general minimum: withheld.
    expect(employeePayrollPreview(input).isr).toBe('562.70');
  });

  it('leaves separation payments out of the subsidio ceiling', () => {
    const input = {
      salarioDiario: '266.67', sdi: '279.83', periodType: 'quincenal' as const, days: '15', paymentDate: '2025-06-15', primaRiesgo: '0.54355',
    };
    const withSeparation = employeePayrollPreview({
      ...input, percepciones: [{ tipo: '001', gravado: '4000.00', exento: '0' }, { tipo: '025', gravado: '5000.00', exento: '0' }],
    });
    const withBonus = employeePayrollPreview({
      ...input, percepciones: [{ tipo: '001', gravado: '4000.00', exento: '0' }, { tipo: '010', gravado: '5000.00', exento: '0' }],
    });
    expect(withSeparation.subsidio).toBe('234.20');
    expect(withBonus.subsidio).toBe('0.00');
    expect(withSeparation.detalle.isr.isrCausado).toBe(withBonus.detalle.isr.isrCausado);
  });

  it('rejects bad amounts in Spanish', () => {
    const input = { salarioDiario: '300', sdi: '315', periodType: 'semanal' as const, days: '7', paymentDate: '2026-05-02', primaRiesgo: '1' };
    expect(() => employeePayrollPreview({ ...input, deducciones: [{ tipo: '004', importe: '-5' }] })).toThrow(/deducciones\[0\]\.importe no puede ser negativo/);
    expect(() => employeePayrollPreview({ ...input, days: '0' })).toThrow(PayrollError);
  });
  it('an asimilado (contract 09, régimen 09) pays no IMSS and causes no subsidio: the tariff\'s ISR is withheld whole', () => {
    const base = { salarioDiario: '350.00', sdi: '366.00', periodType: 'quincenal' as const, days: '15', paymentDate: '2026-11-15', primaRiesgo: '0.54355' };
    const salaried = employeePayrollPreview(base);
    const asimilado = employeePayrollPreview({ ...base, seguridadSocial: false, subsidioEmpleo: false });
    // Same tariff, same ISR causado; the salaried worker credits the subsidio, the asimilado does not.
    expect(asimilado.detalle.isr.isrCausado).toBe(salaried.detalle.isr.isrCausado);
    expect(new Decimal(salaried.subsidio).gt(0)).toBe(true);
    expect(asimilado).toMatchObject({ subsidio: '0.00', isr: asimilado.detalle.isr.isrCausado, imssObrero: '0.00', imssPatronal: '0.00', infonavit: '0.00' });
    expect(new Decimal(salaried.imssObrero).gt(0)).toBe(true);
    expect(asimilado.detalle.imss.conceptos).toEqual([]);
    expect(asimilado.totalDeducciones).toBe(asimilado.isr);
    expect(asimilado.neto).toBe(new Decimal(asimilado.totalPercepciones).minus(asimilado.isr).toFixed(2));
  });

  it('tells which contracts carry social security and which régimen causes the subsidio', () => {
    expect(['01', '02', '08'].map(hasSocialSecurity)).toEqual([true, true, true]);
    expect(['09', '10', '99'].map(hasSocialSecurity)).toEqual([false, false, false]);
    expect(['02', '09', '05'].map(causesSubsidio)).toEqual([true, false, false]);
  });
});
