import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneTemplateDatabase } from '../../test/server';
import type { Database } from './client';

/**
 * Issue 12 §7, docs/decisions/200-sharding-by-account.md: the schema stays distributable by account on Citus.
 * Read from the live schema after every migration (PGlite here, PostgreSQL in CI's other leg):
 * - every table is a tenant table (it has `user_id`), or is listed below as a reference or coordinator-local
 *   table — a new table must say which it is;
 * - a tenant table's `user_id` is NOT NULL and is in its primary key and in every unique index (Citus can only
 *   enforce uniqueness within a shard);
 * - a foreign key from a tenant table to another tenant table carries `user_id` on both sides (colocated
 *   shards), and no reference or local table points at a tenant table.
 */

/** The distribution column of every tenant table. */
const ACCOUNT_COLUMN = 'user_id';

/**
 * Replicated to every node: catalogs and the account directory, small and rarely written. `users` is the
 * account directory (id = the distribution value; RFC and e-mail unique across all accounts, login looks
 * them up before any account is known).
 */
const REFERENCE_TABLES: Record<string, string> = {
  users: 'directorio de cuentas: RFC y correo únicos entre todas las cuentas',
  plans: 'catálogo de planes',
  plan_products: 'catálogo: productos de cada plan',
  plan_features: 'catálogo: funcionalidades de cada plan',
  plan_catalog_products: 'catálogo de productos',
  plan_catalog_features: 'catálogo de funcionalidades',
  announcements: 'avisos publicados por el administrador para todas las cuentas',
  efos_list: 'lista 69-B publicada por el SAT (la misma para todas las cuentas)',
  efos_refreshes: 'bitácora de las actualizaciones de la lista 69-B',
  persons: 'directorio de personas (issue 26): el correo es único entre todas las cuentas y el login lo busca antes de conocer la cuenta',
  api_keys: 'directorio de llaves de API (issue 29, decisión 307): una petición se autentica solo con la llave, antes de conocer la cuenta; pocas filas, casi sin escrituras',
  portal_settings: 'directorio de portales de autofacturación (issue 29 §6, decisión 310): la página pública busca el slug, único entre cuentas, antes de conocer la cuenta; una fila por cuenta',
};

/** Kept on the coordinator only: system bookkeeping with no account. */
const LOCAL_TABLES: Record<string, string> = {
  app_migrations: 'migraciones aplicadas',
  outbox: 'correo saliente por destinatario (también antes de que exista la cuenta)',
  pay_webhook_events: 'eventos del proveedor de pagos ya procesados (idempotencia)',
};

interface TableInfo {
  name: string;
  accountColumnNullable: boolean | null;
  keys: { name: string; primary: boolean; columns: string[] }[];
  foreignKeys: { name: string; columns: string[]; target: string; targetColumns: string[] }[];
}

let database: Database;
let drop: () => Promise<void>;
let tables: TableInfo[] = [];

beforeAll(async () => {
  ({ database, drop } = await cloneTemplateDatabase());
  const names = (await database.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1`,
  )).rows.map((r) => r.name);
  const columns = (await database.query<{ table: string; nullable: string }>(
    `SELECT table_name AS table, is_nullable AS nullable FROM information_schema.columns WHERE table_schema = 'public' AND column_name = $1`,
    [ACCOUNT_COLUMN],
  )).rows;
  const keys = (await database.query<{ table: string; name: string; primary: boolean; columns: string[] }>(
    `SELECT t.relname AS table, i.relname AS name, x.indisprimary AS primary,
            array(SELECT a.attname::text FROM unnest(x.indkey) WITH ORDINALITY k(attnum, ord)
                  JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.ord) AS columns
     FROM pg_index x JOIN pg_class t ON t.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid
     JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE n.nspname = 'public' AND (x.indisprimary OR x.indisunique)`,
  )).rows;
  const fks = (await database.query<{ table: string; name: string; columns: string[]; target: string; target_columns: string[] }>(
    `SELECT c.conrelid::regclass::text AS table, c.conname AS name, c.confrelid::regclass::text AS target,
            array(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(attnum, ord)
                  JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns,
            array(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(attnum, ord)
                  JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum ORDER BY k.ord) AS target_columns
     FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`,
  )).rows;
  tables = names.map((name) => {
    const col = columns.find((c) => c.table === name);
    return {
      name,
      accountColumnNullable: col ? col.nullable === 'YES' : null,
      keys: keys.filter((k) => k.table === name).map((k) => ({ name: k.name, primary: k.primary, columns: k.columns })),
      foreignKeys: fks.filter((f) => f.table === name).map((f) => ({ name: f.name, columns: f.columns, target: f.target, targetColumns: f.target_columns })),
    };
  });
});
afterAll(() => drop?.());

const isTenant = (t: TableInfo) => t.accountColumnNullable !== null && !REFERENCE_TABLES[t.name] && !LOCAL_TABLES[t.name];

/** Tenant tables whose account column is nullable or missing from the primary key or a unique index. */
function keyViolations(all: TableInfo[]): string[] {
  const wrong: string[] = [];
  for (const t of all.filter(isTenant)) {
    if (t.accountColumnNullable) wrong.push(`${t.name}: ${ACCOUNT_COLUMN} admite NULL`);
    if (!t.keys.some((k) => k.primary)) wrong.push(`${t.name}: sin llave primaria`);
    for (const k of t.keys) {
      if (!k.columns.includes(ACCOUNT_COLUMN)) wrong.push(`${t.name}: ${k.primary ? 'llave primaria' : 'índice único'} ${k.name} (${k.columns.join(', ')}) sin ${ACCOUNT_COLUMN}`);
    }
  }
  return wrong;
}

/** Foreign keys into a tenant table that do not pair the account column, or that start from a shared table. */
function foreignKeyViolations(all: TableInfo[]): string[] {
  const wrong: string[] = [];
  const tenant = new Set(all.filter(isTenant).map((t) => t.name));
  for (const t of all) {
    for (const fk of t.foreignKeys) {
      if (!tenant.has(fk.target)) continue;
      if (!tenant.has(t.name)) wrong.push(`${t.name}.${fk.name}: una tabla compartida apunta a la tabla por cuenta ${fk.target}`);
      else {
        const at = fk.columns.indexOf(ACCOUNT_COLUMN);
        if (at < 0 || fk.targetColumns[at] !== ACCOUNT_COLUMN) wrong.push(`${t.name}.${fk.name} → ${fk.target}(${fk.targetColumns.join(', ')}) sin ${ACCOUNT_COLUMN} en ambos lados`);
      }
    }
  }
  return wrong;
}

describe('sharding path: the schema is distributable by account (issue 12 §7)', () => {
  it('reads the migrated schema (tenant tables found, the listed reference and local tables exist)', () => {
    const names = tables.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['users', 'clients', 'cfdis', 'employees', 'prenominas', 'retenciones', 'statements']));
    expect(Object.keys({ ...REFERENCE_TABLES, ...LOCAL_TABLES }).filter((n) => !names.includes(n))).toEqual([]);
    const tenant = tables.filter(isTenant);
    console.log(`[sharding] ${tenant.length} tablas por cuenta, ${Object.keys(REFERENCE_TABLES).length} de referencia, ${Object.keys(LOCAL_TABLES).length} locales`);
    expect(tenant.length).toBeGreaterThan(30);
  });

  it('every table is a tenant table or is listed as a reference or local table', () => {
    const unplaced = tables.filter((t) => t.accountColumnNullable === null && !REFERENCE_TABLES[t.name] && !LOCAL_TABLES[t.name]).map((t) => t.name);
    expect(unplaced, `tablas sin ${ACCOUNT_COLUMN}: añade la columna o decláralas de referencia/locales en sharding.test.ts`).toEqual([]);
  });

  it(`every tenant table has ${ACCOUNT_COLUMN} NOT NULL, in its primary key and in every unique index`, () => {
    expect(keyViolations(tables)).toEqual([]);
  });

  it(`foreign keys between tenant tables carry ${ACCOUNT_COLUMN} on both sides; nothing shared points at a tenant table`, () => {
    expect(foreignKeyViolations(tables)).toEqual([]);
  });

  it('the checks catch what breaks the rule (a key by id alone, a nullable account, an FK without it)', () => {
    const bad: TableInfo[] = [
      { name: 'orders', accountColumnNullable: true, keys: [{ name: 'orders_pkey', primary: true, columns: ['id'] }], foreignKeys: [] },
      {
        name: 'lines', accountColumnNullable: false,
        keys: [{ name: 'lines_pkey', primary: true, columns: ['id', 'user_id'] }, { name: 'lines_code_uq', primary: false, columns: ['code'] }],
        foreignKeys: [{ name: 'lines_order_fkey', columns: ['order_id'], target: 'orders', targetColumns: ['id'] }],
      },
      { name: 'plans', accountColumnNullable: null, keys: [], foreignKeys: [{ name: 'plans_owner_fkey', columns: ['order_id'], target: 'orders', targetColumns: ['id'] }] },
    ];
    expect(keyViolations(bad)).toEqual([
      'orders: user_id admite NULL',
      'orders: llave primaria orders_pkey (id) sin user_id',
      'lines: índice único lines_code_uq (code) sin user_id',
    ]);
    expect(foreignKeyViolations(bad)).toEqual([
      'lines.lines_order_fkey → orders(id) sin user_id en ambos lados',
      'plans.plans_owner_fkey: una tabla compartida apunta a la tabla por cuenta orders',
    ]);
  });
});
