import type { Cfdi40Input, NominaInput } from '@facturo/cfdi';
import { hasSocialSecurity, sbcAplicadoFor } from '@facturo/cfdi/payroll';
import { idMessages, nssProblem, curpProblem, rfcMessages, rfcProblem, REGISTRO_PATRONAL_RE } from '@facturo/contract';
import { postalCodeExists } from '@facturo/cfdi/catalogs/server';
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

/**
 * Everything SAT or the PAC would refuse in one detail's receipt, in Spanish, found before anything is
 * stamped (issue 24 item 14): the employer's registro patronal, the employee's RFC (check digit), CURP
 * (check digit, same ten first characters as the RFC), NSS (check digit), and the CPs against
 * c_CodigoPostal. An empty list means the receipt can go to the PAC.
 */
export function payrollProblems(d: DetalleRow, employer: Employer): string[] {
  const e = d.empleado;
  const out: string[] = [];
  if (!e.rfc) out.push('No tiene RFC');
  else {
    const rfc = rfcProblem(e.rfc);
    if (rfc) out.push(`RFC ${e.rfc}: ${rfcMessages[rfc]}`);
    else if (!/^[A-ZÑ&]{4}\d{6}[A-Z0-9]{3}$/.test(e.rfc)) out.push(`El RFC ${e.rfc} no es de persona física`);
  }
  if (!e.curp) out.push('No tiene CURP');
  else {
    const curp = curpProblem(e.curp);
    if (curp) out.push(`CURP ${e.curp}: ${idMessages.curp[curp]}`);
    else if (e.rfc && e.curp.slice(0, 10) !== e.rfc.slice(0, 10)) out.push(`La CURP ${e.curp} no corresponde al RFC ${e.rfc} (los 10 primeros caracteres deben coincidir)`);
  }
  if (!postalCodeExists(e.cp ?? '')) out.push(`El código postal ${e.cp} del empleado no existe en el catálogo c_CodigoPostal del SAT`);
  if (needsSocialSecurity(e.tipo_contrato)) {
    if (!e.nss) out.push(`No tiene número de seguridad social (obligatorio para el tipo de contrato ${e.tipo_contrato})`);
    else {
      const nss = nssProblem(e.nss);
      if (nss) out.push(`NSS ${e.nss}: ${idMessages.nss[nss]}`);
    }
    if (!employer.registroPatronal) out.push('Falta el registro patronal del IMSS en Perfil → Información fiscal (el SAT lo exige con seguridad social)');
    else if (!REGISTRO_PATRONAL_RE.test(employer.registroPatronal)) out.push(`El registro patronal ${employer.registroPatronal} no tiene el formato del IMSS (una letra y 10 dígitos)`);
  }
  if (!postalCodeExists(employer.cp)) out.push(`El código postal ${employer.cp} del patrón (lugar de expedición) no existe en el catálogo c_CodigoPostal del SAT`);
  return out;
}

/** Nómina 1.2: contracts 01-08 are employment relations with IMSS (RegistroPatronal, NSS, SDI, riesgo required). */
export const needsSocialSecurity = hasSocialSecurity;

/** Whole weeks from the start of the relation to the end of the period: Antigüedad as "P{n}W". */
export function antiguedad(fechaInicio: string, fechaFinal: string): string {
  const days = Math.floor((Date.parse(`${fechaFinal}T00:00:00Z`) - Date.parse(`${fechaInicio}T00:00:00Z`)) / 86_400_000);
  return `P${Math.max(0, Math.floor(days / 7))}W`;
}

/** The CFDI 4.0 tipo N with its Nómina 1.2 for one detail (unsealed; the folio is set when stamped). */
export function receiptInput(p: PrenominaRow, d: DetalleRow, employer: Employer, fecha: string, sustituye?: string): Cfdi40Input {
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
        // The base the IMSS quotas used: SDI floored at the zone's minimum and capped at 25 UMA (LSS 28).
        salarioBaseCotApor: sbcAplicadoFor({ sbc: e.salario_base, paymentDate: p.fechaPago, zona: p.zonaSalario }),
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
    // A receipt issued to replace a cancelled one (motivo 01) relates to it with TipoRelacion 04.
    ...(sustituye ? { cfdiRelacionados: [{ tipoRelacion: '04', uuids: [sustituye] }] } : {}),
    nomina,
  };
}

/** Serie of payroll receipts: their own gap-free folios. */
export const PAYROLL_SERIE = 'NOM';
