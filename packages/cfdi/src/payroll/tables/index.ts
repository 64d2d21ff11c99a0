import { PayrollError } from '../errors';
import type { IsrTariffSet, SalarioMinimoZona } from '../types';
import { CEAV_PATRONAL_BY_YEAR } from './imss';
import { ISR_TARIFFS_2025 } from './isr-2025';
import { ISR_TARIFFS_2026 } from './isr-2026';
import { SALARIO_MINIMO_BY_YEAR } from './salario-minimo';
import { SUBSIDIO_BY_YEAR, type SubsidioRule } from './subsidio';
import { UMA_BY_YEAR, type UmaValues } from './uma';

export * from './imss';
export { ISR_TARIFFS_2025 } from './isr-2025';
export { ISR_TARIFFS_2026 } from './isr-2026';
export { SALARIO_MINIMO_BY_YEAR } from './salario-minimo';
export { SUBSIDIO_BY_YEAR, type SubsidioRule } from './subsidio';
export { UMA_BY_YEAR, type UmaValues } from './uma';

const ISR_BY_YEAR: Readonly<Record<number, IsrTariffSet>> = { 2025: ISR_TARIFFS_2025, 2026: ISR_TARIFFS_2026 };

/** Years every payroll table is loaded for. */
export const PAYROLL_YEARS: readonly number[] = Object.keys(ISR_BY_YEAR).map(Number);

function pick<T>(table: Readonly<Record<number, T>>, year: number, what: string): T {
  const found = table[year];
  if (found === undefined) throw new PayrollError(`No hay ${what} cargadas para ${year}`);
  return found;
}

/** Anexo 8 ISR tariffs of `year`. @throws PayrollError for a year without tables. */
export function isrTariffsFor(year: number): IsrTariffSet {
  return pick(ISR_BY_YEAR, year, 'tarifas de ISR');
}

/** UMA published for `umaYear` (use `umaYearFor(date)` to get the one in force on a date). */
export function umaOf(umaYear: number): UmaValues {
  return pick(UMA_BY_YEAR, umaYear, 'cifras de UMA');
}

/** Salario mínimo diario of `year` in `zona`. */
export function salarioMinimoOf(year: number, zona: SalarioMinimoZona = 'general'): string {
  return pick(SALARIO_MINIMO_BY_YEAR, year, 'cifras de salario mínimo')[zona];
}

/** Subsidio para el empleo rule of `year`. */
export function subsidioRuleOf(year: number): SubsidioRule {
  return pick(SUBSIDIO_BY_YEAR, year, 'reglas del subsidio para el empleo');
}

/** Employer cesantía y vejez rates of `year`, one per SBC band. */
export function ceavPatronalOf(year: number): readonly string[] {
  return pick(CEAV_PATRONAL_BY_YEAR, year, 'cuotas de cesantía y vejez');
}
