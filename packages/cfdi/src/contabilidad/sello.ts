import { cadenaContabilidad } from '../cadena';
import { readCertificate } from '../credentials/certificate';
import type { Credential } from '../credentials/credential';
import { verifySignature } from '../credentials/sign';
import { parseXml } from '../xml/parse';

/**
 * The e.firma seal of Anexo 24's files (Sello, noCertificado, Certificado on the root). The cadena is
 * SAT's own stylesheet derived by the cadena generator, so it never covers the three seal attributes:
 * they can be written after the body, into the root's start tag of the finished text.
 */

export type SelloContableErrorCode = 'cert-not-efirma' | 'cert-expired' | 'cert-not-yet-valid' | 'rfc-mismatch';

/** Why a file was not sealed; the message is Spanish and user-facing. */
export class SelloContableError extends Error {
  constructor(
    readonly code: SelloContableErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SelloContableError';
  }
}

// A sealed pólizas file of a busy month is read whole (the cadena needs every póliza): above the 10 MB default.
const MAX_BYTES = 512 * 1024 * 1024;
const SEAL_ATTRS = /\s(?:Sello|noCertificado|Certificado)\s*=\s*("[^"]*"|'[^']*')/g;
const day = (d: Date): string => d.toISOString().slice(0, 10);

/** [start, end) of the root element's start tag, quote-aware (a raw ">" may sit in a value). */
function rootStartTag(xml: string): [number, number] {
  let i = 0;
  for (;;) {
    i = xml.indexOf('<', i);
    if (i < 0) throw new Error('El XML no tiene elemento raíz');
    const next = xml[i + 1];
    if (next !== '?' && next !== '!') break;
    i = xml.indexOf('>', i) + 1;
  }
  let quote: string | undefined;
  for (let j = i + 1; j < xml.length; j++) {
    const ch = xml[j];
    if (quote) {
      if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '>') return [i, j + 1];
  }
  throw new Error('La etiqueta raíz del XML no está cerrada');
}

/**
 * Seals a CatalogoCuentas / BalanzaComprobacion / PolizasPeriodo / AuxiliarCtas / AuxiliarFolios 1.3
 * file with the account's e.firma: Sello = base64 RSA-SHA256 of the cadena of SAT's XSLT. A seal
 * already present is replaced. Refuses a CSD (SAT asks for the e.firma), a certificate not current,
 * and a certificate of another RFC than the file's.
 */
export function sellarArchivoContable(xml: string, credential: Credential, now: Date = new Date()): string {
  const root = parseXml(xml, { maxBytes: MAX_BYTES });
  const cert = credential.certificate;
  if (cert.kind !== 'FIEL') {
    throw new SelloContableError('cert-not-efirma', 'Los archivos de contabilidad electrónica se firman con la e.firma, no con el CSD');
  }
  if (now > cert.validTo) throw new SelloContableError('cert-expired', `La e.firma ${cert.noCertificado} venció el ${day(cert.validTo)}`);
  if (now < cert.validFrom) {
    throw new SelloContableError('cert-not-yet-valid', `La e.firma ${cert.noCertificado} aún no está vigente (inicia el ${day(cert.validFrom)})`);
  }
  const rfc = root.attrs.get('RFC');
  if (rfc !== cert.rfc) {
    throw new SelloContableError('rfc-mismatch', `El RFC del archivo (${rfc ?? 'sin RFC'}) no coincide con el de la e.firma (${cert.rfc})`);
  }
  const sello = credential.sign(cadenaContabilidad(root), 'sha256');
  const [start, end] = rootStartTag(xml);
  const tag = xml.slice(start, end).replace(SEAL_ATTRS, '');
  const close = tag.endsWith('/>') ? tag.length - 2 : tag.length - 1;
  const sealed = `${tag.slice(0, close)} Sello="${sello}" noCertificado="${cert.noCertificado}" Certificado="${cert.certificadoBase64}"${tag.slice(close)}`;
  return xml.slice(0, start) + sealed + xml.slice(end);
}

export type SelloContableEstado = 'sin-sello' | 'valido' | 'invalido';

/**
 * Checks a file's seal against its own Certificado: 'valido' when the Sello verifies over the cadena
 * and noCertificado is that certificate's, 'sin-sello' when the file carries none.
 */
export function verificarSelloContable(xml: string | Uint8Array): SelloContableEstado {
  const root = parseXml(xml, { maxBytes: MAX_BYTES });
  const sello = root.attrs.get('Sello');
  const certificado = root.attrs.get('Certificado');
  if (!sello && !certificado) return 'sin-sello';
  if (!sello || !certificado) return 'invalido';
  let ok: boolean;
  try {
    const cert = readCertificate(certificado);
    ok = cert.noCertificado === root.attrs.get('noCertificado') && verifySignature(cert.publicKey, cadenaContabilidad(root), sello, 'sha256');
  } catch {
    ok = false;
  }
  return ok ? 'valido' : 'invalido';
}
