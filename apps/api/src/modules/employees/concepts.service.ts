import type { DeduccionValues, Employee, OtroPagoValues, PercepcionValues } from '@facturo/contract';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../http/errors';
import { checkConceptTipo } from './employee-rules';
import { conceptRowValues, type ConceptValues } from './employee-mapper';
import * as repo from './employees.repository';
import { EMPLOYEE_NOT_FOUND, getEmployee } from './employees.service';
import type { ConceptKind } from './employees.schema';

/** Add, edit and remove one percepción, deducción or otro pago of an employee (spec §7.10). */

const NOT_FOUND: Record<ConceptKind, string> = {
  percepcion: 'La percepción no existe',
  deduccion: 'La deducción no existe',
  otro_pago: 'El otro pago no existe',
};

export type AnyConceptValues = PercepcionValues | DeduccionValues | OtroPagoValues;

function tagged(kind: ConceptKind, value: AnyConceptValues): ConceptValues {
  return { kind, value } as ConceptValues;
}

function checkTipo(kind: ConceptKind, tipo: string): void {
  const errors: Record<string, string[]> = {};
  checkConceptTipo(errors, kind, tipo, 'tipo');
  if (errors.tipo) throw badRequest(errors.tipo[0]!, errors);
}

async function ensureEmployee(db: Db, userId: number, employeeId: number): Promise<void> {
  if (!(await repo.findEmployee(db, userId, employeeId))) throw notFound(EMPLOYEE_NOT_FOUND);
}

/** Adds a concept; returns the employee with every concept. */
export async function addConcept(db: Db, userId: number, employeeId: number, kind: ConceptKind, value: AnyConceptValues): Promise<Employee> {
  await ensureEmployee(db, userId, employeeId);
  checkTipo(kind, value.tipo);
  await db.transaction(async (tx) => {
    await repo.insertConcept(tx, conceptRowValues(userId, employeeId, tagged(kind, value)));
    await repo.touchEmployee(tx, userId, employeeId);
  });
  return getEmployee(db, userId, employeeId);
}

/** Replaces one concept of the employee. */
export async function editConcept(
  db: Db, userId: number, employeeId: number, kind: ConceptKind, conceptId: number, value: AnyConceptValues,
): Promise<Employee> {
  await ensureEmployee(db, userId, employeeId);
  if (!(await repo.findConcept(db, userId, employeeId, kind, conceptId))) throw notFound(NOT_FOUND[kind]);
  checkTipo(kind, value.tipo);
  const { userId: _u, employeeId: _e, kind: _k, ...values } = conceptRowValues(userId, employeeId, tagged(kind, value));
  await db.transaction(async (tx) => {
    await repo.updateConcept(tx, userId, conceptId, values);
    await repo.touchEmployee(tx, userId, employeeId);
  });
  return getEmployee(db, userId, employeeId);
}

/** Removes one concept of the employee. */
export async function removeConcept(db: Db, userId: number, employeeId: number, kind: ConceptKind, conceptId: number): Promise<Employee> {
  await ensureEmployee(db, userId, employeeId);
  if (!(await repo.findConcept(db, userId, employeeId, kind, conceptId))) throw notFound(NOT_FOUND[kind]);
  await db.transaction(async (tx) => {
    await repo.deleteConcept(tx, userId, conceptId);
    await repo.touchEmployee(tx, userId, employeeId);
  });
  return getEmployee(db, userId, employeeId);
}
