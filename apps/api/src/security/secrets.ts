import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * AES-256-GCM for secrets at rest (CSD/e.firma keys and passwords, CIEC). The key is derived from
 * APP_SECRET with HKDF so the same secret can also feed the JWT key without reuse.
 * Format: v1.<iv>.<tag>.<ciphertext> (base64url); the purpose is bound as associated data.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(appSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', appSecret, 'facturo', 'secrets-aes-256-gcm', 32));
  }

  seal(plain: string | Buffer, purpose: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(purpose));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  open(sealed: string, purpose: string): Buffer {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Secreto cifrado con formato desconocido');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
  }
}

/** A signing key for JWTs derived from APP_SECRET (distinct from the encryption key). */
export function jwtKey(appSecret: string): string {
  return Buffer.from(hkdfSync('sha256', appSecret, 'facturo', 'jwt-hs256', 32)).toString('base64');
}

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
