import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull, ne, or, lt } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { TWO_FACTOR_ENROL_PATH, TWO_FACTOR_REQUIRED_CODE, type MemberRole } from '@facturo/contract';
import type { Db } from '../../db/client';
import { memberships, persons, users } from '../../db/schema';
import { sha256, type SecretBox } from '../../security/secrets';
import { AppError, fieldError } from '../../http/errors';
import type { PersonRow } from './persons.repository';

/** Issue 26 §7: TOTP per RFC 6238 (30 s, 6 digits, SHA-1: what every authenticator app reads). */
const PURPOSE = 'totp';
const RECOVERY_CODES = 10;
const PERIOD = 30;

const totpFor = (email: string, secret: Secret) =>
  new TOTP({ issuer: 'Facturo', label: email, secret, algorithm: 'SHA1', digits: 6, period: PERIOD });

/** Starts enrolment: a new secret (sealed under APP_SECRET), its otpauth:// URL and the QR of it. Not active until confirmed. */
export async function enrollTotp(db: Db, box: SecretBox, person: PersonRow) {
  if (person.totpEnabled) throw fieldError('code', 'La verificación en dos pasos ya está activa; desactívala con un código para inscribir otro teléfono');
  const secret = new Secret({ size: 20 });
  await db.update(persons).set({ totpSecret: box.seal(secret.base32, PURPOSE), totpLastStep: null }).where(eq(persons.id, person.id));
  const url = totpFor(person.email, secret).toString();
  return { secret: secret.base32, otpauth_url: url, qr: await QRCode.toDataURL(url) };
}

/**
 * The time-step a code belongs to (±1 step of clock drift), or null. A step at or before the last one the person
 * used is refused: a code seen over a shoulder or replayed from a log cannot be used again (decision 291).
 */
function acceptedStep(box: SecretBox, person: PersonRow, code: string, now = Date.now()): number | null {
  if (!person.totpSecret) return null;
  const delta = totpFor(person.email, Secret.fromBase32(box.open(person.totpSecret, PURPOSE).toString()))
    .validate({ token: code, window: 1, timestamp: now });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / PERIOD) + delta;
  return person.totpLastStep !== null && step <= person.totpLastStep ? null : step;
}

/** Spends a step: one conditional update, so two requests racing with the same code cannot both pass. */
async function spendStep(db: Db, personId: number, step: number): Promise<boolean> {
  const rows = await db.update(persons).set({ totpLastStep: step })
    .where(and(eq(persons.id, personId), or(isNull(persons.totpLastStep), lt(persons.totpLastStep, step))))
    .returning({ id: persons.id });
  return rows.length === 1;
}

async function useTotp(db: Db, box: SecretBox, person: PersonRow, code: string): Promise<boolean> {
  const step = acceptedStep(box, person, code);
  return step !== null && spendStep(db, person.id, step);
}

/** Confirms enrolment with a first code; answers the 10 one-time recovery codes (only their hashes are kept). */
export async function activateTotp(db: Db, box: SecretBox, person: PersonRow, code: string): Promise<{ recovery_codes: string[] }> {
  if (!person.totpSecret) throw fieldError('code', 'Primero genera el código QR');
  if (person.totpEnabled) throw fieldError('code', 'La verificación en dos pasos ya está activa');
  if (!(await useTotp(db, box, person, code))) throw fieldError('code', 'El código no es válido o ya se usó; espera el siguiente y revisa la hora de tu teléfono');
  const codes = Array.from({ length: RECOVERY_CODES }, () => randomBytes(5).toString('hex'));
  await db.update(persons).set({ totpEnabled: true, recoveryCodes: codes.map(sha256) }).where(eq(persons.id, person.id));
  return { recovery_codes: codes };
}

/** The second step of a login: a current, unused TOTP code, or an unused recovery code (then spent). */
export async function checkSecondFactor(db: Db, box: SecretBox, person: PersonRow, code: string): Promise<boolean> {
  const clean = code.trim().toLowerCase();
  if (/^\d{6}$/.test(clean)) return useTotp(db, box, person, clean);
  const hash = sha256(clean);
  if (!person.recoveryCodes?.includes(hash)) return false;
  await db.update(persons).set({ recoveryCodes: person.recoveryCodes.filter((h) => h !== hash) }).where(eq(persons.id, person.id));
  return true;
}

/** Turns two-factor off with a current code or a recovery code; then the person may enrol again (a new phone). */
export async function disableTotp(db: Db, box: SecretBox, person: PersonRow, code: string): Promise<{ message: string }> {
  if (!person.totpEnabled) throw fieldError('code', 'La verificación en dos pasos no está activa');
  if (!(await checkSecondFactor(db, box, person, code))) throw fieldError('code', 'El código no es válido o ya se usó');
  await db.update(persons).set({ totpEnabled: false, totpSecret: null, recoveryCodes: null, updatedAt: new Date() }).where(eq(persons.id, person.id));
  return { message: 'La verificación en dos pasos se desactivó' };
}

export const totpStatus = (person: PersonRow) => ({ activo: person.totpEnabled, codigos_restantes: person.totpEnabled ? person.recoveryCodes?.length ?? 0 : 0 });

// --- The owner's policy (decision 291) ---------------------------------------------------------------------

export const TWO_FACTOR_REQUIRED_MESSAGE =
  'Esta cuenta exige verificación en dos pasos: actívala en Seguridad (Mi seguridad) con tu app de autenticación para continuar';

/** Owners set the policy and are not held by it (they can always reach the setting); every other role is. */
export const heldByPolicy = (required: boolean, role: MemberRole, totpEnabled: boolean) => required && role !== 'duenio' && !totpEnabled;

export const twoFactorRequired = () => new AppError(403, TWO_FACTOR_REQUIRED_MESSAGE, undefined, { code: TWO_FACTOR_REQUIRED_CODE, enrolar: TWO_FACTOR_ENROL_PATH });

export async function twoFactorPolicy(db: Db, accountId: number) {
  const [account] = await db.select({ requerido: users.requireTwoFactor }).from(users).where(eq(users.id, accountId)).limit(1);
  const [row] = await db.select({ n: count() }).from(memberships).innerJoin(persons, eq(persons.id, memberships.personId))
    .where(and(eq(memberships.userId, accountId), ne(memberships.rol, 'duenio'), eq(persons.totpEnabled, false)));
  return { requerido: account?.requerido ?? false, miembros_sin_2fa: Number(row?.n ?? 0) };
}

export async function setTwoFactorPolicy(db: Db, accountId: number, requerido: boolean) {
  await db.update(users).set({ requireTwoFactor: requerido, updatedAt: new Date() }).where(eq(users.id, accountId));
  return twoFactorPolicy(db, accountId);
}
