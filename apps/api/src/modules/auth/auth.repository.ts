import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { persons, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByLogin(db: Db, username: string): Promise<UserRow | undefined> {
  const value = username.trim();
  const [row] = await db.select().from(users)
    .where(or(eq(users.rfc, value.toUpperCase()), eq(users.email, value.toLowerCase()))).limit(1);
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findTakenFields(db: Db, rfc: string, email: string): Promise<{ rfc: boolean; email: boolean }> {
  const rows = await db.select({ rfc: users.rfc, email: users.email }).from(users)
    .where(or(eq(users.rfc, rfc), eq(users.email, email)));
  // Issue 26: a person invited into an account (no account of its own) holds its e-mail too.
  const [person] = await db.select({ id: persons.id }).from(persons).where(eq(persons.email, email)).limit(1);
  return { rfc: rows.some((r) => r.rfc === rfc), email: Boolean(person) || rows.some((r) => r.email === email) };
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: Db, id: number, values: Partial<typeof users.$inferInsert>): Promise<UserRow> {
  const [row] = await db.update(users).set({ ...values, updatedAt: new Date() }).where(eq(users.id, id)).returning();
  return row!;
}

export async function bumpTokenVersion(db: Db, id: number): Promise<void> {
  await db.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1` }).where(eq(users.id, id));
}

/** Saves a new password hash and bumps the token version in the same update, so no old session outlives it. */
export async function setPasswordHash(db: Db, id: number, passwordHash: string): Promise<UserRow> {
  const [row] = await db.update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, id)).returning();
  return row!;
}
