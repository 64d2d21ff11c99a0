import { randomInt } from 'node:crypto';
import { curpCheckDigit, nssCheckDigit } from '../../packages/contract/src/employee-ids';
import { withCheckDigit } from '../../packages/cfdi/src/rfc/index';

const pick = (s: string) => s[randomInt(s.length)]!;
const CONS = 'BCDFGHJKLMNPRSTVZ';

/**
 * A complete employee body for POST /api/employees whose RFC and CURP belong to the same person (same first
 * ten characters), with valid check digits, contract 01 (IMSS) and a quincenal period.
 */
export function employeeFor(noEmpleado: string, salarioDiario: string, nombre: string) {
  const head = `${pick(CONS)}${pick('AEIOU')}${pick(CONS)}${pick(CONS)}${randomInt(60, 99)}${String(randomInt(1, 13)).padStart(2, '0')}${String(randomInt(1, 29)).padStart(2, '0')}`;
  const curpBase = `${head}${pick('HM')}DF${pick(CONS)}${pick(CONS)}${pick(CONS)}${randomInt(10)}`;
  const nssBase = Array.from({ length: 10 }, () => randomInt(10)).join('');
  const [nom, paterno, materno] = nombre.split(' ');
  return {
    rfc: withCheckDigit(`${head}A1`), no_empleado: noEmpleado, nombre: nom, apellido_paterno: paterno, apellido_materno: materno,
    curp: curpBase + curpCheckDigit(curpBase), nss: nssBase + nssCheckDigit(nssBase), puesto: 'Auxiliar', departamento: 'Operación',
    fecha_inicio: '2024-01-15', tipo_contrato: '01', tipo_jornada: '01', tipo_regimen: '02', periodo: '04', riesgo_puesto: '1', banco: null,
    cuenta_bancaria: null, salario_diario: salarioDiario, salario_base: (Number(salarioDiario) * 1.0452).toFixed(2), entidad: 'CMX', sindicalizado: false,
    cp: '06600', percepciones: [], deducciones: [], otrosPagos: [],
  };
}
