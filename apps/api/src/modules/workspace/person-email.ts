import { eq } from 'drizzle-orm';
import type { ChangeMyEmailInput } from '@facturo/contract';
import { persons, users } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import type { Account } from '../../http/context';
import { fieldError } from '../../http/errors';
import { confirmEmailEmail, emailChangedEmail } from '../../providers/mail/templates';
import { checkCurrentPassword, type PersonSettingsDeps } from './person-settings';
import { findPersonById, personOfRequest } from './persons.repository';

/**
 * Decision 315: a person changes its e-mail (its login and where its notices go). The current password proves
 * it is the person; a link mailed to the new address proves that address is theirs. The link carries a signed
 * token `{purpose: 'correo', pid, email, tv}` (24 h) — not a session: it lacks `sub`/`rfc`, so the request
 * guard refuses it — and dies with the person's token version (a password change or logout in between).
 */
export interface PersonEmailDeps extends PersonSettingsDeps {
  signEmailToken: (claims: EmailChangeClaims) => string;
  /** The claims of a well-signed, unexpired token, else null. */
  verifyEmailToken: (token: string) => EmailChangeClaims | null;
}
export interface EmailChangeClaims { purpose: 'correo'; pid: number; email: string; tv: number }

export const EMAIL_LINK_HOURS = 24;
const BAD_LINK = 'El enlace para confirmar el correo no es válido o ya venció';
const TAKEN = 'Ya existe un usuario con ese correo electrónico';

async function assertFree(deps: PersonEmailDeps, email: string, personId: number): Promise<void> {
  const [person] = await deps.db.select({ id: persons.id }).from(persons).where(eq(persons.email, email)).limit(1);
  const [account] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if ((person && person.id !== personId) || account) throw fieldError('email', TAKEN);
}

export async function requestEmailChange(deps: PersonEmailDeps, account: Account, input: ChangeMyEmailInput): Promise<{ message: string }> {
  const person = await personOfRequest(deps.db, account);
  await checkCurrentPassword(deps, person, input.actual);
  if (input.email === person.email) throw fieldError('email', 'Ese ya es tu correo electrónico');
  await assertFree(deps, input.email, person.id);
  const token = deps.signEmailToken({ purpose: 'correo', pid: person.id, email: input.email, tv: person.tokenVersion });
  const link = `${deps.publicUrl.replace(/\/$/, '')}/confirmar-correo/${token}`;
  await deps.mailer.send(confirmEmailEmail(input.email, link, EMAIL_LINK_HOURS, person.idioma));
  return { message: `Te enviamos un enlace a ${input.email}; el cambio se hace cuando lo abras` };
}

export async function confirmEmailChange(deps: PersonEmailDeps, token: string): Promise<{ message: string; email: string }> {
  const claims = deps.verifyEmailToken(token);
  if (!claims || claims.purpose !== 'correo' || !Number.isInteger(claims.pid) || typeof claims.email !== 'string') throw fieldError('token', BAD_LINK);
  const person = await findPersonById(deps.db, claims.pid);
  if (!person || person.tokenVersion !== claims.tv) throw fieldError('token', BAD_LINK);
  if (person.email === claims.email) return { message: 'Tu correo ya estaba confirmado', email: person.email };
  await assertFree(deps, claims.email, person.id);
  try {
    // An owner person's login is its account's row: the 0800 trigger copies the address to the person.
    if (person.loginAccountId) await deps.db.update(users).set({ email: claims.email, updatedAt: new Date() }).where(eq(users.id, person.loginAccountId));
    else await deps.db.update(persons).set({ email: claims.email, updatedAt: new Date() }).where(eq(persons.id, person.id));
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('token', TAKEN);
    throw err;
  }
  await deps.mailer.send(emailChangedEmail(person.email, claims.email, person.idioma)).catch(() => undefined);
  return { message: `Listo: tu correo ahora es ${claims.email}. Úsalo para iniciar sesión.`, email: claims.email };
}

