import { sign as cryptoSign, verify as cryptoVerify } from 'node:crypto';
import type { KeyObject } from 'node:crypto';

/** SHA-256 for CFDI 3.3/4.0 and Retenciones 2.0; SHA-1 only to verify old CFDI 3.2. */
export type SignatureAlgorithm = 'sha256' | 'sha1';

const toBytes = (data: string | Uint8Array): Uint8Array => (typeof data === 'string' ? Buffer.from(data, 'utf8') : data);

/** RSA PKCS#1 v1.5 signature of `data` (strings as UTF-8), returned as base64. */
export function signData(privateKey: KeyObject, data: string | Uint8Array, algorithm: SignatureAlgorithm = 'sha256'): string {
  return cryptoSign(algorithm, toBytes(data), privateKey).toString('base64');
}

/** True when `signatureBase64` is a valid signature of `data` by `publicKey`; malformed input is simply false. */
export function verifySignature(
  publicKey: KeyObject,
  data: string | Uint8Array,
  signatureBase64: string,
  algorithm: SignatureAlgorithm = 'sha256',
): boolean {
  const signature = Buffer.from(signatureBase64.replace(/\s+/g, ''), 'base64');
  if (signature.length === 0) return false;
  try {
    return cryptoVerify(algorithm, toBytes(data), publicKey, signature);
  } catch {
    return false;
  }
}
