import { assertSatIssuer, CredentialError, loadCredential, readCertificate, satAuthorities, type Credential, type SatAuthority } from '@facturo/cfdi/credentials';
import { CERT_EXPIRY_WARNING_DAYS, type CredentialKind } from '@facturo/contract';

const DAY_MX = new Intl.DateTimeFormat('es-MX', { timeZone: 'America/Mexico_City', day: '2-digit', month: '2-digit', year: 'numeric' });
/** A date as the rest of the app shows it (dd/mm/aaaa, Mexico City), never ISO: these messages reach the screen. */
export const dayMx = (d: Date) => DAY_MX.format(d);
const day = dayMx;
export const KIND_LABEL: Record<CredentialKind, string> = { csd: 'CSD', efirma: 'e.firma' };
/**
 * Spanish agreement with each credential's noun: "el CSD … válido", "la e.firma … válida" (issue 18
 * found "e.firma … válido"). `el`/`la` and the adjective ending follow the grammatical gender.
 */
export const KIND_GRAMMAR: Record<CredentialKind, { article: 'el' | 'la'; o: 'o' | 'a'; one: 'uno' | 'una' }> = {
  csd: { article: 'el', o: 'o', one: 'uno' },
  efirma: { article: 'la', o: 'a', one: 'una' },
};

export interface CredentialFiles {
  cer: Buffer;
  key: Buffer;
  password: string;
}

/** Which SAT authorities an upload may chain to (config.satCertificados / satAcDir, decision 273). */
export interface IssuerPolicy {
  produccion: boolean;
  authorities?: readonly SatAuthority[];
}

const policies = new Map<string, SatAuthority[]>();
/** The policy of a config: production mode, the shipped authorities plus SAT_AC_DIR's (read once per directory). */
export function issuerPolicy(config: { satCertificados: 'produccion' | 'pruebas'; satAcDir?: string }): IssuerPolicy {
  const key = config.satAcDir ?? '';
  if (!policies.has(key)) policies.set(key, satAuthorities(config.satAcDir));
  return { produccion: config.satCertificados === 'produccion', authorities: policies.get(key) };
}

/**
 * Checks an uploaded CSD or e.firma the way the upload form needs it, cheapest and most telling
 * first: certificate readable and SAT's (issued by one of SAT's authorities; in production not its test one), current (before the pair, so an expired certificate is named
 * even without its key), the right kind, the account's RFC; then key + password and that they match.
 * @throws CredentialError (field cer/key/password, Spanish message)
 */
export function checkCredential(
  files: CredentialFiles, kind: CredentialKind, accountRfc: string, now = new Date(), issuers: IssuerPolicy = { produccion: false },
): Credential {
  const cert = readCertificate(files.cer);
  if (!cert.rfc) throw new CredentialError('cer-not-sat', 'cer', 'El certificado no es del SAT: no contiene el RFC del titular');
  assertSatIssuer(cert, issuers);
  if (now > cert.validTo) {
    throw new CredentialError('cert-expired', 'cer', `El certificado venció el ${day(cert.validTo)}; tramita uno nuevo en el SAT`);
  }
  if (now < cert.validFrom) {
    throw new CredentialError('cert-not-yet-valid', 'cer', `El certificado aún no está vigente: su vigencia inicia el ${day(cert.validFrom)}`);
  }
  if (kind === 'csd' && cert.kind !== 'CSD') {
    throw new CredentialError('cert-not-csd', 'cer', 'El certificado es de e.firma (FIEL); aquí se necesita el Certificado de Sello Digital (CSD)');
  }
  if (kind === 'efirma' && cert.kind !== 'FIEL') {
    throw new CredentialError('cert-not-fiel', 'cer', 'El certificado es un Certificado de Sello Digital (CSD); aquí se necesita la e.firma (FIEL)');
  }
  if (cert.rfc !== accountRfc) {
    throw new CredentialError('cer-invalid', 'cer', `El certificado pertenece al RFC ${cert.rfc}, no al de tu cuenta (${accountRfc})`);
  }
  if (!files.password) throw new CredentialError('password-required', 'password', 'La contraseña de la llave privada es obligatoria');
  return loadCredential({ cer: files.cer, key: files.key, password: files.password }, { purpose: kind === 'csd' ? 'sello' : 'efirma', now });
}

/** Spanish warning when the certificate expires within 30 days (spec §7.15), else null. */
export function expiryWarning(kind: CredentialKind, validTo: Date, now = new Date()): string | null {
  const days = Math.floor((validTo.getTime() - now.getTime()) / 86_400_000);
  if (days > CERT_EXPIRY_WARNING_DAYS) return null;
  if (days < 0) return `Tu ${KIND_LABEL[kind]} venció el ${day(validTo)}; sube ${KIND_GRAMMAR[kind].one} vigente`;
  return `Tu ${KIND_LABEL[kind]} vence en ${days} ${days === 1 ? 'día' : 'días'} (${day(validTo)}); renuévalo en el SAT`;
}

/** Sealed form of the uploaded files (one secret: cer, key and password travel together). */
export const encodeFiles = (f: CredentialFiles) => JSON.stringify({ cer: f.cer.toString('base64'), key: f.key.toString('base64'), password: f.password });
export function decodeFiles(plain: Buffer): CredentialFiles {
  const v = JSON.parse(plain.toString('utf8')) as { cer: string; key: string; password: string };
  return { cer: Buffer.from(v.cer, 'base64'), key: Buffer.from(v.key, 'base64'), password: v.password };
}
/** AES-GCM associated data per kind, so a CSD secret cannot be opened as an e.firma one. */
export const secretPurpose = (kind: CredentialKind) => `credential:${kind}`;
