import { readFileSync } from 'node:fs';

/** One value of an SQLite INSERT: text, a number, or NULL. */
export type SqlValue = string | number | null;

/**
 * Parses the `INSERT INTO t VALUES(...)` statements of an SQLite dump (the format of
 * phpcfdi/resources-sat-catalogs) into rows. Only the subset those dumps use is supported:
 * single-quoted text with '' escapes, bare numbers and NULL.
 */
export function parseSqlInserts(sql: string, table: string): SqlValue[][] {
  const rows: SqlValue[][] = [];
  const prefix = `INSERT INTO ${table} VALUES(`;
  let at = sql.indexOf(prefix);
  while (at !== -1) {
    const { values, end } = parseTuple(sql, at + prefix.length);
    rows.push(values);
    at = sql.indexOf(prefix, end);
  }
  return rows;
}

function parseTuple(sql: string, start: number): { values: SqlValue[]; end: number } {
  const values: SqlValue[] = [];
  let i = start;
  for (;;) {
    if (sql[i] === "'") {
      let text = '';
      i++;
      for (;;) {
        const quote = sql.indexOf("'", i);
        if (quote === -1) throw new Error('Texto SQL sin cerrar');
        text += sql.slice(i, quote);
        if (sql[quote + 1] === "'") {
          text += "'";
          i = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
      values.push(text);
    } else {
      const stop = nextDelimiter(sql, i);
      const raw = sql.slice(i, stop).trim();
      values.push(raw.toUpperCase() === 'NULL' ? null : Number(raw));
      i = stop;
    }
    if (sql[i] === ',') {
      i++;
      continue;
    }
    if (sql[i] === ')') return { values, end: i + 1 };
    throw new Error(`SQL inesperado en la posición ${i}`);
  }
}

function nextDelimiter(sql: string, from: number): number {
  for (let i = from; i < sql.length; i++) if (sql[i] === ',' || sql[i] === ')') return i;
  return sql.length;
}

/** Reads `<dir>/<table>.sql` and returns its rows. */
export function readSqlTable(dir: string, table: string): SqlValue[][] {
  return parseSqlInserts(readFileSync(`${dir}/${table}.sql`, 'utf8'), table);
}
