import { eq, sql } from 'drizzle-orm';
import { WRONG_CURRENT_PASSWORD, type ChangeMyPasswordInput, type Me, type UpdateMeInput } from '@facturo/contract';
import type { Db } from '../../db/client';
import { persons } from '../../db/schema';
import type { Account } from '../../http/context';
import { AppError } from '../../http/errors';
import type { AttemptCounter } from '../../http/attempts';
import type { Mailer } from '../../providers/mail/mailer';
import { passwordChangedEmail } from '../../providers/mail/templates';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { setPasswordHash, type UserRow } from '../auth/auth.repository';
import { personOfRequest, type PersonRow, type TokenPerson } from './persons.repository';

/**
 * Issue 26 §8, decision 315: the signed-in person's own settings — name, language of its e-mails, password —
 * apart from the fiscal profile of the account it is working in. Every call acts on the token's person only:
 * there is no id to aim at someone else.
 */
export interface PersonSettingsDeps {
  db: Db;
  mailer: Mailer;
  attempts: AttemptCounter;
  /** Wrong current passwords allowed per person in the window, like the login's per address. */
  loginMaxAttempts: number;
  publicUrl: string;
  /** A token of the same kind the request came with: the account's own login token, or a person-scoped one. */
  signToken: (user: UserRow, remember: boolean, person?: TokenPerson) => string;
}

const WINDOW_MS = 15 * 60_000;
const TOO_MANY = 'Demasiados intentos con una contraseña actual incorrecta. Espera unos minutos antes de volver a intentar.';

const meOf = (p: PersonRow): Me => ({ nombre: p.fullName, email: p.email, idioma: p.idioma, totp: p.totpEnabled });

export async function getMe(db: Db, account: Account): Promise<Me> {
  return meOf(await personOfRequest(db, account));
}

export async function updateMe(db: Db, account: Account, input: UpdateMeInput): Promise<Me> {
  const person = await personOfRequest(db, account);
  const [row] = await db.update(persons).set({
    ...(input.nombre !== undefined ? { fullName: input.nombre } : {}),
    ...(input.idioma !== undefined ? { idioma: input.idioma } : {}),
    updatedAt: new Date(),
  }).where(eq(persons.id, person.id)).returning();
  return meOf(row!);
}

const passwordKey = (person: PersonRow) => `me-password:${person.id}`;

/**
 * The person's current password, or a 422 naming `actual`; wrong answers are counted per person (after
 * `loginMaxAttempts` in 15 minutes a 429, whatever the address, even with the right one).
 */
export async function checkCurrentPassword(deps: PersonSettingsDeps, person: PersonRow, actual: string): Promise<void> {
  const key = passwordKey(person);
  if ((await deps.attempts.count(key)) >= deps.loginMaxAttempts) throw new AppError(429, TOO_MANY);
  if (!(await verifyPassword(person.passwordHash, actual))) {
    const n = await deps.attempts.hit(key, WINDOW_MS);
    if (n > deps.loginMaxAttempts) throw new AppError(429, TOO_MANY);
    throw new AppError(422, WRONG_CURRENT_PASSWORD, { actual: [WRONG_CURRENT_PASSWORD] });
  }
}

/**
 * Checks the current password, stores the new one and ends the person's other sessions: a person that signs in
 * with an account's own login changes it there (the sync trigger of migration 0800 copies the hash and bumps
 * the person's token version too); a person without one changes its row and its token version. The request's
 * session continues with a fresh token of the kind it came with.
 */
export async function changeMyPassword(deps: PersonSettingsDeps, account: Account, input: ChangeMyPasswordInput) {
  const person = await personOfRequest(deps.db, account);
  await checkCurrentPassword(deps, person, input.actual);
  const passwordHash = await hashPassword(input.nueva);
  let ownLogin: UserRow | undefined;
  if (person.loginAccountId) {
    ownLogin = await setPasswordHash(deps.db, person.loginAccountId, passwordHash);
  } else {
    await deps.db.update(persons).set({ passwordHash, tokenVersion: sql`${persons.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(persons.id, person.id));
  }
  await deps.attempts.reset(passwordKey(person));
  const [fresh] = await deps.db.select().from(persons).where(eq(persons.id, person.id)).limit(1);
  const current = { id: account.id, rfc: account.rfc } as UserRow;
  const access_token = account.tokenPerson
    ? deps.signToken(current, false, { pid: fresh!.id, tv: fresh!.tokenVersion })
    // The account's own login token belongs to the person whose login account this is (personOfRequest).
    : deps.signToken(ownLogin!, false);
  await deps.mailer.send(passwordChangedEmail(fresh!.email, deps.publicUrl, fresh!.idioma)).catch(() => undefined);
  return { message: 'Tu contraseña se actualizó; tus otras sesiones se cerraron', access_token };
}
