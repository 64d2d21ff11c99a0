import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** A tenant-owned table: every row carries its owner's user id beside its own id. */
export type OwnedTable = PgTable & { id: PgColumn; userId: PgColumn };

/** The row `id` of `table`, only if it belongs to `userId`: the scoping every tenant lookup uses. */
export function ownedRow(table: OwnedTable, userId: number, id: number): SQL {
  return and(eq(table.userId, userId), eq(table.id, id))!;
}

/**
 * Deletes one row by id only if it belongs to `userId`, so a tenant can never delete another's
 * row by guessing ids. Returns whether a row was deleted (false: absent or someone else's).
 */
export async function deleteOwnedRow(db: Db, table: OwnedTable, userId: number, id: number): Promise<boolean> {
  const rows = await db.delete(table).where(ownedRow(table, userId, id)).returning({ id: table.id });
  return rows.length > 0;
}
