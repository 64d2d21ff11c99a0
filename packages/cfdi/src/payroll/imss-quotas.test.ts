import { describe, expect, it } from 'vitest';
import { Decimal } from '../money';
import { PayrollError } from './errors';
import { employerContributions, imssQuotas, sbcAplicadoFor, type ImssQuotas } from './imss-quotas';

const base = { days: '15', primaRiesgo: '0.54355' };
const byConcept = (q: ImssQuotas) => Object.fromEntries(q.conceptos.map((c) => [c.concepto, [c.patron, c.obrero]]));

describe('imssQuotas: a worked 15-day period (SBC 500, June 2025, class I premium)', () => {
  const q = imssQuotas({ ...base, sbc: '500.00', paymentDate: '2025-06-15' });

  it('computes every concept by hand-checked figures', () => {
    expect(byConcept(q)).toEqual({
      cuotaFija: ['346.21', '0.00'], // 113.14 × 15 × 20.40 % = 346.2084
      excedente: ['26.50', '9.63'], // (500 − 3 × 113.14) × 15 = 2,408.70 × 1.10 % / 0.40 %
      prestacionesDinero: ['52.50', '18.75'], // 7,500 × 0.70 % / 0.25 %
      gastosMedicosPensionados: ['78.75', '28.13'], // 7,500 × 1.05 % / 0.375 % = 28.125
      invalidezVida: ['131.25', '46.88'], // 7,500 × 1.75 % / 0.625 % = 46.875
      riesgoTrabajo: ['40.77', '0.00'], // 7,500 × 0.54355 % = 40.76625
      guarderias: ['75.00', '0.00'],
      retiro: ['150.00', '0.00'],
      cesantiaVejez: ['481.65', '84.38'], // 4.42 UMA → band 8: 6.422 %; worker 1.125 %
      infonavit: ['375.00', '0.00'],
    });
    expect(q.totales).toEqual({ obrero: '187.77', patronImss: '1382.63', infonavit: '375.00', patron: '1757.63' });
    expect(q.ceavBanda).toBe(8);
  });
});

describe('cesantía y vejez: a salary in each reachable band', () => {
  // With the salario mínimo above 2.5 UMA (2025: 2.46, 2026: 2.69 UMA) bands 2-3 (and band 4 in 2026)
  // hold no legal SBC: anything below the salario mínimo is raised to it and lands in band 1.
  it.each([
    [2025, '278.80', 1, '3.150'],
    [2025, '150.00', 1, '3.150'],
    [2025, '280.00', 4, '4.954'],
    [2025, '282.85', 4, '4.954'], // exactly 2.50 UMA
    [2025, '282.86', 5, '5.307'],
    [2025, '339.42', 5, '5.307'], // exactly 3.00 UMA
    [2025, '339.43', 6, '5.559'],
    [2025, '395.99', 6, '5.559'], // exactly 3.50 UMA
    [2025, '396.00', 7, '5.747'],
    [2025, '452.56', 7, '5.747'], // exactly 4.00 UMA
    [2025, '452.57', 8, '6.422'],
    [2026, '315.04', 1, '3.150'],
    [2026, '320.00', 5, '6.026'],
    [2026, '380.00', 6, '6.361'],
    [2026, '450.00', 7, '6.613'],
    [2026, '469.24', 7, '6.613'], // exactly 4.00 UMA 2026
    [2026, '469.25', 8, '7.513'],
  ] as const)('%i SBC %s → band %i at %s %%', (year, sbc, band, rate) => {
    const q = imssQuotas({ ...base, sbc, paymentDate: `${year}-07-15` });
    expect(q.ceavBanda).toBe(band);
    const ceav = q.conceptos.find((c) => c.concepto === 'cesantiaVejez')!;
    expect(ceav.tasaPatron).toBe(rate);
    expect(ceav.tasaObrero).toBe('1.125');
  });
});

describe('bases, caps and special rules', () => {
  it('raises an SBC below the salario mínimo of the zone', () => {
    expect(imssQuotas({ ...base, sbc: '200.00', paymentDate: '2025-07-15' }).sbcAplicado).toBe('278.80');
    expect(imssQuotas({ ...base, sbc: '300.00', paymentDate: '2026-07-15', zona: 'frontera' }).sbcAplicado).toBe('440.87');
  });

  it('caps the SBC at 25 UMA, with January using the previous UMA', () => {
    const june = imssQuotas({ ...base, sbc: '5000.00', paymentDate: '2026-06-15' });
    expect(june.sbcAplicado).toBe('2932.75'); // 25 × 117.31
    const january = imssQuotas({ ...base, sbc: '5000.00', paymentDate: '2026-01-15' });
    expect(january.umaDiaria).toBe('113.14');
    expect(january.sbcAplicado).toBe('2828.50'); // 25 × 113.14
    expect(january.conceptos[0].patron).toBe('346.21'); // cuota fija on 113.14, as in June 2025
    expect(january.salarioMinimo).toBe('315.04'); // the salario mínimo changes on 1 January
  });

  it('the employer pays the worker share for a salario mínimo worker (LSS art. 36)', () => {
    const paid = imssQuotas({ ...base, sbc: '292.55', paymentDate: '2025-07-15', salarioDiario: '278.80' });
    const withheld = imssQuotas({ ...base, sbc: '292.55', paymentDate: '2025-07-15', salarioDiario: '300.00' });
    expect(paid.patronCubreObrero).toBe(true);
    expect(paid.totales.obrero).toBe('0.00');
    expect(withheld.totales.obrero).not.toBe('0.00');
    expect(paid.totales.patron).toBe(new Decimal(withheld.totales.patron).plus(withheld.totales.obrero).toFixed(2));
  });

  it('no excedente at or below 3 UMA', () => {
    const q = imssQuotas({ ...base, sbc: '339.42', paymentDate: '2025-07-15' });
    expect(byConcept(q).excedente).toEqual(['0.00', '0.00']);
  });

  it.each([
    [{ sbc: '500', days: '15', primaRiesgo: '0.4', paymentDate: '2025-07-15' }, /entre 0.50 % y 15.00 %/],
    [{ sbc: '500', days: '15', primaRiesgo: '16', paymentDate: '2025-07-15' }, /prima de riesgo/],
    [{ sbc: '0', days: '15', primaRiesgo: '1', paymentDate: '2025-07-15' }, /mayor que cero/],
    [{ sbc: '500', days: '15', primaRiesgo: '1', paymentDate: '2027-07-15' }, /No hay/],
  ])('rejects %j', (input, message) => {
    expect(() => imssQuotas(input)).toThrow(PayrollError);
    expect(() => imssQuotas(input)).toThrow(message);
  });
});

describe('sbcAplicadoFor: the base SalarioBaseCotApor carries', () => {
  it('caps at 25 UMA, floors at the zone minimum, and agrees with the quotas', () => {
    // 2026: 25 × 117.31 = 2,932.75 (an SDI of 3,156.16 is above it).
    expect(sbcAplicadoFor({ sbc: '3156.16', paymentDate: '2026-11-15' })).toBe('2932.75');
    expect(sbcAplicadoFor({ sbc: '3156.16', paymentDate: '2026-11-15' })).toBe(imssQuotas({ sbc: '3156.16', days: '15', paymentDate: '2026-11-15', primaRiesgo: '0.54355' }).sbcAplicado);
    expect(sbcAplicadoFor({ sbc: '522.60', paymentDate: '2026-11-15' })).toBe('522.60');
    expect(sbcAplicadoFor({ sbc: '300.00', paymentDate: '2026-11-15' })).toBe('315.04');
    expect(sbcAplicadoFor({ sbc: '300.00', paymentDate: '2026-11-15', zona: 'frontera' })).toBe('440.87');
  });
});

describe('employerContributions: the employer share in the three groups the books keep', () => {
  it('IMSS (monthly), RCV (retiro + cesantía y vejez) and INFONAVIT, from the worked period\'s concepts', () => {
    const q = imssQuotas({ ...base, sbc: '500.00', paymentDate: '2025-06-15' });
    // The hand-checked employer figures of the first test, added here with decimals.
    const add = (xs: string[]) => xs.reduce((a, x) => a.plus(x), new Decimal(0)).toFixed(2);
    expect(employerContributions(q)).toEqual({
      imss: add(['346.21', '26.50', '52.50', '78.75', '131.25', '40.77', '75.00']),
      rcv: add(['150.00', '481.65']),
      infonavit: '375.00',
    });
    const g = employerContributions(q);
    expect(new Decimal(g.imss).plus(g.rcv).toFixed(2)).toBe(q.totales.patronImss);
    expect(g.infonavit).toBe(q.totales.infonavit);
  });

  it('a salario mínimo worker: the worker share the employer covers is its cost too (LSS art. 36)', () => {
    const paid = imssQuotas({ ...base, sbc: '292.55', paymentDate: '2025-07-15', salarioDiario: '278.80' });
    const g = employerContributions(paid);
    expect(new Decimal(g.imss).plus(g.rcv).plus(g.infonavit).toFixed(2)).toBe(paid.totales.patron);
  });
});

