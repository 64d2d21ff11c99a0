export { isUniqueViolation } from '../../db/errors';
import { and, asc, count, eq, like, ne } from 'drizzle-orm';
import { RFC_EXTRANJERO } from '@facturo/contract';
import type { Db } from '../../db/client';
import { deleteOwnedRow, ownedRow } from '../../db/owned-rows';
import { pageRows, type RowsPage } from '../../db/paging';
import { clientDocuments, clients, type ClientRow, type NewClientRow } from './clients.schema';
import { containsPattern } from './search-text';

/** SQL of the customers table; every function is scoped by the tenant's user id. */

export async function listClients(db: Db, userId: number, q: { page: number; perPage: number; search?: string }): Promise<RowsPage<ClientRow>> {
  const where = q.search
    ? and(eq(clients.userId, userId), like(clients.searchText, containsPattern(q.search)))
    : eq(clients.userId, userId);
  return pageRows(db, clients, where, [asc(clients.rSocial), asc(clients.id)], q);
}

export async function findClient(db: Db, userId: number, id: number): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(clients).where(ownedRow(clients, userId, id)).limit(1);
  return row;
}

/**
 * Another customer of the tenant that the unique indexes would clash with: same RFC, or for
 * foreign customers (who share XEXX010101000) the same país + NumRegIdTrib.
 */
export async function findDuplicate(
  db: Db, userId: number, v: { rfc: string; pais: string | null; numRegIdTrib: string | null }, exceptId?: number,
): Promise<ClientRow | undefined> {
  const same = v.rfc === RFC_EXTRANJERO
    ? and(eq(clients.rfc, RFC_EXTRANJERO), eq(clients.pais, v.pais ?? ''), eq(clients.numRegIdTrib, v.numRegIdTrib ?? ''))
    : eq(clients.rfc, v.rfc);
  const [row] = await db.select().from(clients)
    .where(and(eq(clients.userId, userId), same, exceptId ? ne(clients.id, exceptId) : undefined)).limit(1);
  return row;
}

export async function insertClient(db: Db, values: NewClientRow): Promise<ClientRow> {
  const [row] = await db.insert(clients).values(values).returning();
  return row!;
}

export async function updateClient(db: Db, userId: number, id: number, values: Partial<NewClientRow>): Promise<ClientRow | undefined> {
  const [row] = await db.update(clients).set({ ...values, updatedAt: new Date() })
    .where(ownedRow(clients, userId, id)).returning();
  return row;
}

export async function deleteClient(db: Db, userId: number, id: number): Promise<boolean> {
  return deleteOwnedRow(db, clients, userId, id);
}

/**
 * Documents issued to the customer. Only the invoicing module writes client_documents, so until it
 * exists this is 0 for every customer; the deletion guard already relies on it.
 */
export async function countInvoicesForCustomer(db: Db, userId: number, clientId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(clientDocuments)
    .where(and(eq(clientDocuments.userId, userId), eq(clientDocuments.clientId, clientId)));
  return Number(row?.n ?? 0);
}

/** Links an issued document to a customer (the invoicing module's side of the deletion guard). */
export async function linkDocumentToCustomer(db: Db, userId: number, clientId: number, uuid: string): Promise<void> {
  await db.insert(clientDocuments).values({ userId, clientId, uuid });
}


