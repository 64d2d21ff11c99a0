/** A value in a shipped catalog row; null means "not given" and is dropped when expanded. */
export type CompactValue = string | number | boolean | string[] | null;

/** The compact JSON form of a small catalog: field names once, then positional rows. */
export interface CompactTable {
  name: string;
  fields: string[];
  rows: CompactValue[][];
}

/** Expands compact rows into objects, leaving out null fields. */
export function expandTable<T>(table: CompactTable): T[] {
  const { fields, rows } = table;
  return rows.map((row) => {
    const entry: Record<string, unknown> = {};
    for (let i = 0; i < fields.length; i++) {
      const value = row[i];
      if (value !== null && value !== undefined) entry[fields[i]] = value;
    }
    return entry as T;
  });
}
