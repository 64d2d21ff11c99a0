import {
  MX_TIME_ZONES, personaFromRfc, type CompleteAccountInput, type LoginInput, type LoginResponse, type PreRegisterInput,
} from '@facturo/contract';
import { getCatalog } from '@facturo/cfdi/catalogs';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Mailer } from '../../providers/mail/mailer';
import { accountLockedEmail, resetPasswordEmail, verificationEmail } from '../../providers/mail/templates';
import { hashPassword, verifyPassword } from '../../security/passwords';
import type { AttemptCounter } from '../../http/attempts';
import { AppError, badRequest, forbidden } from '../../http/errors';
import { estadosMx } from '../catalogs/catalogs.service';
import { fiscalDataErrors } from '../catalogs/fiscal-data-checks';
import {
  bumpTokenVersion, findTakenFields, findUserByEmail, findUserById, findUserByLogin, insertUser, setPasswordHash, updateUser, type UserRow,
} from './auth.repository';
import { CODE_TTL_MINUTES, MAX_CODE_ATTEMPTS, tooManyCodeAttempts, VerificationCodes, wrongCode } from './verification-codes';
import {
  bumpPersonTokenVersion, defaultAccountOf, emailLanguageOf, findLoginPerson, findPersonOfAccount, type PersonRow, type TokenPerson,
} from '../workspace/persons.repository';
import { checkSecondFactor } from '../workspace/two-factor';
import type { SecretBox } from '../../security/secrets';
import {
  assertAccountNotLocked, recordAccountFailure, spendDummyVerification, takeDailyCode,
} from './abuse-limits';

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  codes: VerificationCodes;
  attempts: AttemptCounter;
  /** `person`: a person-scoped token (issue 26) for a member; absent, the account's own login token as before. */
  signToken: (user: UserRow, remember: boolean, person?: TokenPerson) => string;
  loginMaxAttempts: number;
  authRateLimitPerMinute: number;
  /** Failed logins per account and hour, from any address (issue 17 §2). */
  loginAccountMaxFailures: number;
  codesPerDayPerEmail: number;
  codesPerDayPerIp: number;
  publicUrl: string;
  /** Opens the sealed TOTP secrets (issue 26 §7). */
  secrets?: SecretBox;
}

/**
 * A code for an e-mail with no code pending (unknown, already verified, nothing issued): the answer of a wrong
 * code, tries counted per e-mail the way a pending code counts them (the fifth is the same 429), so neither the
 * message nor the count tells a registered e-mail from an unknown one (issue 25 §12).
 */
const noCodeKey = (purpose: 'verify' | 'reset', email: string) => `code-none:${purpose}:${email.trim().toLowerCase()}`;
async function refuseWithoutCode(deps: AuthDeps, purpose: 'verify' | 'reset', email: string): Promise<never> {
  const tries = await deps.attempts.hit(noCodeKey(purpose, email), CODE_TTL_MINUTES * 60_000);
  if (tries >= MAX_CODE_ATTEMPTS) throw tooManyCodeAttempts();
  throw wrongCode();
}

const LOGIN_WINDOW_MS = 15 * 60_000;
const BAD_CREDENTIALS = 'El RFC, correo o contraseña son incorrectos';

/** Spec §3 login response for a user row. */
export function sessionFor(deps: AuthDeps, user: UserRow, remember = false, person?: TokenPerson): LoginResponse {
  const now = new Date();
  return {
    access_token: deps.signToken(user, remember, person),
    user: {
      name: user.fullName, rfc: user.rfc, img: user.img, email: user.email, regimen: user.regimen,
      clave_sat: user.regimen, is_confirmed: user.isConfirmed, profile_completed: user.profileCompleted,
      rol: user.rolId, contr_stripe: user.contrStripe,
    },
    filters: { year: now.getFullYear(), month: now.getMonth() + 1 },
  };
}


export async function preRegister(deps: AuthDeps, input: PreRegisterInput): Promise<{ message: string }> {
  const taken = await findTakenFields(deps.db, input.rfc, input.email);
  const errors: Record<string, string[]> = {};
  if (taken.rfc) errors.rfc = ['Ya existe una cuenta con este RFC'];
  if (taken.email) errors.email = ['Ya existe una cuenta con este correo electrónico'];
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]![0]!, errors);
  const passwordHash = await hashPassword(input.password);
  let code: string;
  try {
    code = await deps.db.transaction(async (tx) => {
      const user = await insertUser(tx, { rfc: input.rfc, email: input.email, passwordHash, persona: personaFromRfc(input.rfc) });
      return deps.codes.issue(user.id, 'verify', tx);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest('Ya existe una cuenta con este RFC o correo electrónico', { rfc: ['Ya existe una cuenta con este RFC o correo electrónico'] });
    throw err;
  }
  await deps.mailer.send(verificationEmail(input.email, code, CODE_TTL_MINUTES));
  return { message: 'Te enviamos un código de verificación a tu correo electrónico' };
}

export async function resendVerification(deps: AuthDeps, email: string, ip: string): Promise<{ message: string }> {
  const count = await deps.attempts.hit(`resend:${email}`, 60_000);
  if (count > 3) throw new AppError(429, 'Ya enviamos varios códigos; espera un minuto antes de pedir otro');
  await takeDailyCode(deps, email, ip);
  // A new code means fresh tries for a registered e-mail; the same for an unknown one.
  await deps.attempts.reset(noCodeKey('verify', email));
  const user = await findUserByEmail(deps.db, email);
  if (user && !user.isConfirmed) {
    const code = await deps.codes.issue(user.id, 'verify');
    await deps.mailer.send(verificationEmail(email, code, CODE_TTL_MINUTES, await emailLanguageOf(deps.db, email)));
  }
  return { message: 'Si la cuenta existe y no está verificada, enviamos un código nuevo' };
}

export async function verifyAccount(deps: AuthDeps, email: string, code: string): Promise<LoginResponse> {
  const user = await findUserByEmail(deps.db, email);
  // Unknown and already verified accounts answer exactly as a known one with no code pending
  // (issue 17 §3): the endpoint must not tell which e-mails are registered.
  if (!user || user.isConfirmed) return refuseWithoutCode(deps, 'verify', email);
  await deps.codes.consume(user.id, 'verify', code, () => refuseWithoutCode(deps, 'verify', email));
  const confirmed = await updateUser(deps.db, user.id, { isConfirmed: true });
  return sessionFor(deps, confirmed);
}

export function registrationCatalogs() {
  return {
    estados: estadosMx(),
    regimen: getCatalog('c_RegimenFiscal').map((r) => ({ clave: r.clave, descripcion: r.descripcion, fisica: r.fisica, moral: r.moral })),
    timeZones: MX_TIME_ZONES.map((z) => ({ ...z })),
  };
}

export async function completeAccount(deps: AuthDeps, userId: number, input: CompleteAccountInput, person?: TokenPerson): Promise<LoginResponse> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw forbidden();
  if (!user.isConfirmed) throw forbidden('Verifica tu cuenta antes de completar tu información');
  const errors = await fiscalDataErrors(user.rfc, input);
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]![0]!, errors);
  const updated = await updateUser(deps.db, user.id, {
    fullName: input.fullName, regimen: input.regimen, cp: input.cp, estado: input.estado, municipio: input.municipio,
    timeZone: input.timeZone, profileCompleted: true,
  });
  return sessionFor(deps, updated, false, person);
}

export async function login(deps: AuthDeps, input: LoginInput, ip: string): Promise<LoginResponse> {
  const key = `login:${ip}:${input.username.trim().toLowerCase()}`;
  if ((await deps.attempts.count(key)) >= deps.loginMaxAttempts) {
    throw new AppError(429, 'Demasiados intentos fallidos. Espera unos minutos antes de volver a intentar.');
  }
  const user = await findUserByLogin(deps.db, input.username);
  // Issue 26: a person with no account of its own (registered from an invitation) signs in by e-mail.
  if (!user) {
    const person = await findLoginPerson(deps.db, input.username);
    if (person) return personLogin(deps, person, input, key);
  }
  // Per account, whatever the address: rotating client addresses does not escape it.
  await assertAccountNotLocked(deps, user?.id, input.username);
  // An unknown user costs one argon2id verification too, so the answer time does not reveal accounts.
  const ok = user ? await verifyPassword(user.passwordHash, input.password) : (await spendDummyVerification(input.password), false);
  if (!user || !ok) {
    if (await recordAccountFailure(deps, user?.id, input.username) && user) {
      const lang = await emailLanguageOf(deps.db, user.email);
      await deps.mailer.send(accountLockedEmail(user.email, deps.loginAccountMaxFailures, deps.publicUrl, lang)).catch(() => undefined);
    }
    const n = await deps.attempts.hit(key, LOGIN_WINDOW_MS);
    if (n >= deps.loginMaxAttempts + 1) throw new AppError(429, 'Demasiados intentos fallidos. Espera unos minutos antes de volver a intentar.');
    throw new AppError(401, BAD_CREDENTIALS);
  }
  await passSecondFactor(deps, await findPersonOfAccount(deps.db, user.id), input, key);
  await deps.attempts.reset(key);
  return sessionFor(deps, user, input.remember ?? false);
}

/**
 * Issue 26 §7: with two-factor sign-in on, the right password alone is answered 401 naming `code`; a wrong
 * code counts as a failed login (same limits as the password).
 */
async function passSecondFactor(deps: AuthDeps, person: PersonRow | undefined, input: LoginInput, key: string): Promise<void> {
  if (!person?.totpEnabled || !deps.secrets) return;
  if (!input.code) throw new AppError(401, SECOND_FACTOR, { code: [SECOND_FACTOR] });
  if (await checkSecondFactor(deps.db, deps.secrets, person, input.code)) return;
  const n = await deps.attempts.hit(key, LOGIN_WINDOW_MS);
  if (n >= deps.loginMaxAttempts + 1) throw new AppError(429, 'Demasiados intentos fallidos. Espera unos minutos antes de volver a intentar.');
  throw new AppError(401, WRONG_SECOND_FACTOR, { code: [WRONG_SECOND_FACTOR] });
}
const SECOND_FACTOR = 'Escribe el código de 6 dígitos de tu app de autenticación (o un código de recuperación)';
const WRONG_SECOND_FACTOR = 'El código de verificación no es válido';

export async function logout(deps: AuthDeps, userId: number, person?: TokenPerson): Promise<void> {
  // A member's logout ends that person's sessions, never the account owner's.
  if (person) await bumpPersonTokenVersion(deps.db, person.pid);
  else await bumpTokenVersion(deps.db, userId);
}

/**
 * Password login of a person without an account of its own: the same per-address and per-login limits as an
 * account's, then a person-scoped token for its last used account (or its first).
 */
async function personLogin(deps: AuthDeps, person: PersonRow, input: LoginInput, key: string): Promise<LoginResponse> {
  await assertAccountNotLocked(deps, undefined, input.username);
  const ok = await verifyPassword(person.passwordHash, input.password);
  if (!ok) {
    await recordAccountFailure(deps, undefined, input.username);
    const n = await deps.attempts.hit(key, LOGIN_WINDOW_MS);
    if (n >= deps.loginMaxAttempts + 1) throw new AppError(429, 'Demasiados intentos fallidos. Espera unos minutos antes de volver a intentar.');
    throw new AppError(401, BAD_CREDENTIALS);
  }
  await passSecondFactor(deps, person, input, key);
  const account = await defaultAccountOf(deps.db, person);
  if (!account) throw new AppError(403, 'Tu usuario ya no pertenece a ninguna cuenta');
  await deps.attempts.reset(key);
  return sessionFor(deps, account, input.remember ?? false, { pid: person.id, tv: person.tokenVersion });
}

export async function sendResetCode(deps: AuthDeps, email: string, ip: string): Promise<{ message: string }> {
  const count = await deps.attempts.hit(`reset:${email}`, 60_000);
  if (count > 3) throw new AppError(429, 'Ya enviamos varios códigos; espera un minuto antes de pedir otro');
  await takeDailyCode(deps, email, ip);
  await deps.attempts.reset(noCodeKey('reset', email));
  const user = await findUserByEmail(deps.db, email);
  if (user) {
    const code = await deps.codes.issue(user.id, 'reset');
    await deps.mailer.send(resetPasswordEmail(email, code, CODE_TTL_MINUTES, await emailLanguageOf(deps.db, email)));
  }
  // Same answer whether or not the account exists: the endpoint must not reveal registered e-mails.
  return { message: 'Si el correo está registrado, te enviamos un código para cambiar tu contraseña' };
}

export async function resetPassword(deps: AuthDeps, email: string, code: string, password: string): Promise<{ message: string }> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return refuseWithoutCode(deps, 'reset', email);
  await deps.codes.consume(user.id, 'reset', code, () => refuseWithoutCode(deps, 'reset', email));
  await replacePassword(deps.db, user.id, password);
  return { message: 'Tu contraseña se actualizó. Inicia sesión con la nueva contraseña.' };
}

/**
 * Stores a new password (argon2 hash) and ends every session by bumping the token version, in one
 * update; returns the row so a caller that keeps the user signed in can issue a fresh token.
 */
export async function replacePassword(db: Db, userId: number, password: string): Promise<UserRow> {
  return setPasswordHash(db, userId, await hashPassword(password));
}

export async function currentSession(deps: AuthDeps, userId: number, person?: TokenPerson): Promise<LoginResponse> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw forbidden();
  return sessionFor(deps, user, false, person);
}
