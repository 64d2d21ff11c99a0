/**
 * IVA rates (LIVA art. 1: 16 %; art. 2-A: 0 %; art. 9 / 15: exentos) and the border-region stimulus (8 %,
 * Decreto de estímulos fiscales región fronteriza norte y sur, DOF 28-12-2018 / 30-12-2020, extended by
 * DOF 27-12-2024 through 2025 and DOF 2025 through 2026). Same for 2025 and 2026.
 * The DIOT file uses them to derive the IVA acreditable of each supplier from the paid base (docs/diot.md).
 */
export interface IvaRates {
  general: string;
  frontera: string;
}

export const IVA_BY_YEAR: Readonly<Record<number, IvaRates>> = {
  2025: { general: '0.16', frontera: '0.08' },
  2026: { general: '0.16', frontera: '0.08' },
};

export function ivaRatesFor(year: number): IvaRates {
  const r = IVA_BY_YEAR[year] ?? IVA_BY_YEAR[2026]!;
  return r;
}

/** LISR art. 9: tasa de personas morales, applied to the estimated profit of art. 14. */
export const TASA_PERSONAS_MORALES = '0.30';
