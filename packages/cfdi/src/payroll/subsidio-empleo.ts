import { type PayrollDate, umaYearFor } from './dates';
import { Decimal, roundTo } from '../money';
import { subsidioRuleOf, umaOf } from './tables';
import { DAYS_PER_MONTH } from './types';

/** The subsidio para el empleo for one pay period. */
export interface SubsidioPeriodo {
  /** % of the monthly UMA that applies on the payment date (January uses the decree's January %). */
  readonly porcentaje: Decimal;
  /** Monthly UMA used (January: previous year's). */
  readonly umaMensual: Decimal;
  /** Monthly subsidio: UMA mensual × %, rounded to cents. */
  readonly montoMensual: Decimal;
  /** Income ceiling for this period: monthly ceiling ÷ 30.4 × days (the monthly ceiling for a month). */
  readonly limitePeriodo: Decimal;
  /** Whether the period's income is within the ceiling. */
  readonly elegible: boolean;
  /** Subsidio the period gives (0 when not eligible). */
  readonly subsidioCausado: Decimal;
}

export interface SubsidioInput {
  readonly date: PayrollDate;
  /** Income the ceiling is tested against: the period's taxable salary income without separation payments. */
  readonly ingreso: Decimal;
  /** Days of the period; omit for a full month. */
  readonly dias?: Decimal;
  /** Subsidio already applied to this worker earlier in the same calendar month (decree: monthly cap). */
  readonly subsidioPrevioMes?: Decimal;
}

/**
 * Subsidio para el empleo of a pay period (decree DOF 01-05-2024 as amended for 2025 and 2026).
 *
 * Monthly amount = % × UMA mensual; for periods shorter than a month it is monthly ÷ 30.4 × days
 * (PRODECON's reading, used by practitioner tables), never more than the monthly amount in the
 * calendar month. The decree's ceiling is monthly; for shorter periods it is prorated the same way
 * and rounded to cents, as practitioner tables do (10,171.00 ÷ 30.4 × 15 = 5,018.59).
 * The caller applies it against ISR; it is never paid out in cash.
 */
export function subsidioForPeriod(input: SubsidioInput): SubsidioPeriodo {
  const { date, ingreso } = input;
  const rule = subsidioRuleOf(date.year);
  const january = date.month === 1;
  const porcentaje = new Decimal(january ? rule.porcentajeEnero : rule.porcentaje);
  const umaMensual = new Decimal(umaOf(umaYearFor(date)).mensual);
  const montoMensual = roundTo(umaMensual.times(porcentaje).dividedBy(100), 2);
  const limiteMensual = new Decimal(rule.limiteMensual);

  const fullMonth = input.dias === undefined;
  const limitePeriodo = fullMonth ? limiteMensual : roundTo(limiteMensual.dividedBy(DAYS_PER_MONTH).times(input.dias!), 2);
  const elegible = ingreso.gt(0) && ingreso.lte(limitePeriodo);

  let subsidio = new Decimal(0);
  if (elegible) {
    const prorated = fullMonth ? montoMensual : roundTo(montoMensual.dividedBy(DAYS_PER_MONTH).times(input.dias!), 2);
    const remaining = Decimal.max(0, montoMensual.minus(input.subsidioPrevioMes ?? 0));
    subsidio = Decimal.min(prorated, remaining);
  }
  return { porcentaje, umaMensual, montoMensual, limitePeriodo, elegible, subsidioCausado: subsidio };
}
