import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Db } from '../../db/client';
import { persons } from '../../db/schema';
import { sha256, type SecretBox } from '../../security/secrets';
import { fieldError } from '../../http/errors';
import type { PersonRow } from './persons.repository';

/** Issue 26 §7: TOTP per RFC 6238 (30 s, 6 digits, SHA-1: what every authenticator app reads). */
const PURPOSE = 'totp';
const RECOVERY_CODES = 10;

const totpFor = (email: string, secret: Secret) =>
  new TOTP({ issuer: 'Facturo', label: email, secret, algorithm: 'SHA1', digits: 6, period: 30 });

/** Starts enrolment: a new secret (sealed under APP_SECRET), its otpauth:// URL and the QR of it. Not active until confirmed. */
export async function enrollTotp(db: Db, box: SecretBox, person: PersonRow) {
  if (person.totpEnabled) throw fieldError('code', 'La verificación en dos pasos ya está activa');
  const secret = new Secret({ size: 20 });
  await db.update(persons).set({ totpSecret: box.seal(secret.base32, PURPOSE) }).where(eq(persons.id, person.id));
  const url = totpFor(person.email, secret).toString();
  return { secret: secret.base32, otpauth_url: url, qr: await QRCode.toDataURL(url) };
}

const validCode = (box: SecretBox, person: PersonRow, code: string) =>
  Boolean(person.totpSecret) && totpFor(person.email, Secret.fromBase32(box.open(person.totpSecret!, PURPOSE).toString()))
    .validate({ token: code, window: 1 }) !== null;

/** Confirms enrolment with a first code; answers the 10 one-time recovery codes (only their hashes are kept). */
export async function activateTotp(db: Db, box: SecretBox, person: PersonRow, code: string): Promise<{ recovery_codes: string[] }> {
  if (!person.totpSecret) throw fieldError('code', 'Primero genera el código QR');
  if (!validCode(box, person, code)) throw fieldError('code', 'El código no es válido; revisa la hora de tu teléfono');
  const codes = Array.from({ length: RECOVERY_CODES }, () => randomBytes(5).toString('hex'));
  await db.update(persons).set({ totpEnabled: true, recoveryCodes: codes.map(sha256) }).where(eq(persons.id, person.id));
  return { recovery_codes: codes };
}

/** The second step of a login: a current TOTP code, or an unused recovery code (then spent). */
export async function checkSecondFactor(db: Db, box: SecretBox, person: PersonRow, code: string): Promise<boolean> {
  const clean = code.trim().toLowerCase();
  if (/^\d{6}$/.test(clean)) return validCode(box, person, clean);
  const hash = sha256(clean);
  if (!person.recoveryCodes?.includes(hash)) return false;
  await db.update(persons).set({ recoveryCodes: person.recoveryCodes.filter((h) => h !== hash) }).where(eq(persons.id, person.id));
  return true;
}
