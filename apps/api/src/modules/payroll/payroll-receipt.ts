import type { Cfdi40Input, NominaInput } from '@facturo/cfdi';
import type { DetalleRow, PrenominaRow } from './payroll.schema';

/** The employer's data a receipt needs (profile). */
export interface Employer {
  rfc: string;
  nombre: string;
  regimen: string;
  cp: string;
  registroPatronal: string | null;
}

/** Why a detail cannot be stamped, in Spanish; null when it can. Checked before anything is sealed. */
export function receiptProblem(d: DetalleRow, employer: Employer): string | null {
  const e = d.empleado;
  if (!e.rfc) return `El empleado ${e.nombre} no tiene RFC`;
  if (!/^[A-ZÑ&]{4}\d{6}[A-Z0-9]{3}$/.test(e.rfc)) return `El RFC ${e.rfc} del empleado ${e.nombre} no es de persona física`;
  if (!e.curp) return `El empleado ${e.nombre} no tiene CURP`;
  // The CURP and the RFC of a person start with the same ten characters (initials and birth date).
  if (e.curp.slice(0, 10) !== e.rfc.slice(0, 10)) return `La CURP ${e.curp} no corresponde al RFC ${e.rfc} del empleado ${e.nombre}`;
  if (needsSocialSecurity(e.tipo_contrato)) {
    if (!e.nss) return `El empleado ${e.nombre} no tiene número de seguridad social (obligatorio para el tipo de contrato ${e.tipo_contrato})`;
    if (!employer.registroPatronal) return 'Registra tu registro patronal del IMSS en Perfil → Información fiscal: el SAT lo exige en recibos de empleados con seguridad social';
  }
  return null;
}

/** Nómina 1.2: contracts 01-08 are employment relations with IMSS (RegistroPatronal, NSS, SDI, riesgo required). */
const needsSocialSecurity = (tipoContrato: string) => /^0[1-8]$/.test(tipoContrato);

/** Whole weeks from the start of the relation to the end of the period: Antigüedad as "P{n}W". */
export function antiguedad(fechaInicio: string, fechaFinal: string): string {
  const days = Math.floor((Date.parse(`${fechaFinal}T00:00:00Z`) - Date.parse(`${fechaInicio}T00:00:00Z`)) / 86_400_000);
  return `P${Math.max(0, Math.floor(days / 7))}W`;
}

/** The CFDI 4.0 tipo N with its Nómina 1.2 for one detail (unsealed; the folio is set when stamped). */
export function receiptInput(p: PrenominaRow, d: DetalleRow, employer: Employer, fecha: string): Cfdi40Input {
  const e = d.empleado;
  const ss = needsSocialSecurity(e.tipo_contrato);
  const nomina: NominaInput = {
    tipoNomina: p.tipoNomina,
    fechaPago: p.fechaPago,
    fechaInicialPago: p.fechaInicialPago,
    fechaFinalPago: p.fechaFinalPago,
    numDiasPagados: String(Number(p.numDiasPagados)),
    ...(ss && employer.registroPatronal ? { emisor: { registroPatronal: employer.registroPatronal } } : {}),
    receptor: {
      curp: e.curp,
      ...(ss ? {
        numSeguridadSocial: e.nss ?? undefined,
        fechaInicioRelLaboral: e.fecha_inicio,
        antigüedad: antiguedad(e.fecha_inicio, p.fechaFinalPago),
        riesgoPuesto: e.riesgo_puesto ?? '1',
        salarioDiarioIntegrado: e.salario_base,
        salarioBaseCotApor: e.salario_base,
      } : {}),
      tipoContrato: e.tipo_contrato,
      sindicalizado: e.sindicalizado ? 'Sí' : 'No',
      ...(e.tipo_jornada ? { tipoJornada: e.tipo_jornada } : {}),
      tipoRegimen: e.tipo_regimen,
      numEmpleado: e.no_empleado,
      ...(e.departamento ? { departamento: e.departamento } : {}),
      ...(e.puesto ? { puesto: e.puesto } : {}),
      periodicidadPago: p.periodicidad,
      // Banco goes with an account number that is not a CLABE (18 digits); a CLABE names its bank itself.
      ...(e.banco && e.cuenta_bancaria && e.cuenta_bancaria.length !== 18 ? { banco: e.banco } : {}),
      ...(e.cuenta_bancaria ? { cuentaBancaria: e.cuenta_bancaria } : {}),
      claveEntFed: e.entidad,
      subContratacion: [],
    },
    percepciones: d.percepciones.map((x) => ({ tipoPercepcion: x.tipo, clave: x.clave, concepto: x.concepto, importeGravado: x.importe_gravado, importeExento: x.importe_exento })),
    ...(d.deducciones.length ? { deducciones: d.deducciones.map((x) => ({ tipoDeduccion: x.tipo, clave: x.clave, concepto: x.concepto, importe: x.importe })) } : {}),
    ...(d.otrosPagos.length ? {
      otrosPagos: d.otrosPagos.map((x) => ({
        tipoOtroPago: x.tipo, clave: x.clave, concepto: x.concepto, importe: x.importe,
        ...(x.subsidio_causado !== null ? { subsidioAlEmpleo: { subsidioCausado: x.subsidio_causado } } : {}),
      })),
    } : {}),
  };
  return {
    tipoDeComprobante: 'N',
    // CFDI 4.0 rule CFDI40103: a payroll receipt carries no FormaPago (MetodoPago stays PUE).
    formaPago: null,
    serie: PAYROLL_SERIE,
    folio: '0',
    fecha,
    lugarExpedicion: employer.cp,
    emisor: { rfc: employer.rfc, nombre: employer.nombre, regimenFiscal: employer.regimen },
    receptor: { rfc: e.rfc, nombre: e.nombre, domicilioFiscalReceptor: e.cp, regimenFiscalReceptor: '605', usoCFDI: 'CN01' },
    nomina,
  };
}

/** Serie of payroll receipts: their own gap-free folios. */
export const PAYROLL_SERIE = 'NOM';
