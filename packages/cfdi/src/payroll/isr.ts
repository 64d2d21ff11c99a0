import { parsePaymentDate } from './dates';
import { Decimal, toDecimal, type DecimalInput } from '../money';
import { PayrollError } from './errors';
import { subsidioForPeriod } from './subsidio-empleo';
import { isrTariffsFor } from './tables';
import { retentionTariff, taxFromTariff } from './tariff';
import { PERIOD_DAYS, type PeriodType } from './types';

export interface IsrToWithholdInput {
  /** Taxable (gravado) salary income of the period. */
  readonly income: DecimalInput;
  readonly periodType: PeriodType;
  /** "YYYY-MM-DD": picks the year's tariff, the subsidio rule and the UMA in force. */
  readonly paymentDate: string;
  /**
   * Days actually paid. For non-monthly periods, a number other than the nominal days (7, 10, 15…)
   * switches to the daily tariff × days. For 'mensual', omit it for a full month; give it only for a
   * partial month (it then prorates the subsidio, the tariff stays monthly).
   */
  readonly daysPaid?: DecimalInput;
  /**
   * Income the subsidio ceiling is tested against, when it differs from `income` (the decree leaves
   * out primas de antigüedad, retiro, indemnizaciones and other separation payments). Default: income.
   */
  readonly subsidyIncome?: DecimalInput;
  /** Subsidio already applied to this worker earlier in the same calendar month. Default 0. */
  readonly subsidioPrevioMes?: DecimalInput;
  /** false when another employer applies the subsidio (the worker chose that one). Default true. */
  readonly applySubsidio?: boolean;
  /**
   * true when the worker receives only the salario mínimo of their zone in the period (LISR art. 96,
   * third paragraph): nothing is withheld. The ISR and the subsidio it would cause are still reported
   * (the subsidio as OtroPago 002 SubsidioCausado with Importe 0), none of it is credited or paid.
   */
  readonly soloSalarioMinimo?: boolean;
}

/** Every figure of an art. 96 retention, as 2-decimal text (tasa as a percentage). */
export interface IsrToWithholdResult {
  readonly year: number;
  readonly periodType: PeriodType;
  /** Days used for the tariff and the subsidio ("30.4" for a full month). */
  readonly dias: string;
  readonly baseGravable: string;
  readonly limiteInferior: string;
  /** null in the open-ended top row. */
  readonly limiteSuperior: string | null;
  readonly excedente: string;
  readonly tasa: string;
  readonly impuestoMarginal: string;
  readonly cuotaFija: string;
  readonly isrCausado: string;
  /** Subsidio the period gives (CFDI nómina: OtroPago 002 SubsidioCausado). */
  readonly subsidioCausado: string;
  /** Part of the subsidio credited against this ISR: min(subsidio, ISR causado). */
  readonly subsidioAplicado: string;
  /** Cash paid to the worker as subsidio: always 0 since the 2024 decree (no refund of any excess). */
  readonly subsidioEntregado: string;
  /** ISR causado − subsidio aplicado; 0 for a salario mínimo worker. */
  readonly isrRetener: string;
  /** The salario mínimo rule (LISR art. 96, third paragraph) left the period without withholding. */
  readonly exentoSalarioMinimo: boolean;
}

function nonNegative(value: DecimalInput, field: string, what: string): Decimal {
  let parsed: Decimal;
  try {
    parsed = toDecimal(value);
  } catch {
    throw new PayrollError(`${what} no es un importe válido`, field);
  }
  // "Los días pagados" is plural: the verb agrees with the subject.
  if (parsed.isNegative()) throw new PayrollError(`${what} ${what.startsWith('Los ') ? 'no pueden ser negativos' : 'no puede ser negativo'}`, field);
  return parsed;
}

/**
 * ISR to withhold from salaries for one pay period (LISR art. 96, Anexo 8 RMF of the payment year),
 * less the subsidio para el empleo of the decree in force. The year of `paymentDate` picks the tariff
 * (2025 and 2026 are loaded).
 * @throws PayrollError (Spanish message) on a bad amount, date, or a year without tables.
 */
export function isrToWithhold(input: IsrToWithholdInput): IsrToWithholdResult {
  // The type says PeriodType, but the value often comes from a form or an API body.
  if (!Object.hasOwn(PERIOD_DAYS, input.periodType)) {
    throw new PayrollError(
      `Periodicidad de pago desconocida: "${String(input.periodType)}" (use ${Object.keys(PERIOD_DAYS).join(', ')})`,
      'periodType',
    );
  }
  const date = parsePaymentDate(input.paymentDate);
  const income = nonNegative(input.income, 'income', 'El ingreso gravado');
  const daysPaid = input.daysPaid === undefined ? undefined : nonNegative(input.daysPaid, 'daysPaid', 'Los días pagados');
  if (daysPaid?.isZero()) throw new PayrollError('Los días pagados deben ser mayores que cero', 'daysPaid');

  const tariff = retentionTariff(isrTariffsFor(date.year), input.periodType, daysPaid);
  const tax = taxFromTariff(income, tariff);

  const subsidyDays = input.periodType === 'mensual' ? daysPaid : (daysPaid ?? new Decimal(PERIOD_DAYS[input.periodType]));
  const subsidio =
    input.applySubsidio === false
      ? new Decimal(0)
      : subsidioForPeriod({
          date,
          ingreso: input.subsidyIncome === undefined ? tax.base : nonNegative(input.subsidyIncome, 'subsidyIncome', 'El ingreso para el subsidio'),
          dias: subsidyDays,
          subsidioPrevioMes: input.subsidioPrevioMes === undefined ? undefined : nonNegative(input.subsidioPrevioMes, 'subsidioPrevioMes', 'El subsidio previo del mes'),
        }).subsidioCausado;
  const minimo = input.soloSalarioMinimo === true;
  const aplicado = minimo ? new Decimal(0) : Decimal.min(subsidio, tax.impuesto);

  return {
    year: date.year,
    periodType: input.periodType,
    dias: (subsidyDays ?? new Decimal(PERIOD_DAYS.mensual)).toString(),
    baseGravable: tax.base.toFixed(2),
    limiteInferior: tax.limiteInferior.toFixed(2),
    limiteSuperior: tax.limiteSuperior === null ? null : tax.limiteSuperior.toFixed(2),
    excedente: tax.excedente.toFixed(2),
    tasa: tax.tasa.toFixed(2),
    impuestoMarginal: tax.impuestoMarginal.toFixed(2),
    cuotaFija: tax.cuotaFija.toFixed(2),
    isrCausado: tax.impuesto.toFixed(2),
    subsidioCausado: subsidio.toFixed(2),
    subsidioAplicado: aplicado.toFixed(2),
    subsidioEntregado: '0.00',
    isrRetener: minimo ? '0.00' : tax.impuesto.minus(aplicado).toFixed(2),
    exentoSalarioMinimo: minimo,
  };
}

/**
 * Annual ISR of an individual (LISR art. 152 tariff of `year`) on a taxable base, e.g. for the
 * employer's annual calculation (art. 97) or a yearly statement.
 */
export function annualIsr(base: DecimalInput, year: number): { readonly tasa: string; readonly cuotaFija: string; readonly limiteInferior: string; readonly isr: string } {
  const tax = taxFromTariff(nonNegative(base, 'base', 'La base anual'), isrTariffsFor(year).anual);
  return { tasa: tax.tasa.toFixed(2), cuotaFija: tax.cuotaFija.toFixed(2), limiteInferior: tax.limiteInferior.toFixed(2), isr: tax.impuesto.toFixed(2) };
}
