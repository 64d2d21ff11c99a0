import { and, desc, eq } from 'drizzle-orm';
import { CredentialError, loadCredential, type Credential } from '@facturo/cfdi/credentials';
import type { Db } from '../../db/client';
import { fiscalCredentials } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { SecretBox } from '../../security/secrets';
import { decodeFiles, secretPurpose } from '../profile/credential-check';

const day = (d: Date) => d.toISOString().slice(0, 10);
const refuse = (message: string) => new AppError(422, message, { csd: [message] });

/**
 * Opened CSDs by credential row (id + last update): decrypting the .key (PBKDF2) costs more than sealing,
 * so an account that invoices all day opens it once. A replaced or re-validated CSD has another key.
 */
const cache = new Map<string, Credential>();
const CACHE_MAX = 200;

/**
 * The account's current CSD, ready to seal. Refuses with a Spanish 422 on field `csd` saying what to do
 * when there is none, it is still being validated, it was refused, revoked, or is not valid at `now`.
 */
export async function loadAccountCsd(db: Db, secrets: SecretBox, userId: number, now = new Date()): Promise<Credential> {
  const [row] = await db
    .select()
    .from(fiscalCredentials)
    .where(and(eq(fiscalCredentials.userId, userId), eq(fiscalCredentials.kind, 'csd')))
    .orderBy(desc(fiscalCredentials.id))
    .limit(1);
  if (!row) throw refuse('No tienes un Certificado de Sello Digital (CSD) registrado; súbelo en Perfil → CSD para poder timbrar');
  if (row.status === 'pending') throw refuse('Tu CSD todavía se está validando; espera a que termine la validación e inténtalo de nuevo');
  if (row.status === 'revoked') throw refuse('Tu CSD fue revocado por el SAT; tramita uno nuevo y súbelo en Perfil → CSD');
  if (row.status !== 'valid' || !row.secret) {
    throw refuse(`Tu último CSD no es válido${row.statusMessage ? ` (${row.statusMessage})` : ''}; sube uno vigente en Perfil → CSD`);
  }
  if (row.validTo && now > row.validTo) throw refuse(`Tu CSD venció el ${day(row.validTo)}; tramita uno nuevo en el SAT y súbelo en Perfil → CSD`);
  const cacheKey = `${row.id}:${row.updatedAt.getTime()}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  try {
    const files = decodeFiles(secrets.open(row.secret, secretPurpose('csd')));
    const credential = loadCredential({ cer: files.cer, key: files.key, password: files.password }, { purpose: 'sello', now });
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(cacheKey, credential);
    return credential;
  } catch (err) {
    if (err instanceof CredentialError) throw refuse(`Tu CSD no se puede usar para sellar: ${err.message}; sube uno vigente en Perfil → CSD`);
    throw err;
  }
}
