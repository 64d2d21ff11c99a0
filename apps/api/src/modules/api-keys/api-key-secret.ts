import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PATTERN, type ApiKeyMode } from '@facturo/contract';

/** A new key: `fk_<mode>_` + 32 random bytes in base64url (43 characters). Returned once, never stored. */
export function newApiKey(mode: ApiKeyMode): string {
  return `fk_${mode}_${randomBytes(32).toString('base64url')}`;
}

/** What the database keeps: the key's SHA-256 (the key has 256 random bits, so no salt or slow hash is needed). */
export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** The key of an `Authorization: Bearer fk_…` header, or null when the header carries something else (a JWT). */
export function bearerApiKey(header: string | undefined): string | null {
  const match = /^Bearer\s+(fk_\S+)$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

export const isWellFormedApiKey = (key: string): boolean => API_KEY_PATTERN.test(key);

export const apiKeyMode = (key: string): ApiKeyMode => (key.startsWith('fk_live_') ? 'live' : 'test');

/** The rate-limit bucket of a request: its API key's hash when it carries one (limits per key), else its IP. */
export function rateLimitKey(req: { ip: string; headers: { authorization?: string } }): string {
  const key = bearerApiKey(req.headers.authorization);
  return key ? `key:${hashApiKey(key).slice(0, 32)}` : req.ip;
}
