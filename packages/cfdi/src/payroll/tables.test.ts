import { describe, expect, it } from 'vitest';
import { Decimal } from '../money';
import {
  CEAV_OBRERO, CEAV_PATRONAL_BY_YEAR, ISR_TARIFFS_2025, ISR_TARIFFS_2026, SALARIO_MINIMO_BY_YEAR, SUBSIDIO_BY_YEAR,
  UMA_BY_YEAR,
} from './tables';
import { facts } from './test-facts';
import type { IsrTariff, IsrTariffSet } from './types';

const SETS: Array<[2025 | 2026, IsrTariffSet]> = [[2025, ISR_TARIFFS_2025], [2026, ISR_TARIFFS_2026]];
const PERIODS = ['diaria', 'semanal', 'decenal', 'quincenal', 'mensual', 'anual'] as const;
const MULTIPLE = { semanal: 7, decenal: 10, quincenal: 15 } as const;
const d = (v: string) => new Decimal(v);
const cents = (v: Decimal) => v.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

describe('ISR tariffs match the gathered facts cell by cell', () => {
  for (const [year, set] of SETS) {
    for (const period of PERIODS) {
      it(`${year} ${period}`, () => {
        const expected = facts.isr_art96[year][period];
        expect(set[period]).toHaveLength(expected.length);
        set[period].forEach((row, i) => {
          const [inf, sup, cuota, pct] = expected[i];
          expect(d(row[0]).eq(inf)).toBe(true);
          expect(row[1] === null ? null : d(row[1]).toFixed(2)).toBe(sup === null ? null : d(sup).toFixed(2));
          expect(d(row[2]).eq(cuota)).toBe(true);
          expect(d(row[3]).eq(pct)).toBe(true);
        });
      });
    }
  }
});

describe('ISR tariffs satisfy the Anexo 8 identities', () => {
  const continuity = (t: IsrTariff) =>
    t.slice(1).forEach((row, i) => expect(d(row[0]).minus(t[i][1]!).toFixed(2), `row ${i + 2}`).toBe('0.01'));

  for (const [year, set] of SETS) {
    it(`${year}: each lower limit is the previous upper limit + 0.01 and only the top row is open`, () => {
      for (const period of PERIODS) {
        continuity(set[period]);
        expect(set[period].filter((r) => r[1] === null)).toHaveLength(1);
        expect(set[period].at(-1)![1]).toBeNull();
      }
    });

    it(`${year}: cuota fija k+1 = cuota k + (sup k − inf k) × tasa k, within SAT's rounding`, () => {
      // SAT derives the monthly and daily cells from the unrounded annual ones, so up to 1.5 cents drift.
      for (const period of ['diaria', 'mensual', 'anual'] as const) {
        const t = set[period];
        t.slice(1).forEach((row, i) => {
          const [inf, sup, cuota, pct] = t[i];
          const chained = d(cuota).plus(d(sup!).minus(inf).times(pct).dividedBy(100));
          expect(chained.minus(row[2]).abs().lte('0.016'), `${period} row ${i + 2}`).toBe(true);
        });
      }
    });

    it(`${year}: diaria = mensual ÷ 30.4 rounded to cents (limits and cuotas)`, () => {
      set.diaria.forEach((row, i) => {
        const m = set.mensual[i];
        if (m[1] !== null) expect(cents(d(m[1]).dividedBy('30.4')).toFixed(2)).toBe(d(row[1]!).toFixed(2));
        expect(cents(d(m[2]).dividedBy('30.4')).toFixed(2)).toBe(d(row[2]).toFixed(2));
        expect(row[3]).toBe(m[3]);
      });
    });

    it(`${year}: the 7-, 10- and 15-day tables are the daily table × days`, () => {
      for (const [period, n] of Object.entries(MULTIPLE) as Array<[keyof typeof MULTIPLE, number]>) {
        set[period].forEach((row, i) => {
          const daily = set.diaria[i];
          if (daily[1] !== null) expect(d(daily[1]).times(n).toFixed(2), `${period} sup ${i + 1}`).toBe(d(row[1]!).toFixed(2));
          expect(d(daily[2]).times(n).toFixed(2), `${period} cuota ${i + 1}`).toBe(d(row[2]).toFixed(2));
        });
      }
    });

    it(`${year}: mensual = anual ÷ 12 except SAT's known one-cent cells`, () => {
      // Lower limits are left out: each is the previous upper limit + 0.01 (checked above).
      const known = new Set(year === 2025 ? ['cuota 8', 'sup 9'] : ['cuota 6']);
      const found: string[] = [];
      set.anual.forEach((row, i) => {
        const m = set.mensual[i];
        const cells: Array<[string, string | null, string | null]> = [
          [`sup ${i + 1}`, row[1], m[1]],
          [`cuota ${i + 1}`, row[2], m[2]],
        ];
        for (const [name, a, b] of cells) {
          if (a === null || b === null) continue;
          const diff = cents(d(a).dividedBy(12)).minus(b).abs();
          if (!diff.isZero()) found.push(name);
          expect(diff.lte('0.01'), name).toBe(true);
        }
      });
      expect(new Set(found)).toEqual(known);
    });
  }
});

describe('UMA, salario mínimo, subsidio and IMSS data match the facts', () => {
  it('UMA: INEGI identities and values', () => {
    const byYear = { 2024: facts.uma['2024_for_january_2025'], 2025: facts.uma['2025'], 2026: facts.uma['2026'] };
    for (const [year, f] of Object.entries(byYear)) {
      const u = UMA_BY_YEAR[Number(year)];
      expect(u).toEqual({ diaria: f.diario, mensual: f.mensual, anual: f.anual });
      expect(cents(d(u.diaria).times('30.4')).toFixed(2)).toBe(u.mensual);
      expect(d(u.mensual).times(12).toFixed(2)).toBe(u.anual);
    }
  });

  it('salario mínimo', () => {
    for (const year of ['2025', '2026'] as const) {
      expect(SALARIO_MINIMO_BY_YEAR[Number(year)]).toEqual({ general: facts.salario_minimo[year].general, frontera: facts.salario_minimo[year].zlfn });
    }
  });

  it('subsidio: percentages and ceilings; the 2026 ceiling is 1.2 salarios mínimos a month', () => {
    for (const year of ['2025', '2026'] as const) {
      const rule = SUBSIDIO_BY_YEAR[Number(year)];
      expect(rule.porcentaje).toBe(facts.subsidio[year].pct_uma_mensual);
      expect(rule.porcentajeEnero).toBe(facts.subsidio[year].january_transitory.pct);
      expect(rule.limiteMensual).toBe(facts.subsidio[year].threshold_monthly);
    }
    expect(d('1.2').times(SALARIO_MINIMO_BY_YEAR[2026].general).times('30.4').toFixed(2)).toBe(SUBSIDIO_BY_YEAR[2026].limiteMensual);
  });

  it('cesantía y vejez schedule by band, both years, and the worker rate', () => {
    expect(CEAV_PATRONAL_BY_YEAR[2025]).toEqual(facts.imss.ceav_patronal['2025']);
    expect(CEAV_PATRONAL_BY_YEAR[2026]).toEqual(facts.imss.ceav_patronal['2026']);
    expect(CEAV_OBRERO).toBe(facts.imss.ceav_patronal.trabajador);
    // The reform raises every band except the first each year.
    CEAV_PATRONAL_BY_YEAR[2026].forEach((rate, i) => expect(d(rate).gte(CEAV_PATRONAL_BY_YEAR[2025][i])).toBe(true));
  });
});
