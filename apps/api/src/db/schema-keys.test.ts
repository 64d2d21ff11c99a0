import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { cloneTemplateDatabase } from '../../test/server';
import type { Database } from './client';
import * as core from './schema';
import * as announcements from '../modules/announcements/announcements.schema';
import * as cfdis from '../modules/cfdis/cfdis.schema';
import * as clients from '../modules/clients/clients.schema';
import * as employees from '../modules/employees/employees.schema';
import * as invoicing from '../modules/invoicing/invoicing.schema';
import * as payments from '../modules/payments/payments.schema';
import * as payroll from '../modules/payroll/payroll.schema';
import * as products from '../modules/products/products.schema';
import * as profile from '../modules/profile/profile.schema';
import * as retentions from '../modules/retentions/retentions.schema';
import * as satDownloads from '../modules/sat-downloads/sat-downloads.schema';
import * as bank from '../modules/bank/bank.schema';

/**
 * The drizzle table declarations say the same primary keys as the migrated database. The migrations are the
 * source of truth (hand-written SQL); the declarations drive the queries and any generated migration, and
 * after the re-keying to (id, user_id) of migrations 0600/0650 (sharding, decision 200) they still said `id`.
 */
const modules = [core, announcements, cfdis, clients, employees, invoicing, payments, payroll, products, profile, retentions, satDownloads, bank];

let database: Database;
let drop: () => Promise<void>;
let live: Map<string, string[]>;

beforeAll(async () => {
  ({ database, drop } = await cloneTemplateDatabase());
  const rows = (await database.query<{ table: string; columns: string[] }>(
    `SELECT t.relname AS table,
            array(SELECT a.attname::text FROM unnest(x.indkey) k(attnum) JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum) AS columns
     FROM pg_index x JOIN pg_class t ON t.oid = x.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE n.nspname = 'public' AND x.indisprimary`,
  )).rows;
  live = new Map(rows.map((r) => [r.table, [...r.columns].sort()]));
});
afterAll(() => drop?.());

function declaredKeys(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const mod of modules) {
    for (const value of Object.values(mod)) {
      if (!is(value, PgTable)) continue;
      const config = getTableConfig(value);
      const columns = config.primaryKeys.length
        ? config.primaryKeys[0]!.columns.map((c) => c.name)
        : config.columns.filter((c) => c.primary).map((c) => c.name);
      out.set(config.name, columns.sort());
    }
  }
  return out;
}

describe('drizzle declarations match the migrated primary keys', () => {
  it('every declared table has the primary key the migrations gave it', () => {
    const declared = declaredKeys();
    expect(declared.size).toBeGreaterThan(30);
    const wrong = [...declared].filter(([table, cols]) => live.get(table)?.join(',') !== cols.join(','))
      .map(([table, cols]) => `${table}: declarada (${cols.join(', ')}), en la base (${live.get(table)?.join(', ') ?? 'sin tabla'})`);
    expect(wrong).toEqual([]);
  });
});
