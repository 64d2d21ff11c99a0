import { describe, expect, it } from 'vitest';
import { extraordinaryIsr } from './extraordinary';
import { PayrollError } from './errors';

// Figures by hand, December 2026: UMA diaria 117.31 (in force 1-Feb-2026), Anexo 8 2026 monthly tariff.
// Aguinaldo exempt: 30 × 117.31 = 3,519.30; PTU exempt: 15 × 117.31 = 1,759.65 (LISR art. 93 fr. XIV).
const december = '2026-12-15';

describe('aguinaldo (LISR 93 fr. XIV, ISR by art. 96 or RLISR 174)', () => {
  it('low salary: 15 days of the 2026 general minimum (315.04)', () => {
    // Aguinaldo 315.04 × 15 = 4,725.60; exento 3,519.30; gravado 1,206.30.
    // Sueldo mensual 315.04 × 30.4 = 9,577.22 → row 3 (7,168.52; 420.95; 10.88 %):
    //   (9,577.22 − 7,168.52) × 10.88 % = 262.07 + 420.95 = 683.02
    // Art. 96: 9,577.22 + 1,206.30 = 10,783.52 → (3,615.00 × 10.88 % = 393.31) + 420.95 = 814.26; 814.26 − 683.02 = 131.24
    const a96 = extraordinaryIsr({ kind: 'aguinaldo', method: '96', amount: '4725.60', salarioDiario: '315.04', paymentDate: december });
    expect(a96).toMatchObject({
      tipoPercepcion: '002', limiteExento: '3519.30', exento: '3519.30', gravado: '1206.30',
      sueldoMensual: '9577.22', isrSueldo: '683.02', baseConjunta: '10783.52', isrConjunto: '814.26', isr: '131.24',
    });
    // Art. 174: I. 1,206.30 ÷ 365 × 30.4 = 100.47; II. 9,577.22 + 100.47 = 9,677.69 → (2,509.17 × 10.88 % = 273.00) + 420.95 = 693.95
    // III. 693.95 − 683.02 = 10.93; IV. 10.93 ÷ 100.47 = 10.878869 %; V. 1,206.30 × 10.878869 % = 131.23
    const a174 = extraordinaryIsr({ kind: 'aguinaldo', method: '174', amount: '4725.60', salarioDiario: '315.04', paymentDate: december });
    expect(a174).toMatchObject({ mensualizado: '100.47', baseConjunta: '9677.69', isrConjunto: '693.95', tasa: '10.878869', isr: '131.23' });
  });

  it('high salary: 15 days of 2,000.00', () => {
    // Aguinaldo 30,000.00; exento 3,519.30; gravado 26,480.70.
    // Sueldo mensual 2,000 × 30.4 = 60,800.00 → row 8 (55,736.69; 10,457.09; 30 %): 5,063.31 × 30 % = 1,518.99 + 10,457.09 = 11,976.08
    // Art. 96: 60,800 + 26,480.70 = 87,280.70 → 31,544.01 × 30 % = 9,463.20 + 10,457.09 = 19,920.29; − 11,976.08 = 7,944.21
    const a96 = extraordinaryIsr({ kind: 'aguinaldo', method: '96', amount: '30000', salarioDiario: '2000.00', paymentDate: december });
    expect(a96).toMatchObject({ exento: '3519.30', gravado: '26480.70', isrSueldo: '11976.08', isrConjunto: '19920.29', isr: '7944.21' });
    // Art. 174: I. 26,480.70 ÷ 365 × 30.4 = 2,205.52; II. 63,005.52 → 7,268.83 × 30 % = 2,180.65 + 10,457.09 = 12,637.74
    // III. 12,637.74 − 11,976.08 = 661.66; IV. 661.66 ÷ 2,205.52 = 30.000181 %; V. 26,480.70 × 661.66 ÷ 2,205.52 = 7,944.2577 → 7,944.26
    const a174 = extraordinaryIsr({ kind: 'aguinaldo', method: '174', amount: '30000', salarioDiario: '2000.00', paymentDate: december });
    expect(a174).toMatchObject({ mensualizado: '2205.52', isrConjunto: '12637.74', tasa: '30.000181', isr: '7944.26' });
  });

  it('an aguinaldo within 30 UMA is all exempt and owes nothing', () => {
    const r = extraordinaryIsr({ kind: 'aguinaldo', method: '174', amount: '3519.30', salarioDiario: '234.62', paymentDate: december });
    expect(r).toMatchObject({ exento: '3519.30', gravado: '0.00', isr: '0.00' });
  });
});

describe('PTU (15 UMA exempt)', () => {
  it('low and high salary', () => {
    // PTU 5,000.00 for the 315.04 worker: exento 1,759.65, gravado 3,240.35.
    // Art. 96: 9,577.22 + 3,240.35 = 12,817.57 → row 4 (12,598.03; 1,011.68; 16 %): 219.54 × 16 % = 35.13 + 1,011.68 = 1,046.81; − 683.02 = 363.79
    expect(extraordinaryIsr({ kind: 'ptu', method: '96', amount: '5000', salarioDiario: '315.04', paymentDate: december }))
      .toMatchObject({ tipoPercepcion: '003', limiteExento: '1759.65', exento: '1759.65', gravado: '3240.35', isrConjunto: '1046.81', isr: '363.79' });
    // Art. 174: 3,240.35 ÷ 365 × 30.4 = 269.88; 9,847.10 → 2,678.58 × 10.88 % = 291.43 + 420.95 = 712.38; 712.38 − 683.02 = 29.36;
    // 29.36 ÷ 269.88 = 10.878909 %; 3,240.35 × 29.36 ÷ 269.88 = 352.51
    expect(extraordinaryIsr({ kind: 'ptu', method: '174', amount: '5000', salarioDiario: '315.04', paymentDate: december }))
      .toMatchObject({ mensualizado: '269.88', isrConjunto: '712.38', tasa: '10.878909', isr: '352.51' });
    // PTU 40,000.00 for the 2,000.00 worker: gravado 38,240.35; 96: 99,040.35 → 43,303.66 × 30 % = 12,991.10 + 10,457.09 = 23,448.19; − 11,976.08 = 11,472.11
    expect(extraordinaryIsr({ kind: 'ptu', method: '96', amount: '40000', salarioDiario: '2000', paymentDate: december }))
      .toMatchObject({ gravado: '38240.35', isrConjunto: '23448.19', isr: '11472.11' });
  });

  it('January pays with the previous year\u2019s UMA', () => {
    // January 2026 still uses the 2025 UMA: 113.14 × 15 = 1,697.10.
    expect(extraordinaryIsr({ kind: 'ptu', method: '96', amount: '2000', salarioDiario: '300', paymentDate: '2026-01-20' }).limiteExento).toBe('1697.10');
  });

  it('refuses nonsense in Spanish', () => {
    expect(() => extraordinaryIsr({ kind: 'ptu', method: '96', amount: '-1', salarioDiario: '300', paymentDate: december })).toThrow(PayrollError);
    expect(() => extraordinaryIsr({ kind: 'bono' as 'ptu', method: '96', amount: '1', salarioDiario: '300', paymentDate: december })).toThrow(/aguinaldo o PTU/);
    expect(() => extraordinaryIsr({ kind: 'ptu', method: '97' as '96', amount: '1', salarioDiario: '300', paymentDate: december })).toThrow(/96 \(LISR\) o 174/);
  });
});
