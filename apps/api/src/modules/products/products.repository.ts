import { and, desc, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deleteOwnedRow, ownedRow } from '../../db/owned-rows';
import { pageRows, type RowsPage } from '../../db/paging';
import { containsPattern } from '../clients/search-text';
import { products, type NewProductRow, type ProductRow } from './products.schema';

/** SQL of the products table; every function is scoped by the tenant's user id. */

export async function listProducts(db: Db, userId: number, q: { page: number; perPage: number; search?: string }): Promise<RowsPage<ProductRow>> {
  const where = q.search
    ? and(eq(products.userId, userId), like(products.searchText, containsPattern(q.search)))
    : eq(products.userId, userId);
  return pageRows(db, products, where, [desc(products.id)], q);
}

export async function findProduct(db: Db, userId: number, id: number): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(ownedRow(products, userId, id)).limit(1);
  return row;
}

export async function insertProduct(db: Db, values: NewProductRow): Promise<ProductRow> {
  const [row] = await db.insert(products).values(values).returning();
  return row!;
}

export async function updateProduct(db: Db, userId: number, id: number, values: Partial<NewProductRow>): Promise<ProductRow | undefined> {
  const [row] = await db.update(products).set({ ...values, updatedAt: new Date() })
    .where(ownedRow(products, userId, id)).returning();
  return row;
}

export async function deleteProduct(db: Db, userId: number, id: number): Promise<boolean> {
  return deleteOwnedRow(db, products, userId, id);
}
