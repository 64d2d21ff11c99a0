import { count, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Page } from '@facturo/contract';
import type { Db } from './client';

/** One page of a listing: its rows and how many rows match in all. */
export interface RowsPage<R> {
  rows: R[];
  total: number;
}

/**
 * Reads one page of `table` (rows matching `where`, in `orderBy` order) and the total count, in
 * parallel. Every tenant listing pages the same way; callers put the tenant's user id in `where`.
 */
export async function pageRows<T extends PgTable>(
  db: Db, table: T, where: SQL | undefined, orderBy: (PgColumn | SQL)[], q: { page: number; perPage: number },
): Promise<RowsPage<T['$inferSelect']>> {
  const [rows, [totals]] = await Promise.all([
    db.select().from(table as PgTable).where(where).orderBy(...orderBy).limit(q.perPage).offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(table as PgTable).where(where),
  ]);
  // Drizzle cannot infer the row type through a generic table; select() returns exactly its columns.
  return { rows: rows as T['$inferSelect'][], total: Number(totals?.n ?? 0) };
}

/** The API's page envelope (spec: data, total, current_page, per_page) for a page of rows. */
export function toPage<R, T>(page: RowsPage<R>, q: { page: number; perPage: number }, map: (row: R) => T): Page<T> {
  return { data: page.rows.map(map), total: page.total, current_page: q.page, per_page: q.perPage };
}
