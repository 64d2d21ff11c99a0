import { Decimal, toDecimal, type DecimalInput } from '../money';
import { PayrollError } from './errors';
import { imssQuotas, type ImssQuotas } from './imss-quotas';
import { parsePaymentDate } from './dates';
import { isrToWithhold, type IsrToWithholdResult } from './isr';
import { salarioMinimoOf } from './tables';
import type { PeriodType, SalarioMinimoZona } from './types';

/** A percepción of the receipt (tipo = c_TipoPercepcion, e.g. '001' sueldos). */
export interface PreviewPercepcion {
  readonly tipo: string;
  readonly gravado: DecimalInput;
  readonly exento: DecimalInput;
}

/** A deducción other than ISR and the IMSS worker share (tipo = c_TipoDeduccion, e.g. '004' otros). */
export interface PreviewImporte {
  readonly tipo: string;
  readonly importe: DecimalInput;
}

export interface EmployeePayrollPreviewInput {
  readonly salarioDiario: DecimalInput;
  /** Salario diario integrado, the IMSS base. */
  readonly sdi: DecimalInput;
  readonly periodType: PeriodType;
  /** Days paid in the period (also the days that pay IMSS). */
  readonly days: DecimalInput;
  /** Omit to pay salario diario × days as taxable sueldo ('001'). */
  readonly percepciones?: readonly PreviewPercepcion[];
  /** Deductions besides ISR ('002') and IMSS ('001'), which the preview computes. */
  readonly deducciones?: readonly PreviewImporte[];
  /** Otros pagos other than the subsidio (c_TipoOtroPago, e.g. '003' viáticos). */
  readonly otrosPagos?: readonly PreviewImporte[];
  readonly paymentDate: string;
  readonly primaRiesgo: DecimalInput;
  /** Salario mínimo zone of the workplace (general or Zona Libre de la Frontera Norte). Default 'general'. */
  readonly zona?: SalarioMinimoZona;
  /**
   * false for a worker without an employment relation with the IMSS (asimilados and other c_TipoContrato 09, 10,
   * 99: hasSocialSecurity): no quota is withheld nor paid. Default true.
   */
  readonly seguridadSocial?: boolean;
  /** false outside sueldos y salarios (c_TipoRegimen other than 02: causesSubsidio): no subsidio para el empleo. Default true. */
  readonly subsidioEmpleo?: boolean;
}

/** Nómina 1.2: contracts 01-08 are employment relations with the IMSS (RegistroPatronal, NSS, SDI, riesgo required). */
export const hasSocialSecurity = (tipoContrato: string): boolean => /^0[1-8]$/.test(tipoContrato);

/**
 * The subsidio para el empleo is for who earns sueldos y salarios (LISR art. 94 fr. I; the decree of 2024-05-01):
 * c_TipoRegimen 02. Asimilados (régimen 05-12) are taxed with the same tariff but cause no subsidio, and SAT refuses
 * OtroPago 002 with any other régimen.
 */
export const causesSubsidio = (tipoRegimen: string): boolean => tipoRegimen === '02';

/** The quotas of a worker without social security: the same period, nothing owed. */
const withoutQuotas = (q: ImssQuotas): ImssQuotas => ({
  ...q, conceptos: [], patronCubreObrero: false, totales: { obrero: '0.00', patronImss: '0.00', infonavit: '0.00', patron: '0.00' },
});

/** What the employees screen shows for one period; amounts are 2-decimal text. */
export interface EmployeePayrollPreview {
  readonly totalPercepciones: string;
  readonly totalGravado: string;
  readonly totalExento: string;
  readonly totalOtrosPagos: string;
  /** ISR withheld after the subsidio (0 for a salario mínimo worker, LISR art. 96 third paragraph). */
  readonly isr: string;
  /** Subsidio causado of the period (credited against ISR, never paid in cash). */
  readonly subsidio: string;
  readonly imssObrero: string;
  /** Employer IMSS including retiro and cesantía y vejez. */
  readonly imssPatronal: string;
  readonly infonavit: string;
  readonly totalDeducciones: string;
  readonly neto: string;
  readonly detalle: { readonly isr: IsrToWithholdResult; readonly imss: ImssQuotas };
}

/**
 * c_TipoPercepcion keys the subsidio decree leaves out of the income ceiling: prima de antigüedad (022),
 * pagos por separación (023) and indemnizaciones (025).
 */
const SEPARATION_TIPOS = new Set(['022', '023', '025']);

function amount(value: DecimalInput, field: string): Decimal {
  let parsed: Decimal;
  try {
    parsed = toDecimal(value);
  } catch {
    throw new PayrollError(`El importe de ${field} no es válido`, field);
  }
  if (parsed.isNegative()) throw new PayrollError(`El importe de ${field} no puede ser negativo`, field);
  return parsed;
}

/**
 * One worker's payroll for a period as the employees screen previews it (GET
 * /api/employees/calculate/{employeeId}): ISR art. 96 net of subsidio, IMSS worker and employer
 * shares, other deductions and net pay. All gravado is taxed with the art. 96 tariff of the period;
 * separation payments (art. 95 rule) are not split out. A 'mensual' period is taken as a full month
 * for the subsidio.
 */
export function employeePayrollPreview(input: EmployeePayrollPreviewInput): EmployeePayrollPreview {
  const days = amount(input.days, 'days');
  if (days.isZero()) throw new PayrollError('Los días pagados deben ser mayores que cero', 'days');
  const percepciones = input.percepciones ?? [
    { tipo: '001', gravado: amount(input.salarioDiario, 'salarioDiario').times(days).toDecimalPlaces(2), exento: '0' },
  ];

  let gravado = new Decimal(0);
  let exento = new Decimal(0);
  let subsidyIncome = new Decimal(0);
  percepciones.forEach((p, i) => {
    const g = amount(p.gravado, `percepciones[${i}].gravado`);
    gravado = gravado.plus(g);
    exento = exento.plus(amount(p.exento, `percepciones[${i}].exento`));
    if (!SEPARATION_TIPOS.has(p.tipo)) subsidyIncome = subsidyIncome.plus(g);
  });
  const otrosPagos = (input.otrosPagos ?? []).reduce((acc, o, i) => acc.plus(amount(o.importe, `otrosPagos[${i}].importe`)), new Decimal(0));
  const otrasDeducciones = (input.deducciones ?? []).reduce((acc, d, i) => acc.plus(amount(d.importe, `deducciones[${i}].importe`)), new Decimal(0));

  // LISR art. 96, third paragraph: no withholding from who receives only the salario mínimo of their zone —
  // a cuota diaria not above it and no taxable income beyond it for the days paid.
  const minimo = new Decimal(salarioMinimoOf(parsePaymentDate(input.paymentDate).year, input.zona));
  const soloSalarioMinimo = amount(input.salarioDiario, 'salarioDiario').lte(minimo) && gravado.lte(minimo.times(days).toDecimalPlaces(2));
  const isr = isrToWithhold({
    income: gravado,
    periodType: input.periodType,
    paymentDate: input.paymentDate,
    daysPaid: input.periodType === 'mensual' ? undefined : days,
    subsidyIncome,
    soloSalarioMinimo,
    applySubsidio: input.subsidioEmpleo !== false,
  });
  const quotas = imssQuotas({
    sbc: input.sdi,
    days,
    paymentDate: input.paymentDate,
    primaRiesgo: input.primaRiesgo,
    zona: input.zona,
    salarioDiario: input.salarioDiario,
  });
  const imss = input.seguridadSocial === false ? withoutQuotas(quotas) : quotas;

  const totalPercepciones = gravado.plus(exento);
  const totalDeducciones = new Decimal(isr.isrRetener).plus(imss.totales.obrero).plus(otrasDeducciones);
  return {
    totalPercepciones: totalPercepciones.toFixed(2),
    totalGravado: gravado.toFixed(2),
    totalExento: exento.toFixed(2),
    totalOtrosPagos: otrosPagos.toFixed(2),
    isr: isr.isrRetener,
    subsidio: isr.subsidioCausado,
    imssObrero: imss.totales.obrero,
    imssPatronal: imss.totales.patronImss,
    infonavit: imss.totales.infonavit,
    totalDeducciones: totalDeducciones.toFixed(2),
    neto: totalPercepciones.plus(otrosPagos).minus(totalDeducciones).toFixed(2),
    detalle: { isr, imss },
  };
}
