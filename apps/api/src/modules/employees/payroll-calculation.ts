import { Decimal } from '@facturo/cfdi/money';
import { causesSubsidio, employeePayrollPreview, hasSocialSecurity, PayrollError, PERIOD_DAYS, type PreviewPercepcion } from '@facturo/cfdi/payroll';
import { COMPUTED_DEDUCCIONES, OTRO_PAGO_SUBSIDIO, type PayrollCalculation } from '@facturo/contract';
import { fieldError } from '../../http/errors';
import { describeClave, PERIOD_BY_PERIODICIDAD, primaRiesgoFor } from './employee-rules';
import { mexicoToday } from '@facturo/cfdi/model';

/** What the calculation needs of an employee, saved or not (amounts are decimal strings). */
export interface CalculationSubject {
  id: number | null;
  salario_diario: string;
  salario_base: string;
  periodo: string;
  riesgo_puesto: string | null;
  percepciones: readonly { tipo: string; importe_gravado: string; importe_exento: string }[];
  deducciones: readonly { tipo: string; importe: string }[];
  otrosPagos: readonly { tipo: string; importe: string }[];
  /** c_TipoContrato and c_TipoRegimen: an asimilado pays no IMSS and causes no subsidio. */
  tipo_contrato: string;
  tipo_regimen: string;
}


/**
 * ISR (art. 96 net of subsidio) and IMSS of one pay period of the employee, with the engine's tables
 * of the payment date's year. The period pays salario diario × the period's days as sueldo (001)
 * unless the employee has a saved sueldo percepción, which then takes its place; other saved
 * percepciones, deducciones and otros pagos are added. ISR (002) and seguridad social (001) are
 * computed, and the subsidio otro pago (002) is the engine's, so saved ones are not added twice.
 */
export function calculatePayroll(e: CalculationSubject, fecha: string = mexicoToday()): PayrollCalculation {
  const periodType = PERIOD_BY_PERIODICIDAD[e.periodo];
  if (!periodType) {
    throw fieldError('periodo', `La periodicidad ${describeClave('c_PeriodicidadPago', e.periodo)} no tiene tarifa de ISR; usa diaria, semanal, catorcenal, decenal, quincenal o mensual`);
  }
  const dias = PERIOD_DAYS[periodType];
  const saved: PreviewPercepcion[] = e.percepciones.map((p) => ({ tipo: p.tipo, gravado: p.importe_gravado, exento: p.importe_exento }));
  const sueldo: PreviewPercepcion = { tipo: '001', gravado: new Decimal(e.salario_diario).times(dias).toDecimalPlaces(2).toFixed(2), exento: '0' };
  const percepciones = saved.some((p) => p.tipo === '001') ? saved : [sueldo, ...saved];
  const deducciones = e.deducciones
    .filter((d) => !(COMPUTED_DEDUCCIONES as readonly string[]).includes(d.tipo))
    .map((d) => ({ tipo: d.tipo, importe: d.importe }));
  const otrosPagos = e.otrosPagos.filter((o) => o.tipo !== OTRO_PAGO_SUBSIDIO).map((o) => ({ tipo: o.tipo, importe: o.importe }));
  const primaRiesgo = primaRiesgoFor(e.riesgo_puesto);

  let r;
  try {
    r = employeePayrollPreview({
      salarioDiario: e.salario_diario, sdi: e.salario_base, periodType, days: dias, percepciones, deducciones, otrosPagos,
      paymentDate: fecha, primaRiesgo,
      seguridadSocial: hasSocialSecurity(e.tipo_contrato), subsidioEmpleo: causesSubsidio(e.tipo_regimen),
    });
  } catch (err) {
    if (err instanceof PayrollError) throw fieldError(err.field === 'paymentDate' || !err.field ? 'fecha' : err.field, err.message);
    throw err;
  }
  const otras = deducciones.reduce((acc, d) => acc.plus(d.importe), new Decimal(0));
  return {
    employee_id: e.id,
    fecha,
    year: r.detalle.isr.year,
    periodo: e.periodo,
    periodo_descripcion: describeClave('c_PeriodicidadPago', e.periodo),
    dias,
    salario_diario: e.salario_diario,
    sdi: e.salario_base,
    prima_riesgo: primaRiesgo,
    total_percepciones: r.totalPercepciones,
    total_gravado: r.totalGravado,
    total_exento: r.totalExento,
    total_otros_pagos: r.totalOtrosPagos,
    isr_causado: r.detalle.isr.isrCausado,
    subsidio: r.subsidio,
    isr: r.isr,
    imss_obrero: r.imssObrero,
    imss_patronal: r.imssPatronal,
    infonavit: r.infonavit,
    otras_deducciones: otras.toFixed(2),
    total_deducciones: r.totalDeducciones,
    neto: r.neto,
    imss_conceptos: r.detalle.imss.conceptos.map((c) => ({ concepto: c.concepto, nombre: c.nombre, base: c.base, patron: c.patron, obrero: c.obrero })),
  };
}
