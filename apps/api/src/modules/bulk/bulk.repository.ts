import { and, asc, eq } from 'drizzle-orm';
import type { BulkEntity } from '@facturo/contract';
import type { Db } from '../../db/client';
import { clients, type ClientRow } from '../clients/clients.schema';
import { products, type ProductRow } from '../products/products.schema';
import { employees, type EmployeeRow } from '../employees/employees.schema';
import { clientKey, productKey, type ValidRow } from './bulk-rows';

/** SQL of the spreadsheet import and export; every statement is scoped by the tenant's user id. */

/** The account's records by import key (RFC / SKU / número de empleado) → id. */
export async function existingKeys(db: Db, userId: number, entity: BulkEntity): Promise<Map<string, number>> {
  if (entity === 'clientes') {
    const rows = await db.select({ id: clients.id, rfc: clients.rfc, pais: clients.pais, nrit: clients.numRegIdTrib })
      .from(clients).where(eq(clients.userId, userId));
    return new Map(rows.map((r) => [clientKey(r.rfc, r.pais, r.nrit), r.id]));
  }
  if (entity === 'productos') {
    const rows = await db.select({ id: products.id, sku: products.sku }).from(products).where(eq(products.userId, userId));
    return new Map(rows.map((r) => [productKey(r), r.id]));
  }
  const rows = await db.select({ id: employees.id, no: employees.noEmpleado }).from(employees).where(eq(employees.userId, userId));
  return new Map(rows.map((r) => [r.no, r.id]));
}

const INSERT_CHUNK = 200;

/**
 * Writes valid rows (call inside a transaction): new keys are inserted in chunks, known ones updated in place
 * (an employee's concepts and estatus are kept). Keys are re-read here, so a batch retried after a crash updates
 * what its first run inserted instead of failing on the unique index.
 */
export async function writeRows(db: Db, userId: number, entity: BulkEntity, rows: ValidRow[]): Promise<{ creadas: number; actualizadas: number }> {
  const known = await existingKeys(db, userId, entity);
  const fresh = rows.filter((r) => !known.has(r.clave));
  const updates = rows.filter((r) => known.has(r.clave));
  const now = new Date();
  for (let i = 0; i < fresh.length; i += INSERT_CHUNK) {
    const chunk = fresh.slice(i, i + INSERT_CHUNK);
    if (entity === 'clientes') await db.insert(clients).values(chunk.map((r) => ({ ...(r.values.row as Omit<ClientRow, 'id' | 'userId' | 'createdAt' | 'updatedAt'>), userId })));
    else if (entity === 'productos') await db.insert(products).values(chunk.map((r) => ({ ...(r.values.row as Omit<ProductRow, 'id' | 'userId' | 'createdAt' | 'updatedAt'>), userId })));
    else await db.insert(employees).values(chunk.map((r) => ({ ...(r.values.row as Omit<EmployeeRow, 'id' | 'userId' | 'createdAt' | 'updatedAt' | 'estatus' | 'fechaBaja'>), userId })));
  }
  for (const r of updates) {
    const id = known.get(r.clave)!;
    if (entity === 'clientes') await db.update(clients).set({ ...(r.values.row as object), updatedAt: now }).where(and(eq(clients.userId, userId), eq(clients.id, id)));
    else if (entity === 'productos') await db.update(products).set({ ...(r.values.row as object), updatedAt: now }).where(and(eq(products.userId, userId), eq(products.id, id)));
    else await db.update(employees).set({ ...(r.values.row as object), updatedAt: now }).where(and(eq(employees.userId, userId), eq(employees.id, id)));
  }
  return { creadas: fresh.length, actualizadas: updates.length };
}

/** Every record of the account, in the order its list shows them (for the export). */
export async function allClients(db: Db, userId: number): Promise<ClientRow[]> {
  return db.select().from(clients).where(eq(clients.userId, userId)).orderBy(asc(clients.rSocial), asc(clients.id));
}
export async function allProducts(db: Db, userId: number): Promise<ProductRow[]> {
  return db.select().from(products).where(eq(products.userId, userId)).orderBy(asc(products.descripcionProducto), asc(products.id));
}
export async function allEmployees(db: Db, userId: number): Promise<EmployeeRow[]> {
  return db.select().from(employees).where(eq(employees.userId, userId)).orderBy(asc(employees.noEmpleado), asc(employees.id));
}
