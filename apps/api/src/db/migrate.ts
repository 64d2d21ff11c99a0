import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Database, SqlRunner } from './client';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** Any constant: serialises migrations when several API processes start at once on PostgreSQL. */
const LOCK_KEY = 4_242_001;

/**
 * Applies the drizzle-kit SQL files in order, each in its own transaction, recording them in
 * app_migrations. One set of files serves PGlite and PostgreSQL.
 */
export function migrate(database: Database): Promise<string[]> {
  return database.session(applyMigrations);
}

/** The migration files of this build that the database has not recorded yet (readiness, issue 12). */
export async function pendingMigrations(database: Database): Promise<string[]> {
  const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort();
  const done = new Set((await database.query<{ name: string }>('SELECT name FROM app_migrations')).rows.map((r) => r.name));
  return files.filter((f) => !done.has(f));
}

async function applyMigrations(sql: SqlRunner): Promise<string[]> {
  await sql.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
  try {
    await sql.exec(`CREATE TABLE IF NOT EXISTS app_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set((await sql.query<{ name: string }>('SELECT name FROM app_migrations')).rows.map((r) => r.name));
    const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort();
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const statements = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')
        .split('--> statement-breakpoint')
        .map((s) => s.trim())
        .filter(Boolean);
      await sql.exec('BEGIN');
      try {
        for (const statement of statements) await sql.exec(statement);
        await sql.query('INSERT INTO app_migrations (name) VALUES ($1)', [file]);
        await sql.exec('COMMIT');
      } catch (err) {
        await sql.exec('ROLLBACK');
        throw new Error(`La migración ${file} falló: ${(err as Error).message}`, { cause: err });
      }
      applied.push(file);
    }
    return applied;
  } finally {
    await sql.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]);
  }
}
