export { isUniqueViolation } from '../../db/errors';
import { and, asc, eq, inArray, like, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deleteOwnedRow, ownedRow } from '../../db/owned-rows';
import { pageRows, type RowsPage } from '../../db/paging';
import { employeeConcepts, employees, type ConceptKind, type ConceptRow, type EmployeeRow, type NewConceptRow, type NewEmployeeRow } from './employees.schema';

/** SQL of the employees tables; every function is scoped by the tenant's user id. */

/** Lower case, accents folded, spaces collapsed: how search_text is stored and the term is compared. */
export function foldSearch(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

const containsPattern = (term: string) => `%${foldSearch(term).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ListFilter {
  page: number;
  perPage: number;
  search?: string;
  estatus?: 0 | 1;
}

export async function listEmployees(db: Db, userId: number, q: ListFilter): Promise<RowsPage<EmployeeRow>> {
  const where = and(
    eq(employees.userId, userId),
    q.search ? like(employees.searchText, containsPattern(q.search)) : undefined,
    q.estatus !== undefined ? eq(employees.estatus, q.estatus) : undefined,
  );
  return pageRows(db, employees, where, [asc(employees.apellidoPaterno), asc(employees.nombre), asc(employees.id)], q);
}

export async function findEmployee(db: Db, userId: number, id: number): Promise<EmployeeRow | undefined> {
  const [row] = await db.select().from(employees).where(ownedRow(employees, userId, id)).limit(1);
  return row;
}

/** Another employee of the tenant with the same número de empleado. */
export async function findByNoEmpleado(db: Db, userId: number, noEmpleado: string, exceptId?: number): Promise<EmployeeRow | undefined> {
  const [row] = await db.select().from(employees)
    .where(and(eq(employees.userId, userId), eq(employees.noEmpleado, noEmpleado), exceptId ? ne(employees.id, exceptId) : undefined))
    .limit(1);
  return row;
}

/** Concepts of some employees of the tenant, in insertion order. */
export async function conceptsOf(db: Db, userId: number, employeeIds: number[]): Promise<ConceptRow[]> {
  if (!employeeIds.length) return [];
  return db.select().from(employeeConcepts)
    .where(and(eq(employeeConcepts.userId, userId), inArray(employeeConcepts.employeeId, employeeIds)))
    .orderBy(asc(employeeConcepts.id));
}

export async function findConcept(db: Db, userId: number, employeeId: number, kind: ConceptKind, id: number): Promise<ConceptRow | undefined> {
  const [row] = await db.select().from(employeeConcepts).where(and(
    eq(employeeConcepts.userId, userId), eq(employeeConcepts.employeeId, employeeId),
    eq(employeeConcepts.kind, kind), eq(employeeConcepts.id, id),
  )).limit(1);
  return row;
}

export async function insertEmployee(db: Db, values: NewEmployeeRow): Promise<EmployeeRow> {
  const [row] = await db.insert(employees).values(values).returning();
  return row!;
}

export async function updateEmployee(db: Db, userId: number, id: number, values: Partial<NewEmployeeRow>): Promise<EmployeeRow | undefined> {
  const [row] = await db.update(employees).set({ ...values, updatedAt: new Date() })
    .where(ownedRow(employees, userId, id)).returning();
  return row;
}

export async function deleteEmployee(db: Db, userId: number, id: number): Promise<boolean> {
  return deleteOwnedRow(db, employees, userId, id);
}

/** Replaces every concept of an employee (the form saves them together with the employee). */
export async function replaceConcepts(db: Db, userId: number, employeeId: number, rows: NewConceptRow[]): Promise<void> {
  await db.delete(employeeConcepts).where(and(eq(employeeConcepts.userId, userId), eq(employeeConcepts.employeeId, employeeId)));
  if (rows.length) await db.insert(employeeConcepts).values(rows);
}

export async function insertConcept(db: Db, values: NewConceptRow): Promise<ConceptRow> {
  const [row] = await db.insert(employeeConcepts).values(values).returning();
  return row!;
}

export async function updateConcept(db: Db, userId: number, id: number, values: Partial<NewConceptRow>): Promise<ConceptRow | undefined> {
  const [row] = await db.update(employeeConcepts).set(values)
    .where(ownedRow(employeeConcepts, userId, id)).returning();
  return row;
}

export async function deleteConcept(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db.delete(employeeConcepts)
    .where(ownedRow(employeeConcepts, userId, id)).returning({ id: employeeConcepts.id });
  return rows.length > 0;
}

/** Touches the employee's updated_at when one of its concepts changes. */
export async function touchEmployee(db: Db, userId: number, id: number): Promise<void> {
  await db.update(employees).set({ updatedAt: new Date() }).where(ownedRow(employees, userId, id));
}

