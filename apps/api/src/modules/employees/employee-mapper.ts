import {
  employeeFullName, type DeduccionValues, type Employee, type EmployeeValues, type OtroPagoValues, type PercepcionValues,
} from '@facturo/contract';
import { describeClave, PERIOD_BY_PERIODICIDAD } from './employee-rules';
import { foldSearch } from './employees.repository';
import type { ConceptKind, ConceptRow, EmployeeRow, NewConceptRow, NewEmployeeRow } from './employees.schema';

/** Conversions between the API shapes (contract) and the rows of employees / employee_concepts. */

const TIPO_CATALOG = { percepcion: 'c_TipoPercepcion', deduccion: 'c_TipoDeduccion', otro_pago: 'c_TipoOtroPago' } as const;

function conceptBase(c: ConceptRow) {
  return { id: c.id, tipo: c.tipo, tipo_descripcion: describeClave(TIPO_CATALOG[c.kind], c.tipo), clave: c.clave, concepto: c.concepto };
}

/** The API shape of an employee with its concepts. */
export function toEmployee(row: EmployeeRow, concepts: ConceptRow[]): Employee {
  const mine = concepts.filter((c) => c.employeeId === row.id);
  return {
    id: row.id,
    rfc: row.rfc,
    no_empleado: row.noEmpleado,
    nombre: row.nombre,
    apellido_paterno: row.apellidoPaterno,
    apellido_materno: row.apellidoMaterno,
    nombre_completo: employeeFullName({ nombre: row.nombre, apellido_paterno: row.apellidoPaterno, apellido_materno: row.apellidoMaterno }),
    curp: row.curp,
    nss: row.nss,
    puesto: row.puesto,
    departamento: row.departamento,
    fecha_inicio: row.fechaInicio,
    tipo_contrato: row.tipoContrato,
    tipo_jornada: row.tipoJornada,
    tipo_regimen: row.tipoRegimen,
    periodo: row.periodo,
    periodo_descripcion: describeClave('c_PeriodicidadPago', row.periodo),
    riesgo_puesto: row.riesgoPuesto,
    banco: row.banco,
    cuenta_bancaria: row.cuentaBancaria,
    salario_diario: row.salarioDiario,
    salario_base: row.salarioBase,
    entidad: row.entidad,
    sindicalizado: row.sindicalizado,
    cp: row.cp,
    email: row.email,
    estatus: row.estatus === 1 ? 1 : 0,
    fecha_baja: row.fechaBaja,
    percepciones: mine.filter((c) => c.kind === 'percepcion')
      .map((c) => ({ ...conceptBase(c), importe_gravado: c.importeGravado ?? '0.00', importe_exento: c.importeExento ?? '0.00' })),
    deducciones: mine.filter((c) => c.kind === 'deduccion').map((c) => ({ ...conceptBase(c), importe: c.importe ?? '0.00' })),
    otrosPagos: mine.filter((c) => c.kind === 'otro_pago')
      .map((c) => ({ ...conceptBase(c), importe: c.importe ?? '0.00', subsidio_causado: c.subsidioCausado })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Row values of the employee itself (concepts go to their own table); sdi is already decided. */
export function employeeRowValues(userId: number, v: EmployeeValues, sdi: string): NewEmployeeRow {
  return {
    userId,
    rfc: v.rfc,
    noEmpleado: v.no_empleado,
    nombre: v.nombre,
    apellidoPaterno: v.apellido_paterno,
    apellidoMaterno: v.apellido_materno,
    curp: v.curp,
    nss: v.nss,
    puesto: v.puesto,
    departamento: v.departamento,
    fechaInicio: v.fecha_inicio,
    tipoContrato: v.tipo_contrato,
    tipoJornada: v.tipo_jornada,
    tipoRegimen: v.tipo_regimen,
    periodo: v.periodo,
    riesgoPuesto: v.riesgo_puesto,
    // A CLABE names its bank in its first 3 digits.
    banco: v.banco ?? (v.cuenta_bancaria?.length === 18 ? v.cuenta_bancaria.slice(0, 3) : null),
    cuentaBancaria: v.cuenta_bancaria,
    salarioDiario: v.salario_diario,
    salarioBase: sdi,
    entidad: v.entidad,
    sindicalizado: v.sindicalizado,
    cp: v.cp,
    email: v.email,
    searchText: foldSearch(`${v.rfc} ${v.no_empleado} ${v.nombre} ${v.apellido_paterno} ${v.apellido_materno ?? ''} ${v.curp}`),
  };
}

export type ConceptValues =
  | { kind: 'percepcion'; value: PercepcionValues }
  | { kind: 'deduccion'; value: DeduccionValues }
  | { kind: 'otro_pago'; value: OtroPagoValues };

/** Row values of one concept. */
export function conceptRowValues(userId: number, employeeId: number, c: ConceptValues): NewConceptRow {
  const base = { userId, employeeId, kind: c.kind as ConceptKind, tipo: c.value.tipo, clave: c.value.clave, concepto: c.value.concepto };
  switch (c.kind) {
    case 'percepcion':
      return { ...base, importeGravado: c.value.importe_gravado, importeExento: c.value.importe_exento };
    case 'deduccion':
      return { ...base, importe: c.value.importe };
    case 'otro_pago':
      return { ...base, importe: c.value.importe, subsidioCausado: c.value.subsidio_causado };
  }
}

/** Every concept of the employee form, as rows. */
export function allConceptRows(userId: number, employeeId: number, v: EmployeeValues): NewConceptRow[] {
  return [
    ...v.percepciones.map((value) => conceptRowValues(userId, employeeId, { kind: 'percepcion', value })),
    ...v.deducciones.map((value) => conceptRowValues(userId, employeeId, { kind: 'deduccion', value })),
    ...v.otrosPagos.map((value) => conceptRowValues(userId, employeeId, { kind: 'otro_pago', value })),
  ];
}

/** True when the periodicity has an ISR tariff the calculation can use. */
export const hasCalculation = (periodo: string) => periodo in PERIOD_BY_PERIODICIDAD;
