import { Decimal, roundTo, toDecimal, type DecimalInput } from '../money';
import { PayrollError } from './errors';

/**
 * Vacation days by year of service, LFT art. 76 as reformed (DOF 27-12-2022, "vacaciones dignas", in
 * force 1-Jan-2023): 12 days the first year, +2 a year up to 20 in the fifth, then +2 every five years.
 */
export function vacationDaysForServiceYear(serviceYear: number): number {
  if (!Number.isInteger(serviceYear) || serviceYear < 1) {
    throw new PayrollError('El año de servicio debe ser un entero mayor o igual a 1', 'antiguedad');
  }
  if (serviceYear <= 5) return 10 + 2 * serviceYear;
  return 20 + 2 * Math.ceil((serviceYear - 5) / 5);
}

export interface IntegratedDailySalaryInput {
  /** Cuota diaria (salario diario). */
  readonly salarioDiario: DecimalInput;
  /** Aguinaldo days a year; LFT art. 87 minimum 15. */
  readonly aguinaldoDias?: number;
  /** Completed years of service (0 in the first year); picks the vacation days of the year in progress. */
  readonly aniosCumplidos?: number;
  /** Vacation days a year when the contract grants more than the LFT table. */
  readonly vacacionesDias?: number;
  /** Prima vacacional as a percentage; LFT art. 80 minimum 25. */
  readonly primaVacacionalPct?: DecimalInput;
  /** Other fixed daily amounts that integrate the salary (LSS art. 27), e.g. a daily bonus. Default 0. */
  readonly otrasPrestacionesDiarias?: DecimalInput;
}

export interface IntegratedDailySalary {
  readonly aguinaldoDias: number;
  readonly vacacionesDias: number;
  readonly primaVacacionalPct: string;
  /** 1 + (aguinaldo + vacaciones × prima) ÷ 365, shown with 6 decimals. */
  readonly factor: string;
  /** Salario diario integrado (LSS art. 27), rounded to cents. */
  readonly sdi: string;
}

/**
 * Salario diario integrado of a worker with fixed pay: daily salary × integration factor + other
 * fixed daily benefits. The factor is kept exact (a fraction of 365) until the final rounding; a
 * factor truncated to 4 decimals (1.0493) can move the SDI by a cent.
 */
export function integratedDailySalary(input: IntegratedDailySalaryInput): IntegratedDailySalary {
  const salario = toDecimal(input.salarioDiario);
  if (salario.lte(0)) throw new PayrollError('El salario diario debe ser mayor que cero', 'salarioDiario');
  const aguinaldoDias = input.aguinaldoDias ?? 15;
  if (aguinaldoDias < 15) throw new PayrollError('El aguinaldo no puede ser menor a 15 días (LFT art. 87)', 'aguinaldoDias');
  const legalVacaciones = vacationDaysForServiceYear((input.aniosCumplidos ?? 0) + 1);
  const vacacionesDias = input.vacacionesDias ?? legalVacaciones;
  if (vacacionesDias < legalVacaciones) {
    throw new PayrollError(`Las vacaciones no pueden ser menos de ${legalVacaciones} días para esa antigüedad (LFT art. 76)`, 'vacacionesDias');
  }
  const prima = toDecimal(input.primaVacacionalPct ?? '25');
  if (prima.lt(25)) throw new PayrollError('La prima vacacional no puede ser menor al 25 % (LFT art. 80)', 'primaVacacionalPct');

  const factor = new Decimal(1).plus(new Decimal(aguinaldoDias).plus(prima.times(vacacionesDias).dividedBy(100)).dividedBy(365));
  const otras = toDecimal(input.otrasPrestacionesDiarias ?? '0');
  return {
    aguinaldoDias,
    vacacionesDias,
    primaVacacionalPct: prima.toFixed(2),
    factor: factor.toDecimalPlaces(6).toFixed(6),
    sdi: roundTo(salario.times(factor).plus(otras), 2).toFixed(2),
  };
}
