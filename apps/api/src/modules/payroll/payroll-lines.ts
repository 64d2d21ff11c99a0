import { Decimal } from '@facturo/cfdi/money';
import {
  causesSubsidio, employeePayrollPreview, employerContributions, extraordinaryIsr, EXTRAORDINARY_TIPO_PERCEPCION, PayrollError, type ImssQuotas, type SalarioMinimoZona,
} from '@facturo/cfdi/payroll';
import { COMPUTED_DEDUCCIONES, OTRO_PAGO_SUBSIDIO, type PayrollIsrMethod, type PayrollKind } from '@facturo/contract';
import { fieldError } from '../../http/errors';
import { describeClave, PERIOD_BY_PERIODICIDAD, primaRiesgoFor } from '../employees/employee-rules';
import { needsSocialSecurity } from './payroll-receipt';
import type { DeduccionLine, EmpleadoSnapshot, OtroPagoLine, PercepcionLine, PrenominaRow } from './payroll.schema';

/** The period a pre-payroll pays (its header). */
export interface PayPeriod {
  fechaPago: string;
  numDiasPagados: string;
  periodicidad: string;
  /** Migration 0700; an ordinary payroll in the general zone when absent. */
  tipoPago?: PayrollKind;
  metodoIsr?: PayrollIsrMethod;
  zona?: SalarioMinimoZona;
}

/** What computeDetail needs of a saved pre-payroll. */
export const periodOf = (p: PrenominaRow): PayPeriod => ({
  fechaPago: p.fechaPago, numDiasPagados: p.numDiasPagados, periodicidad: p.periodicidad, tipoPago: p.tipoPago, metodoIsr: p.metodoIsr, zona: p.zonaSalario,
});

/** The employee's own lines (saved concepts, or what the user edited); ISR, IMSS and subsidio are computed. */
export interface OwnLines {
  percepciones: PercepcionLine[];
  deducciones: DeduccionLine[];
  otrosPagos: DeduccionLine[];
}

/** The employer's quotas of a receipt (decision 323): not on the CFDI, kept for the payroll póliza. */
export interface EmployerQuotas {
  /** Monthly IMSS: enfermedades y maternidad, invalidez y vida, riesgos de trabajo, guarderías. */
  imssPatronal: string;
  /** Retiro, cesantía y vejez (paid every two months to the SAR). */
  rcvPatronal: string;
  infonavitPatronal: string;
}

export const NO_EMPLOYER_QUOTAS: EmployerQuotas = { imssPatronal: '0.00', rcvPatronal: '0.00', infonavitPatronal: '0.00' };

/**
 * The employer's share of the same quotas the worker's was computed with. A contract without an employment relation
 * with the IMSS (c_TipoContrato 09, 10, 99: the receipt carries no NSS nor registro patronal) owes none, so its
 * receipt books no employer cost.
 */
function employerQuotas(e: EmpleadoSnapshot, imss: ImssQuotas): EmployerQuotas {
  if (!needsSocialSecurity(e.tipo_contrato)) return NO_EMPLOYER_QUOTAS;
  const g = employerContributions(imss);
  return { imssPatronal: g.imss, rcvPatronal: g.rcv, infonavitPatronal: g.infonavit };
}

export interface DetailAmounts extends EmployerQuotas {
  percepciones: PercepcionLine[];
  deducciones: DeduccionLine[];
  otrosPagos: OtroPagoLine[];
  totalPercepciones: string;
  totalDeducciones: string;
  totalOtrosPagos: string;
  isr: string;
  imss: string;
  neto: string;
}

const two = (d: Decimal | string) => new Decimal(d).toDecimalPlaces(2).toFixed(2);

/**
 * One employee's receipt amounts for the period: the sueldo (001) is salario diario × días pagados unless
 * the employee has a saved sueldo line; ISR of art. 96 with the payment date's tariff net of the subsidio
 * para el empleo (LISR; the subsidio is credited, not paid: OtroPago 002 carries it as SubsidioCausado with
 * Importe 0), and the IMSS worker quota for the days paid, from the engine (docs/payroll-tables.md), with the
 * employer's quotas of the same period beside it.
 */
export function computeDetail(e: EmpleadoSnapshot, own: OwnLines, p: PayPeriod): DetailAmounts {
  if (p.tipoPago === 'aguinaldo' || p.tipoPago === 'ptu') return computeExtraordinary(e, own, { ...p, tipoPago: p.tipoPago });
  const periodType = PERIOD_BY_PERIODICIDAD[p.periodicidad];
  if (!periodType) {
    throw fieldError('periodicidad', `La periodicidad ${describeClave('c_PeriodicidadPago', p.periodicidad)} no tiene tarifa de ISR; usa diaria, semanal, catorcenal, decenal, quincenal o mensual`);
  }
  const sueldo: PercepcionLine = {
    tipo: '001', clave: '001', concepto: 'Sueldo', importe_gravado: two(new Decimal(e.salario_diario).times(p.numDiasPagados)), importe_exento: '0.00',
  };
  const percepciones = own.percepciones.some((x) => x.tipo === '001') ? own.percepciones : [sueldo, ...own.percepciones];
  const otherDeducciones = own.deducciones.filter((d) => !(COMPUTED_DEDUCCIONES as readonly string[]).includes(d.tipo));
  const otherPagos = own.otrosPagos.filter((o) => o.tipo !== OTRO_PAGO_SUBSIDIO);
  let r;
  try {
    r = employeePayrollPreview({
      salarioDiario: e.salario_diario, sdi: e.salario_base, periodType, days: p.numDiasPagados,
      percepciones: percepciones.map((x) => ({ tipo: x.tipo, gravado: x.importe_gravado, exento: x.importe_exento })),
      deducciones: otherDeducciones.map((d) => ({ tipo: d.tipo, importe: d.importe })),
      otrosPagos: otherPagos.map((o) => ({ tipo: o.tipo, importe: o.importe })),
      paymentDate: p.fechaPago, primaRiesgo: primaRiesgoFor(e.riesgo_puesto), zona: p.zona ?? 'general',
      seguridadSocial: needsSocialSecurity(e.tipo_contrato), subsidioEmpleo: causesSubsidio(e.tipo_regimen),
    });
  } catch (err) {
    if (err instanceof PayrollError) throw fieldError(err.field === 'paymentDate' ? 'fechaPago' : (err.field ?? 'fechaPago'), err.message);
    throw err;
  }
  const deducciones: DeduccionLine[] = [
    ...(new Decimal(r.isr).gt(0) ? [{ tipo: '002', clave: '002', concepto: 'ISR', importe: two(r.isr) }] : []),
    ...(new Decimal(r.imssObrero).gt(0) ? [{ tipo: '001', clave: '001', concepto: 'Seguridad social', importe: two(r.imssObrero) }] : []),
    ...otherDeducciones.map((d) => ({ ...d, importe: two(d.importe) })),
  ];
  // Only salaried workers (régimen 02) carry the subsidio line, and only when some subsidio was caused. A salario
  // mínimo worker (nothing withheld, LISR 96 third paragraph) still reports the SubsidioCausado, with Importe 0.
  const subsidio = e.tipo_regimen === '02' && new Decimal(r.subsidio).gt(0)
    ? [{ tipo: OTRO_PAGO_SUBSIDIO, clave: OTRO_PAGO_SUBSIDIO, concepto: 'Subsidio para el empleo (efectivamente entregado)', importe: '0.00', subsidio_causado: two(r.subsidio) }]
    : [];
  const otrosPagos: OtroPagoLine[] = [...subsidio, ...otherPagos.map((o) => ({ ...o, importe: two(o.importe), subsidio_causado: null }))];
  const totalDeducciones = deducciones.reduce((acc, d) => acc.plus(d.importe), new Decimal(0));
  const totalOtrosPagos = otrosPagos.reduce((acc, o) => acc.plus(o.importe), new Decimal(0));
  const totalPercepciones = percepciones.reduce((acc, x) => acc.plus(x.importe_gravado).plus(x.importe_exento), new Decimal(0));
  return {
    percepciones: percepciones.map((x) => ({ ...x, importe_gravado: two(x.importe_gravado), importe_exento: two(x.importe_exento) })),
    deducciones,
    otrosPagos,
    totalPercepciones: two(totalPercepciones),
    totalDeducciones: two(totalDeducciones),
    totalOtrosPagos: two(totalOtrosPagos),
    isr: two(r.isr),
    imss: two(r.imssObrero),
    neto: two(totalPercepciones.plus(totalOtrosPagos).minus(totalDeducciones)),
    ...employerQuotas(e, r.detalle.imss),
  };
}

const KIND_CONCEPT = { aguinaldo: 'Gratificación anual (aguinaldo)', ptu: 'Participación de los trabajadores en las utilidades (PTU)' } as const;

/**
 * An aguinaldo or PTU detail (extraordinary payroll): one percepción 002 or 003 whose amount is the saved or
 * edited line's (gravado + exento) or, by default, salario diario × the days of the payroll; the split into
 * exempt and taxable and the ISR come from the engine (LISR 93 fr. XIV; art. 96 or RLISR 174 as the
 * payroll says). No IMSS (the aguinaldo is already in the SDI; the PTU is not part of the SBC, LSS 27) and no
 * subsidio. Other percepciones of the same tipo are folded into the one line; other deductions stay.
 */
function computeExtraordinary(e: EmpleadoSnapshot, own: OwnLines, p: PayPeriod & { tipoPago: 'aguinaldo' | 'ptu' }): DetailAmounts {
  const tipo = EXTRAORDINARY_TIPO_PERCEPCION[p.tipoPago];
  const mine = own.percepciones.filter((x) => x.tipo === tipo);
  const importe = mine.length
    ? mine.reduce((acc, x) => acc.plus(x.importe_gravado).plus(x.importe_exento), new Decimal(0))
    : new Decimal(e.salario_diario).times(p.numDiasPagados);
  let r;
  try {
    r = extraordinaryIsr({ kind: p.tipoPago, method: p.metodoIsr ?? '96', amount: two(importe), salarioDiario: e.salario_diario, paymentDate: p.fechaPago });
  } catch (err) {
    if (err instanceof PayrollError) throw fieldError(err.field === 'paymentDate' ? 'fechaPago' : (err.field ?? 'fechaPago'), err.message);
    throw err;
  }
  const percepciones: PercepcionLine[] = [{ tipo, clave: tipo, concepto: mine[0]?.concepto ?? KIND_CONCEPT[p.tipoPago], importe_gravado: r.gravado, importe_exento: r.exento }];
  const otherDeducciones = own.deducciones.filter((d) => !(COMPUTED_DEDUCCIONES as readonly string[]).includes(d.tipo));
  const deducciones: DeduccionLine[] = [
    ...(new Decimal(r.isr).gt(0) ? [{ tipo: '002', clave: '002', concepto: 'ISR', importe: r.isr }] : []),
    ...otherDeducciones.map((d) => ({ ...d, importe: two(d.importe) })),
  ];
  const totalDeducciones = deducciones.reduce((acc, d) => acc.plus(d.importe), new Decimal(0));
  return {
    percepciones, deducciones, otrosPagos: [],
    totalPercepciones: r.importe, totalDeducciones: two(totalDeducciones), totalOtrosPagos: '0.00',
    isr: r.isr, imss: '0.00', neto: two(new Decimal(r.importe).minus(totalDeducciones)), ...NO_EMPLOYER_QUOTAS,
  };
}
