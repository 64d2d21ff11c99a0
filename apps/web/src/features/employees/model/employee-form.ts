import type { Employee, EmployeeInput } from '@facturo/contract';

/** Form values: the API body with optional texts as strings, as inputs hold them. */
export interface PercepcionForm { tipo: string; clave: string; concepto: string; importe_gravado: string; importe_exento: string }
export interface DeduccionForm { tipo: string; clave: string; concepto: string; importe: string }
export interface OtroPagoForm { tipo: string; clave: string; concepto: string; importe: string; subsidio_causado: string }

export interface EmployeeFormValues {
  rfc: string;
  no_empleado: string;
  nombre: string;
  apellido_paterno: string;
  apellido_materno: string;
  curp: string;
  nss: string;
  puesto: string;
  departamento: string;
  fecha_inicio: string;
  tipo_contrato: string;
  tipo_jornada: string;
  tipo_regimen: string;
  periodo: string;
  riesgo_puesto: string;
  banco: string;
  cuenta_bancaria: string;
  salario_diario: string;
  salario_base: string;
  entidad: string;
  sindicalizado: boolean;
  cp: string;
  percepciones: PercepcionForm[];
  deducciones: DeduccionForm[];
  otrosPagos: OtroPagoForm[];
}

export const emptyEmployeeForm = (): EmployeeFormValues => ({
  rfc: '', no_empleado: '', nombre: '', apellido_paterno: '', apellido_materno: '', curp: '', nss: '', puesto: '', departamento: '',
  fecha_inicio: '', tipo_contrato: '01', tipo_jornada: '01', tipo_regimen: '02', periodo: '04', riesgo_puesto: '1', banco: '',
  cuenta_bancaria: '', salario_diario: '', salario_base: '', entidad: '', sindicalizado: false, cp: '',
  percepciones: [], deducciones: [], otrosPagos: [],
});

/** Values of a stored employee for the edit page. */
export function employeeToForm(e: Employee): EmployeeFormValues {
  return {
    rfc: e.rfc, no_empleado: e.no_empleado, nombre: e.nombre, apellido_paterno: e.apellido_paterno, apellido_materno: e.apellido_materno ?? '',
    curp: e.curp, nss: e.nss ?? '', puesto: e.puesto ?? '', departamento: e.departamento ?? '', fecha_inicio: e.fecha_inicio,
    tipo_contrato: e.tipo_contrato, tipo_jornada: e.tipo_jornada ?? '', tipo_regimen: e.tipo_regimen, periodo: e.periodo,
    riesgo_puesto: e.riesgo_puesto ?? '', banco: e.banco ?? '', cuenta_bancaria: e.cuenta_bancaria ?? '', salario_diario: e.salario_diario,
    salario_base: e.salario_base, entidad: e.entidad, sindicalizado: e.sindicalizado, cp: e.cp,
    percepciones: e.percepciones.map(({ tipo, clave, concepto, importe_gravado, importe_exento }) => ({ tipo, clave, concepto, importe_gravado, importe_exento })),
    deducciones: e.deducciones.map(({ tipo, clave, concepto, importe }) => ({ tipo, clave, concepto, importe })),
    otrosPagos: e.otrosPagos.map(({ tipo, clave, concepto, importe, subsidio_causado }) => ({ tipo, clave, concepto, importe, subsidio_causado: subsidio_causado ?? '' })),
  };
}

const blank = (s: string) => (s.trim() ? s.trim() : null);

/** The API body: blanks become null; amounts stay decimal text (never numbers). */
export function formToInput(v: EmployeeFormValues): EmployeeInput {
  return {
    rfc: v.rfc.trim().toUpperCase(), no_empleado: v.no_empleado, nombre: v.nombre, apellido_paterno: v.apellido_paterno,
    apellido_materno: blank(v.apellido_materno), curp: v.curp.trim().toUpperCase(), nss: blank(v.nss), puesto: blank(v.puesto),
    departamento: blank(v.departamento), fecha_inicio: v.fecha_inicio, tipo_contrato: v.tipo_contrato, tipo_jornada: blank(v.tipo_jornada),
    tipo_regimen: v.tipo_regimen, periodo: v.periodo, riesgo_puesto: blank(v.riesgo_puesto), banco: blank(v.banco),
    cuenta_bancaria: blank(v.cuenta_bancaria), salario_diario: v.salario_diario.trim(), salario_base: blank(v.salario_base),
    entidad: v.entidad, sindicalizado: v.sindicalizado, cp: v.cp.trim(),
    percepciones: v.percepciones,
    deducciones: v.deducciones,
    otrosPagos: v.otrosPagos.map((o) => ({ ...o, subsidio_causado: blank(o.subsidio_causado) })),
  };
}

/** Form paths the API may name in `errors` (array items "percepciones.0.importe" land on the table). */
export const EMPLOYEE_FIELDS = [
  'rfc', 'no_empleado', 'nombre', 'apellido_paterno', 'apellido_materno', 'curp', 'nss', 'puesto', 'departamento', 'fecha_inicio',
  'tipo_contrato', 'tipo_jornada', 'tipo_regimen', 'periodo', 'riesgo_puesto', 'banco', 'cuenta_bancaria', 'salario_diario',
  'salario_base', 'entidad', 'sindicalizado', 'cp', 'percepciones', 'deducciones', 'otrosPagos',
] as const;
