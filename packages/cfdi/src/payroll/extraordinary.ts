import { parsePaymentDate, umaYearFor } from './dates';
import { Decimal, roundTo, toDecimal, type DecimalInput } from '../money';
import { PayrollError } from './errors';
import { isrTariffsFor, umaOf } from './tables';
import { taxFromTariff } from './tariff';
import { DAYS_PER_MONTH } from './types';

/** An extraordinary payment of an extraordinary payroll (Nómina 1.2 TipoNomina E). */
export type ExtraordinaryKind = 'aguinaldo' | 'ptu';
/** How its ISR is withheld: LISR art. 96 (monthly tariff on salary + payment) or RLISR art. 174 (the rate method). */
export type ExtraordinaryMethod = '96' | '174';

/** c_TipoPercepcion of each kind: 002 gratificación anual (aguinaldo), 003 PTU. */
export const EXTRAORDINARY_TIPO_PERCEPCION: Readonly<Record<ExtraordinaryKind, string>> = { aguinaldo: '002', ptu: '003' };
/** Exempt part in UMA diarias, LISR art. 93 fr. XIV: 30 for the gratificación anual, 15 for the PTU. */
export const EXTRAORDINARY_EXEMPT_UMA: Readonly<Record<ExtraordinaryKind, string>> = { aguinaldo: '30', ptu: '15' };

export interface ExtraordinaryIsrInput {
  readonly kind: ExtraordinaryKind;
  /** The whole payment (exempt + taxable). */
  readonly amount: DecimalInput;
  /** Worker's cuota diaria: the ordinary monthly salary is salario diario × 30.4. */
  readonly salarioDiario: DecimalInput;
  /** "YYYY-MM-DD": picks the year's monthly tariff and the UMA in force. */
  readonly paymentDate: string;
  readonly method: ExtraordinaryMethod;
}

/** Every figure of the computation, as 2-decimal text. */
export interface ExtraordinaryIsr {
  readonly kind: ExtraordinaryKind;
  readonly method: ExtraordinaryMethod;
  readonly tipoPercepcion: string;
  readonly umaDiaria: string;
  /** UMA diaria × 30 (aguinaldo) or × 15 (PTU). */
  readonly limiteExento: string;
  readonly importe: string;
  readonly exento: string;
  readonly gravado: string;
  /** Ordinary monthly salary the payment is added to: salario diario × 30.4. */
  readonly sueldoMensual: string;
  /** Monthly-tariff ISR of the ordinary monthly salary alone. */
  readonly isrSueldo: string;
  /** 96: sueldo + gravado; 174: sueldo + gravado ÷ 365 × 30.4 (fr. I, rounded to cents). */
  readonly baseConjunta: string;
  /** Monthly-tariff ISR of baseConjunta. */
  readonly isrConjunto: string;
  /** 174 only: gravado ÷ 365 × 30.4. */
  readonly mensualizado: string | null;
  /** 174 only: (isrConjunto − isrSueldo) ÷ mensualizado × 100, as a percentage with 6 decimals. */
  readonly tasa: string | null;
  /** ISR to withhold from the payment. */
  readonly isr: string;
}

function money(value: DecimalInput, field: string, what: string): Decimal {
  let parsed: Decimal;
  try {
    parsed = toDecimal(value);
  } catch {
    throw new PayrollError(`${what} no es un importe válido`, field);
  }
  if (parsed.isNegative()) throw new PayrollError(`${what} no puede ser negativo`, field);
  return parsed;
}

/**
 * ISR of an aguinaldo or PTU payment (extraordinary payroll).
 *
 * Exempt part: up to 30 UMA diarias for the aguinaldo and 15 for the PTU (LISR art. 93 fr. XIV), with
 * the UMA in force on the payment date; the rest is taxable.
 *
 * Art. 96: the monthly tariff applied to the month's salary plus the taxable part, less the tariff on
 * the salary alone (what is already withheld from the ordinary payroll): the payment's own ISR.
 *
 * RLISR art. 174: I. taxable ÷ 365 × 30.4; II. add it to the ordinary monthly salary and apply the
 * monthly tariff; III. less the tariff on the salary alone; IV. that difference ÷ the amount of I is the
 * rate; V. ISR = taxable × rate. The amount of I is rounded to cents; the rate is kept exact (no
 * intermediate rounding) and only the ISR is rounded. The subsidio para el empleo plays no part in
 * either method (docs/decisions/270-payroll-minimum-wage-and-extraordinary.md).
 */
export function extraordinaryIsr(input: ExtraordinaryIsrInput): ExtraordinaryIsr {
  if (input.kind !== 'aguinaldo' && input.kind !== 'ptu') throw new PayrollError('El tipo de pago extraordinario debe ser aguinaldo o PTU', 'kind');
  if (input.method !== '96' && input.method !== '174') throw new PayrollError('El método de cálculo del ISR debe ser 96 (LISR) o 174 (RLISR)', 'method');
  const date = parsePaymentDate(input.paymentDate);
  const importe = roundTo(money(input.amount, 'amount', 'El importe'), 2);
  const salarioDiario = money(input.salarioDiario, 'salarioDiario', 'El salario diario');
  const uma = new Decimal(umaOf(umaYearFor(date)).diaria);
  const limite = roundTo(uma.times(EXTRAORDINARY_EXEMPT_UMA[input.kind]), 2);
  const exento = Decimal.min(importe, limite);
  const gravado = importe.minus(exento);
  const mensual = isrTariffsFor(date.year).mensual;
  const sueldoMensual = roundTo(salarioDiario.times(DAYS_PER_MONTH), 2);
  const isrSueldo = taxFromTariff(sueldoMensual, mensual).impuesto;

  let mensualizado: Decimal | null = null;
  let tasa: Decimal | null = null;
  let base: Decimal;
  let isrConjunto: Decimal;
  let isr: Decimal;
  if (input.method === '96') {
    base = sueldoMensual.plus(gravado);
    isrConjunto = taxFromTariff(base, mensual).impuesto;
    isr = isrConjunto.minus(isrSueldo);
  } else {
    mensualizado = roundTo(gravado.dividedBy(365).times(DAYS_PER_MONTH), 2);
    base = sueldoMensual.plus(mensualizado);
    isrConjunto = taxFromTariff(base, mensual).impuesto;
    const diferencia = isrConjunto.minus(isrSueldo);
    tasa = mensualizado.isZero() ? new Decimal(0) : diferencia.dividedBy(mensualizado);
    isr = roundTo(gravado.times(tasa), 2);
  }
  if (gravado.isZero()) isr = new Decimal(0);
  return {
    kind: input.kind,
    method: input.method,
    tipoPercepcion: EXTRAORDINARY_TIPO_PERCEPCION[input.kind],
    umaDiaria: uma.toFixed(2),
    limiteExento: limite.toFixed(2),
    importe: importe.toFixed(2),
    exento: exento.toFixed(2),
    gravado: gravado.toFixed(2),
    sueldoMensual: sueldoMensual.toFixed(2),
    isrSueldo: isrSueldo.toFixed(2),
    baseConjunta: roundTo(base, 2).toFixed(2),
    isrConjunto: isrConjunto.toFixed(2),
    mensualizado: mensualizado === null ? null : mensualizado.toFixed(2),
    tasa: tasa === null ? null : roundTo(tasa.times(100), 6).toFixed(6),
    isr: Decimal.max(isr, 0).toFixed(2),
  };
}
