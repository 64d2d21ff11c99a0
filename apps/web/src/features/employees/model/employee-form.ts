import type { Employee, EmployeeInput } from '@facturo/contract';

/** Form values: the API body with optional texts as strings, as inputs hold them. */
/** `conceptId`: the stored row's id on the edit page, so the concept endpoints can change that one row. */
export interface PercepcionForm { tipo: string; clave: string; concepto: string; importe_gravado: string; importe_exento: string; conceptId?: string }
export interface DeduccionForm { tipo: string; clave: string; concepto: string; importe: string; conceptId?: string }
export interface OtroPagoForm { tipo: string; clave: string; concepto: string; importe: string; subsidio_causado: string; conceptId?: string }

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
  email: string;
  percepciones: PercepcionForm[];
  deducciones: DeduccionForm[];
  otrosPagos: OtroPagoForm[];
}

export const emptyEmployeeForm = (): EmployeeFormValues => ({
  rfc: '', no_empleado: '', nombre: '', apellido_paterno: '', apellido_materno: '', curp: '', nss: '', puesto: '', departamento: '',
  fecha_inicio: '', tipo_contrato: '01', tipo_jornada: '01', tipo_regimen: '02', periodo: '04', riesgo_puesto: '1', banco: '',
  cuenta_bancaria: '', salario_diario: '', salario_base: '', entidad: '', sindicalizado: false, cp: '', email: '',
  percepciones: [], deducciones: [], otrosPagos: [],
});

/** Values of a stored employee for the edit page. */
export function employeeToForm(e: Employee): EmployeeFormValues {
  return {
    rfc: e.rfc, no_empleado: e.no_empleado, nombre: e.nombre, apellido_paterno: e.apellido_paterno, apellido_materno: e.apellido_materno ?? '',
    curp: e.curp, nss: e.nss ?? '', puesto: e.puesto ?? '', departamento: e.departamento ?? '', fecha_inicio: e.fecha_inicio,
    tipo_contrato: e.tipo_contrato, tipo_jornada: e.tipo_jornada ?? '', tipo_regimen: e.tipo_regimen, periodo: e.periodo,
    riesgo_puesto: e.riesgo_puesto ?? '', banco: e.banco ?? '', cuenta_bancaria: e.cuenta_bancaria ?? '', salario_diario: e.salario_diario,
    salario_base: e.salario_base, entidad: e.entidad, sindicalizado: e.sindicalizado, cp: e.cp, email: e.email ?? '',
    ...conceptsToForm(e),
  };
}

/** The three concept tables of a stored employee as form rows (with their ids). */
export function conceptsToForm(e: Employee): Pick<EmployeeFormValues, 'percepciones' | 'deducciones' | 'otrosPagos'> {
  return {
    percepciones: e.percepciones.map(({ id, tipo, clave, concepto, importe_gravado, importe_exento }) => ({ tipo, clave, concepto, importe_gravado, importe_exento, conceptId: String(id) })),
    deducciones: e.deducciones.map(({ id, tipo, clave, concepto, importe }) => ({ tipo, clave, concepto, importe, conceptId: String(id) })),
    otrosPagos: e.otrosPagos.map(({ id, tipo, clave, concepto, importe, subsidio_causado }) => ({
      tipo, clave, concepto, importe, subsidio_causado: subsidio_causado ?? '', conceptId: String(id),
    })),
  };
}

const blank = (s: string) => (s.trim() ? s.trim() : null);
const withoutId = <T extends { conceptId?: string }>({ conceptId: _id, ...row }: T) => row;

/** The API body: blanks become null; amounts stay decimal text (never numbers). */
export function formToInput(v: EmployeeFormValues): EmployeeInput {
  return {
    rfc: v.rfc.trim().toUpperCase(), no_empleado: v.no_empleado, nombre: v.nombre, apellido_paterno: v.apellido_paterno,
    apellido_materno: blank(v.apellido_materno), curp: v.curp.trim().toUpperCase(), nss: blank(v.nss), puesto: blank(v.puesto),
    departamento: blank(v.departamento), fecha_inicio: v.fecha_inicio, tipo_contrato: v.tipo_contrato, tipo_jornada: blank(v.tipo_jornada),
    tipo_regimen: v.tipo_regimen, periodo: v.periodo, riesgo_puesto: blank(v.riesgo_puesto), banco: blank(v.banco),
    cuenta_bancaria: blank(v.cuenta_bancaria), salario_diario: v.salario_diario.trim(), salario_base: blank(v.salario_base),
    entidad: v.entidad, sindicalizado: v.sindicalizado, cp: v.cp.trim(), email: v.email.trim(),
    percepciones: v.percepciones.map(withoutId),
    deducciones: v.deducciones.map(withoutId),
    otrosPagos: v.otrosPagos.map((o) => ({ ...withoutId(o), subsidio_causado: blank(o.subsidio_causado) })),
  };
}

/** Form paths the API may name in `errors` (array items "percepciones.0.importe" land on the table). */
export const EMPLOYEE_FIELDS = [
  'rfc', 'no_empleado', 'nombre', 'apellido_paterno', 'apellido_materno', 'curp', 'nss', 'puesto', 'departamento', 'fecha_inicio',
  'tipo_contrato', 'tipo_jornada', 'tipo_regimen', 'periodo', 'riesgo_puesto', 'banco', 'cuenta_bancaria', 'salario_diario',
  'salario_base', 'entidad', 'sindicalizado', 'cp', 'email', 'percepciones', 'deducciones', 'otrosPagos',
] as const;
