import { createPrivateKey } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { TAG, children, readNode } from './der';
import { CredentialError } from './errors';
import { looksLikePem, readPemBlocks } from './pem';

/** A key password as typed or as read from a file. It is used byte for byte: callers decide about trimming. */
export type Password = string | Uint8Array;

const KEY_LABELS = new Set(['ENCRYPTED PRIVATE KEY', 'PRIVATE KEY', 'RSA PRIVATE KEY', 'EC PRIVATE KEY']);

const invalidKey = (cause?: unknown) =>
  new CredentialError(
    'key-invalid',
    'key',
    'El archivo de llave privada (.key) no es una llave privada válida (se espera PKCS#8 DER o PEM)',
    { cause },
  );
const passwordRequired = () =>
  new CredentialError('password-required', 'password', 'La llave privada está cifrada: indica su contraseña');
const passwordIncorrect = (cause?: unknown) =>
  new CredentialError('password-incorrect', 'password', 'La contraseña de la llave privada es incorrecta', { cause });

/**
 * Reads a private key: the SAT's DER PKCS#8 encrypted .key, encrypted PEM, or unencrypted PEM/DER.
 * Throws CredentialError: 'key-invalid', 'password-required' or 'password-incorrect'.
 */
export function readPrivateKey(input: Uint8Array | string, password?: Password): KeyObject {
  const passphrase = password === undefined ? undefined : Buffer.from(password);
  if (looksLikePem(input)) return readPem(input, passphrase);
  if (typeof input === 'string') throw invalidKey();
  return readDer(Buffer.from(input.buffer, input.byteOffset, input.byteLength), passphrase);
}

function readPem(input: Uint8Array | string, passphrase: Buffer | undefined): KeyObject {
  const text = typeof input === 'string' ? input : Buffer.from(input).toString('latin1');
  const block = readPemBlocks(text).find((b) => KEY_LABELS.has(b.label));
  if (!block) throw invalidKey();
  // Legacy OpenSSL PEM marks encryption with a Proc-Type header instead of the label.
  const encrypted = block.label === 'ENCRYPTED PRIVATE KEY' || /Proc-Type:\s*4,ENCRYPTED/.test(text);
  if (encrypted && (passphrase === undefined || passphrase.length === 0)) throw passwordRequired();
  try {
    return createPrivateKey(encrypted ? { key: text, format: 'pem', passphrase } : { key: text, format: 'pem' });
  } catch (cause) {
    throw encrypted ? passwordIncorrect(cause) : invalidKey(cause);
  }
}

/**
 * PKCS#8 PrivateKeyInfo starts with an INTEGER version; EncryptedPrivateKeyInfo starts with the
 * encryption AlgorithmIdentifier SEQUENCE. Telling them apart up front means any later decryption
 * failure of a well-formed encrypted key can only be a wrong password.
 */
function readDer(der: Buffer, passphrase: Buffer | undefined): KeyObject {
  let first;
  let count;
  try {
    const outer = readNode(der);
    if (outer.tag !== TAG.SEQUENCE || outer.end !== der.length) throw invalidKey();
    const parts = children(outer);
    first = parts[0];
    count = parts.length;
  } catch (cause) {
    throw cause instanceof CredentialError ? cause : invalidKey(cause);
  }
  if (first?.tag === TAG.SEQUENCE && count === 2) {
    if (passphrase === undefined || passphrase.length === 0) throw passwordRequired();
    try {
      return createPrivateKey({ key: der, format: 'der', type: 'pkcs8', passphrase });
    } catch (cause) {
      throw passwordIncorrect(cause);
    }
  }
  if (first?.tag === TAG.INTEGER) {
    for (const type of ['pkcs8', 'pkcs1'] as const) {
      try {
        return createPrivateKey({ key: der, format: 'der', type });
      } catch {
        // try the next container type
      }
    }
  }
  throw invalidKey();
}
