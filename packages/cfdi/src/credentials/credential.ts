import type { KeyObject } from 'node:crypto';
import { Certificate, readCertificate } from './certificate';
import { CredentialError } from './errors';
import { readPrivateKey } from './private-key';
import type { Password } from './private-key';
import { signData, verifySignature } from './sign';
import type { SignatureAlgorithm } from './sign';

/** 'sello': a CSD to seal CFDI. 'efirma': an e.firma to authenticate with the SAT. */
export type CredentialPurpose = 'sello' | 'efirma';

export interface CredentialInput {
  /** Certificate: DER .cer, PEM or base64. */
  cer: Uint8Array | string;
  /** Private key: DER PKCS#8 .key (encrypted) or PEM. */
  key: Uint8Array | string;
  /** Key password, used exactly as given (no trimming). */
  password?: Password;
}

export interface LoadCredentialOptions {
  /** When given, the certificate kind must fit it: a CSD for 'sello', an e.firma for 'efirma'. */
  purpose?: CredentialPurpose;
  /** Instant the certificate must be valid at (default: now). */
  now?: Date;
}

/**
 * A certificate with its matching private key, parsed once. Keep it and reuse it: signing with the
 * cached KeyObject costs only the RSA operation.
 */
export class Credential {
  constructor(
    readonly certificate: Certificate,
    readonly privateKey: KeyObject,
  ) {}

  get rfc(): string {
    return this.certificate.rfc;
  }

  get noCertificado(): string {
    return this.certificate.noCertificado;
  }

  /** Base64 signature of `data` (strings as UTF-8). */
  sign(data: string | Uint8Array, algorithm: SignatureAlgorithm = 'sha256'): string {
    return signData(this.privateKey, data, algorithm);
  }

  /** Checks a base64 signature against this credential's certificate. */
  verify(data: string | Uint8Array, signatureBase64: string, algorithm: SignatureAlgorithm = 'sha256'): boolean {
    return verifySignature(this.certificate.publicKey, data, signatureBase64, algorithm);
  }
}

const formatDate = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Loads and checks a CSD or e.firma as a user uploads it: parses certificate and key, checks the key
 * belongs to the certificate, that the certificate is current and fits the purpose. Every failure is
 * a CredentialError with a `code`, the `field` it concerns and a Spanish message.
 */
export function loadCredential(input: CredentialInput, options: LoadCredentialOptions = {}): Credential {
  const certificate = readCertificate(input.cer);
  if (!certificate.rfc) {
    throw new CredentialError('cer-not-sat', 'cer', 'El certificado no es del SAT: no contiene el RFC del titular');
  }
  const privateKey = readPrivateKey(input.key, input.password);
  if (!certificate.x509.checkPrivateKey(privateKey)) {
    throw new CredentialError('key-mismatch', 'key', 'La llave privada (.key) no corresponde al certificado (.cer)');
  }
  const now = options.now ?? new Date();
  if (now < certificate.validFrom) {
    throw new CredentialError(
      'cert-not-yet-valid',
      'cer',
      `El certificado aún no está vigente: su vigencia inicia el ${formatDate(certificate.validFrom)}`,
    );
  }
  if (now > certificate.validTo) {
    throw new CredentialError(
      'cert-expired',
      'cer',
      `El certificado venció el ${formatDate(certificate.validTo)}; tramita uno nuevo en el SAT`,
    );
  }
  if (options.purpose === 'sello' && certificate.kind !== 'CSD') {
    throw new CredentialError(
      'cert-not-csd',
      'cer',
      'El certificado es de e.firma (FIEL); para sellar facturas se necesita un Certificado de Sello Digital (CSD)',
    );
  }
  if (options.purpose === 'efirma' && certificate.kind !== 'FIEL') {
    throw new CredentialError(
      'cert-not-fiel',
      'cer',
      'El certificado es un Certificado de Sello Digital (CSD), no una e.firma (FIEL)',
    );
  }
  return new Credential(certificate, privateKey);
}
