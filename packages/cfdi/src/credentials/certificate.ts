import { X509Certificate, createPublicKey } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { CredentialError } from './errors';
import { looksLikePem, readPemBlocks } from './pem';
import { OID, readX509Fields } from './x509-fields';
import type { KeyUsage, NameAttribute } from './x509-fields';

/** CSD: certificado de sello digital (seals CFDI). FIEL: e.firma (signs requests to the SAT, never CFDI). */
export type CertificateKind = 'CSD' | 'FIEL';

const DAY_MS = 86_400_000;
const BASE64_RE = /^[A-Za-z0-9+/\s]+={0,2}\s*$/;
const CERT_LABELS = new Set(['CERTIFICATE', 'X509 CERTIFICATE', 'TRUSTED CERTIFICATE']);

/**
 * A parsed SAT certificate (CSD or e.firma). Everything is read once at construction, so holding one
 * per issuer and reusing it is cheap.
 */
export class Certificate {
  /** SAT certificate number: the X.509 serial's hex decoded as ASCII (20 digits for SAT certificates). */
  readonly noCertificado: string;
  /** X.509 serial as upper-case hex. */
  readonly serialHex: string;
  /** RFC of the holder ('' when the certificate carries none, i.e. it is not a SAT certificate). */
  readonly rfc: string;
  /** RFC of the legal representative, present in certificates of personas morales. */
  readonly representanteRfc?: string;
  /** CURP of the holder (personas físicas). */
  readonly curp?: string;
  /** CURP of the legal representative (personas morales). */
  readonly representanteCurp?: string;
  /** Legal name (razón social or full name). */
  readonly nombre: string;
  /** Branch name (OU) that CSDs may carry. */
  readonly sucursal?: string;
  readonly email?: string;
  readonly validFrom: Date;
  readonly validTo: Date;
  /** Issuer as "CN=…, O=…". */
  readonly issuer: string;
  readonly subjectAttributes: readonly NameAttribute[];
  readonly keyUsage: readonly KeyUsage[];
  readonly extKeyUsage: readonly string[];
  readonly kind: CertificateKind;
  /** DER bytes. */
  readonly der: Buffer;
  /** Base64 of the DER bytes, the value of the CFDI `Certificado` attribute. */
  readonly certificadoBase64: string;
  readonly publicKey: KeyObject;
  private x509Cache?: X509Certificate;

  constructor(der: Buffer) {
    let fields;
    let publicKey;
    try {
      fields = readX509Fields(der);
      // OpenSSL 3 decodes a PKCS#1 RSA key ~25× faster than a SubjectPublicKeyInfo or a whole
      // X509Certificate, which matters when verifying batches of received CFDI from many issuers.
      publicKey = fields.rsaPublicKey
        ? createPublicKey({ key: Buffer.from(fields.rsaPublicKey), format: 'der', type: 'pkcs1' })
        : createPublicKey({ key: Buffer.from(fields.spki), format: 'der', type: 'spki' });
    } catch (cause) {
      throw new CredentialError(
        'cer-invalid',
        'cer',
        'El archivo de certificado (.cer) no es un certificado X.509 válido (se espera DER o PEM)',
        { cause },
      );
    }
    this.der = der;
    this.publicKey = publicKey;
    this.certificadoBase64 = der.toString('base64');
    this.serialHex = fields.serialHex;
    this.noCertificado = serialToNoCertificado(fields.serialHex);
    this.validFrom = fields.notBefore;
    this.validTo = fields.notAfter;
    this.subjectAttributes = fields.subject;
    this.keyUsage = fields.keyUsage;
    this.extKeyUsage = fields.extKeyUsage;

    const subject = (oid: string) => fields.subject.find((a) => a.oid === oid)?.value;
    // SAT writes "RFC / RFC-representante" in x500UniqueIdentifier and "CURP / CURP-representante" in serialNumber.
    const [rfc, repRfc] = splitPair(subject(OID.x500UniqueIdentifier));
    const [curp, repCurp] = splitPair(subject(OID.serialNumber));
    this.rfc = rfc.toUpperCase();
    if (repRfc) this.representanteRfc = repRfc.toUpperCase();
    if (curp) this.curp = curp.toUpperCase();
    if (repCurp) this.representanteCurp = repCurp.toUpperCase();
    this.nombre = subject(OID.name) ?? subject(OID.commonName) ?? subject(OID.organization) ?? '';
    const ou = subject(OID.organizationalUnit);
    if (ou) this.sucursal = ou;
    const email = subject(OID.emailAddress);
    if (email) this.email = email;
    this.issuer = formatIssuer(fields.issuer);
    this.kind = classify(fields.keyUsage, fields.extKeyUsage);
  }

  /** node's X509Certificate for this certificate (parsed on first use: it is slow to build). */
  get x509(): X509Certificate {
    this.x509Cache ??= new X509Certificate(this.der);
    return this.x509Cache;
  }

  /** Whole days left until the certificate expires (negative once expired). */
  daysToExpiry(now: Date = new Date()): number {
    return Math.floor((this.validTo.getTime() - now.getTime()) / DAY_MS);
  }

  /** True when `date` lies inside the validity period. */
  isValidAt(date: Date): boolean {
    const t = date.getTime();
    return t >= this.validFrom.getTime() && t <= this.validTo.getTime();
  }
}

/**
 * Reads a certificate from DER (.cer), PEM (also a bundle whose first block is not the certificate),
 * or base64 text (the CFDI `Certificado` attribute). Throws CredentialError('cer-invalid').
 */
export function readCertificate(input: Uint8Array | string): Certificate {
  return new Certificate(certificateDer(input));
}

function certificateDer(input: Uint8Array | string): Buffer {
  if (looksLikePem(input)) {
    const block = readPemBlocks(input).find((b) => CERT_LABELS.has(b.label));
    if (!block) {
      throw new CredentialError('cer-invalid', 'cer', 'El archivo PEM no contiene ningún bloque CERTIFICATE');
    }
    return block.der;
  }
  if (typeof input === 'string') {
    if (!BASE64_RE.test(input)) {
      throw new CredentialError('cer-invalid', 'cer', 'El certificado no es DER, PEM ni base64 válido');
    }
    return Buffer.from(input.replace(/\s+/g, ''), 'base64');
  }
  return Buffer.from(input.buffer, input.byteOffset, input.byteLength);
}

/** SAT serials are ASCII digits written as hex bytes; other CAs' serials are shown as hex. */
function serialToNoCertificado(hex: string): string {
  const ascii = Buffer.from(hex, 'hex').toString('latin1');
  return /^[0-9]+$/.test(ascii) ? ascii : hex;
}

function splitPair(value: string | undefined): [string, string | undefined] {
  if (!value) return ['', undefined];
  const [first, second] = value.split('/').map((s) => s.trim());
  return [first ?? '', second || undefined];
}

function formatIssuer(attrs: NameAttribute[]): string {
  const cn = attrs.find((a) => a.oid === OID.commonName)?.value;
  const o = attrs.find((a) => a.oid === OID.organization)?.value;
  return [cn && `CN=${cn}`, o && `O=${o}`].filter(Boolean).join(', ');
}

/**
 * SAT issues the e.firma with extKeyUsage (emailProtection, clientAuth) and keyUsage that adds
 * dataEncipherment/keyAgreement; a CSD has only digitalSignature + nonRepudiation and no extKeyUsage.
 */
function classify(keyUsage: KeyUsage[], extKeyUsage: string[]): CertificateKind {
  if (extKeyUsage.includes(OID.emailProtection) || extKeyUsage.includes(OID.clientAuth)) return 'FIEL';
  if (keyUsage.includes('dataEncipherment') || keyUsage.includes('keyAgreement')) return 'FIEL';
  return 'CSD';
}
