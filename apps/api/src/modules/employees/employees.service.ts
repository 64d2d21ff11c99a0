import { Decimal } from '@facturo/cfdi/money';
import { integratedDailySalary, PayrollError } from '@facturo/cfdi/payroll';
import type { Employee, EmployeeListQuery, EmployeeValues, Page, PayrollCalculation, SalaryInput } from '@facturo/contract';
import type { Db } from '../../db/client';
import { toPage } from '../../db/paging';
import { badRequest, fieldError, notFound } from '../../http/errors';
import { checkEmployee } from './employee-rules';
import { allConceptRows, employeeRowValues, toEmployee } from './employee-mapper';
import * as repo from './employees.repository';
import { calculatePayroll } from './payroll-calculation';
import type { EmployeeRow } from './employees.schema';
import { mexicoToday } from '@facturo/cfdi/model';

export const EMPLOYEE_NOT_FOUND = 'El empleado no existe';

/** Employees of the tenant by apellido and nombre, filtered by text (RFC, nombre, no. empleado, CURP) and estatus. */
export async function listEmployees(db: Db, userId: number, q: EmployeeListQuery): Promise<Page<Employee>> {
  const page = await repo.listEmployees(db, userId, q);
  const concepts = await repo.conceptsOf(db, userId, page.rows.map((r) => r.id));
  return toPage(page, q, (r) => toEmployee(r, concepts));
}

async function rowOrThrow(db: Db, userId: number, id: number): Promise<EmployeeRow> {
  const row = await repo.findEmployee(db, userId, id);
  if (!row) throw notFound(EMPLOYEE_NOT_FOUND);
  return row;
}

/** One employee with its concepts. @throws 404 when it is not the tenant's. */
export async function getEmployee(db: Db, userId: number, id: number): Promise<Employee> {
  const row = await rowOrThrow(db, userId, id);
  return toEmployee(row, await repo.conceptsOf(db, userId, [id]));
}

/** Completed years between the start of the labour relation and today (0 in the first year). */
function completedYears(fechaInicio: string, today = mexicoToday()): number {
  const [y1, m1, d1] = fechaInicio.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = today.split('-').map(Number) as [number, number, number];
  const years = y2 - y1 - (m2 < m1 || (m2 === m1 && d2 < d1) ? 1 : 0);
  return Math.max(0, years);
}

/**
 * The SDI to store: the one given, or salario diario × the LSS art. 27 integration factor with the
 * legal minimum benefits (15 days of aguinaldo, LFT art. 76 vacations for the seniority, 25 % prima).
 */
export function decideSdi(
  v: { salario_diario: string; salario_base: string | null; fecha_inicio: string },
  extra: { aguinaldo_dias?: number; prima_vacacional?: string } = {},
): { sdi: string; factor: string | null; calculado: boolean } {
  if (v.salario_base !== null) return { sdi: v.salario_base, factor: null, calculado: false };
  try {
    const r = integratedDailySalary({
      salarioDiario: v.salario_diario, aniosCumplidos: completedYears(v.fecha_inicio),
      aguinaldoDias: extra.aguinaldo_dias, primaVacacionalPct: extra.prima_vacacional,
    });
    return { sdi: r.sdi, factor: r.factor, calculado: true };
  } catch (err) {
    if (err instanceof PayrollError) {
      const field = err.field === 'aguinaldoDias' ? 'aguinaldo_dias' : err.field === 'primaVacacionalPct' ? 'prima_vacacional' : 'salario_diario';
      throw fieldError(field, err.message);
    }
    throw err;
  }
}

/** Catalog and uniqueness checks; every problem at once, by field. */
async function validate(db: Db, userId: number, v: EmployeeValues, exceptId?: number): Promise<void> {
  const errors = checkEmployee(v);
  const dup = await repo.findByNoEmpleado(db, userId, v.no_empleado, exceptId);
  if (dup) (errors.no_empleado ??= []).push(`Ya tienes un empleado con el número ${v.no_empleado}: ${dup.nombre} ${dup.apellidoPaterno}`);
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]![0]!, errors);
}

/** Two requests racing past the duplicate check meet the unique index: answer as the check would. */
function duplicateFromIndex(err: unknown, noEmpleado: string): never {
  if (repo.isUniqueViolation(err)) {
    const msg = `Ya tienes un empleado con el número ${noEmpleado}`;
    throw badRequest(msg, { no_empleado: [msg] });
  }
  throw err;
}

/** Creates the employee and its concepts in one transaction. */
export async function createEmployee(db: Db, userId: number, v: EmployeeValues): Promise<Employee> {
  await validate(db, userId, v);
  const { sdi } = decideSdi(v);
  try {
    const id = await db.transaction(async (tx) => {
      const row = await repo.insertEmployee(tx, employeeRowValues(userId, v, sdi));
      await repo.replaceConcepts(tx, userId, row.id, allConceptRows(userId, row.id, v));
      return row.id;
    });
    return getEmployee(db, userId, id);
  } catch (err) {
    return duplicateFromIndex(err, v.no_empleado);
  }
}

/** Replaces the employee's data and concepts in one transaction; estatus and fecha de baja are kept. */
export async function updateEmployee(db: Db, userId: number, id: number, v: EmployeeValues): Promise<Employee> {
  await rowOrThrow(db, userId, id);
  await validate(db, userId, v, id);
  const { sdi } = decideSdi(v);
  try {
    await db.transaction(async (tx) => {
      const row = await repo.updateEmployee(tx, userId, id, employeeRowValues(userId, v, sdi));
      if (!row) throw notFound(EMPLOYEE_NOT_FOUND);
      await repo.replaceConcepts(tx, userId, id, allConceptRows(userId, id, v));
    });
  } catch (err) {
    return duplicateFromIndex(err, v.no_empleado);
  }
  return getEmployee(db, userId, id);
}

export async function deleteEmployee(db: Db, userId: number, id: number): Promise<{ message: string }> {
  if (!(await repo.deleteEmployee(db, userId, id))) throw notFound(EMPLOYEE_NOT_FOUND);
  return { message: 'Empleado eliminado' };
}

/**
 * Spec §4: an active employee is dado de baja (estatus 0, fecha de baja today) and an inactive one
 * re-enabled (estatus 1); the last fecha de baja stays as history.
 */
export async function toggleEmployee(db: Db, userId: number, id: number): Promise<{ message: string; employee: Employee }> {
  const row = await rowOrThrow(db, userId, id);
  const disabling = row.estatus === 1;
  await repo.updateEmployee(db, userId, id, disabling ? { estatus: 0, fechaBaja: mexicoToday() } : { estatus: 1 });
  const employee = await getEmployee(db, userId, id);
  const name = employee.nombre_completo;
  return { message: disabling ? `Se dio de baja a ${name}` : `Se reactivó a ${name}`, employee };
}

/** Sets the salario diario and the SDI (given, or computed with the integration factor). */
export async function setSalary(db: Db, userId: number, id: number, input: SalaryInput & { salario_diario: string; salario_base: string | null }) {
  const row = await rowOrThrow(db, userId, id);
  if (input.salario_base !== null && new Decimal(input.salario_base).lt(input.salario_diario)) {
    throw fieldError('salario_base', 'El salario diario integrado no puede ser menor que el salario diario');
  }
  const decided = decideSdi({ salario_diario: input.salario_diario, salario_base: input.salario_base, fecha_inicio: row.fechaInicio }, input);
  await repo.updateEmployee(db, userId, id, { salarioDiario: input.salario_diario, salarioBase: decided.sdi });
  return { employee: await getEmployee(db, userId, id), calculado: decided.calculado, factor: decided.factor };
}

/** ISR and IMSS of the saved employee's period (payment date today unless given). */
export async function calculateFor(db: Db, userId: number, id: number, fecha?: string): Promise<PayrollCalculation> {
  return calculatePayroll(await getEmployee(db, userId, id), fecha);
}

/** `GET /api/employees/preview/{id}`: the employee and its period calculation. */
export async function previewSaved(db: Db, userId: number, id: number, fecha?: string) {
  const employee = await getEmployee(db, userId, id);
  return { employee, calculo: calculatePayroll(employee, fecha) };
}

/** `POST /api/employees/preview`: the calculation of form data not saved yet (catalogs checked, nothing stored). */
export function previewUnsaved(v: EmployeeValues, fecha?: string): { calculo: PayrollCalculation } {
  const errors = checkEmployee(v);
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]![0]!, errors);
  const { sdi } = decideSdi(v);
  return { calculo: calculatePayroll({ ...v, id: null, salario_base: sdi }, fecha) };
}
