import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { EmailLanguage, MemberRole } from '@facturo/contract';
import type { Db } from '../../db/client';
import { memberships, persons, users } from '../../db/schema';

export type PersonRow = typeof persons.$inferSelect;
type AccountRow = typeof users.$inferSelect;

/** The person claims of a person-scoped token (issue 26): who, and the person's token version. */
export interface TokenPerson {
  pid: number;
  tv: number;
}

/** A person with no account login of its own, by e-mail (the others sign in through their account's row). */
export async function findLoginPerson(db: Db, username: string): Promise<PersonRow | undefined> {
  const [row] = await db.select().from(persons)
    .where(and(eq(persons.email, username.trim().toLowerCase()), isNull(persons.loginAccountId))).limit(1);
  return row;
}

export async function findPersonById(db: Db, id: number): Promise<PersonRow | undefined> {
  const [row] = await db.select().from(persons).where(eq(persons.id, id)).limit(1);
  return row;
}

export async function findPersonByEmail(db: Db, email: string): Promise<PersonRow | undefined> {
  const [row] = await db.select().from(persons).where(eq(persons.email, email.trim().toLowerCase())).limit(1);
  return row;
}

/**
 * The person behind a request: the token's `pid`, or for the account's own login token the account's owner
 * person (created with the account by migration 0800's trigger).
 */
export async function personOfRequest(db: Db, account: { id: number; tokenPerson?: TokenPerson }): Promise<PersonRow> {
  const [row] = account.tokenPerson
    ? await db.select().from(persons).where(eq(persons.id, account.tokenPerson.pid)).limit(1)
    : await db.select().from(persons).where(eq(persons.loginAccountId, account.id)).limit(1);
  if (!row) throw new Error(`persona de la cuenta ${account.id} no encontrada`);
  return row;
}

/** The person who signs in with an account's own login (its owner, created with it). */
export async function findPersonOfAccount(db: Db, accountId: number): Promise<PersonRow | undefined> {
  const [row] = await db.select().from(persons).where(eq(persons.loginAccountId, accountId)).limit(1);
  return row;
}

export async function bumpPersonTokenVersion(db: Db, id: number): Promise<void> {
  await db.update(persons).set({ tokenVersion: sql`${persons.tokenVersion} + 1` }).where(eq(persons.id, id));
}

/** The accounts of a person with its role in each, by RFC. */
export async function accountsOf(db: Db, personId: number): Promise<{ id: number; rfc: string; nombre: string; rol: MemberRole; planId: number }[]> {
  const rows = await db.select({ id: users.id, rfc: users.rfc, fullName: users.fullName, rol: memberships.rol, planId: users.planId })
    .from(memberships).innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.personId, personId)).orderBy(asc(users.rfc));
  return rows.map((r) => ({ id: r.id, rfc: r.rfc, nombre: r.fullName ?? r.rfc, rol: r.rol, planId: r.planId }));
}

/** The account a person lands in after login: the last one used while still a member, else its first. */
export async function defaultAccountOf(db: Db, person: PersonRow): Promise<AccountRow | undefined> {
  const rows = await db.select({ account: users }).from(memberships).innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.personId, person.id)).orderBy(asc(memberships.id));
  return (rows.find((r) => r.account.id === person.lastAccountId) ?? rows[0])?.account;
}

export async function membershipOf(db: Db, personId: number, accountId: number): Promise<MemberRole | undefined> {
  const [row] = await db.select({ rol: memberships.rol }).from(memberships)
    .where(and(eq(memberships.personId, personId), eq(memberships.userId, accountId))).limit(1);
  return row?.rol;
}

/** A person-scoped token is still good for the account: same person token version and a membership. */
export async function isMember(db: Db, personId: number, tokenVersion: number, accountId: number): Promise<boolean> {
  const [row] = await db.select({ id: memberships.id }).from(memberships).innerJoin(persons, eq(persons.id, memberships.personId))
    .where(and(eq(memberships.personId, personId), eq(memberships.userId, accountId), eq(persons.tokenVersion, tokenVersion))).limit(1);
  return Boolean(row);
}

/**
 * The language a person chose for its e-mails (decision 315), by the address they go to; 'es' for an address
 * no person has (a registration not yet verified counts: its person exists from the first step).
 */
export async function emailLanguageOf(db: Db, email: string): Promise<EmailLanguage> {
  const [row] = await db.select({ idioma: persons.idioma }).from(persons).where(eq(persons.email, email.trim().toLowerCase())).limit(1);
  return row?.idioma ?? 'es';
}
