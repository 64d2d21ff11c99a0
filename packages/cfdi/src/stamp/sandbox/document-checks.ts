import { UnsupportedComplementError, cadenaOriginal } from '../../cadena';
import { CredentialError, readCertificate, verifySignature, type Certificate } from '../../credentials';
import { NS, findChild, type XmlElement } from '../../xml';
import type { PacIssue } from '../errors';
import { fromMexicoCityLocal } from '../mexico-time';
import { findTfd } from '../tfd';

/** How far back a Fecha may lie when the document reaches the PAC (SAT: 72 hours). */
export const MAX_AGE_MS = 72 * 60 * 60 * 1000;
/** Clock skew tolerated for a Fecha slightly ahead of the PAC's clock. */
const FUTURE_TOLERANCE_MS = 5 * 60 * 1000;

/**
 * The checks SAT asks every PAC to make before stamping (Anexo 20, "validaciones adicionales"):
 * structure, no previous stamp, CSD matches the emisor and was valid at Fecha, not an e.firma,
 * Fecha inside the 72 h window, and the Sello verifies over the cadena original.
 * Returns every problem found; an empty list means the document may be stamped.
 */
export function checkDocumentForStamping(root: XmlElement, now: Date): PacIssue[] {
  const retenciones = isRetenciones20(root);
  if (!retenciones && (root.local !== 'Comprobante' || root.ns !== NS.cfdi40)) {
    const why = root.ns === NS.cfdi33 ? 'CFDI 3.3 ya no se timbra; emita la versión 4.0' : 'el documento no es un CFDI 4.0';
    return [{ code: '301', message: `Estructura inválida: ${why}.` }];
  }
  const issues: PacIssue[] = [];
  if (findTfd(root)) issues.push({ code: '307', message: 'El CFDI contiene un timbre previo.' });

  // Retenciones 2.0 calls the issue date FechaExp and the issuer's RFC RfcE; the checks are the same.
  const fecha = root.attrs.get(retenciones ? 'FechaExp' : 'Fecha') ?? '';
  const emitted = fromMexicoCityLocal(fecha);
  if (!emitted) {
    issues.push({ code: retenciones ? 'RET-FECHA' : 'CFDI40101', message: 'El campo Fecha no cumple con el patrón requerido (AAAA-MM-DDThh:mm:ss).' });
  } else if (now.getTime() - emitted.getTime() > MAX_AGE_MS) {
    issues.push({ code: '401', message: 'La fecha de emisión tiene más de 72 horas; genere y selle el comprobante de nuevo.' });
  } else if (emitted.getTime() - now.getTime() > FUTURE_TOLERANCE_MS) {
    issues.push({ code: '401', message: 'La fecha de emisión es posterior a la fecha de certificación.' });
  }

  const certificate = readEmisorCertificate(root, issues);
  if (certificate) {
    checkCertificate(root, certificate, emitted, issues);
    checkSello(root, certificate, issues);
  }
  return issues;
}

function readEmisorCertificate(root: XmlElement, issues: PacIssue[]): Certificate | undefined {
  const base64 = root.attrs.get('Certificado');
  if (!base64) {
    issues.push({ code: '308', message: 'El comprobante no incluye el certificado del emisor (atributo Certificado).' });
    return undefined;
  }
  try {
    return readCertificate(base64);
  } catch (err) {
    if (!(err instanceof CredentialError)) throw err;
    issues.push({ code: '308', message: 'El atributo Certificado no contiene un certificado válido.' });
    return undefined;
  }
}

function checkCertificate(root: XmlElement, cert: Certificate, emitted: Date | undefined, issues: PacIssue[]): void {
  if (root.attrs.get('NoCertificado') !== cert.noCertificado) {
    issues.push({
      code: 'CFDI40104',
      message: `El NoCertificado (${root.attrs.get('NoCertificado') ?? 'vacío'}) no corresponde al certificado incluido (${cert.noCertificado}).`,
    });
  }
  const rfcEmisor = findChild(root, root.ns, 'Emisor')?.attrs.get(isRetenciones20(root) ? 'RfcE' : 'Rfc') ?? '';
  if (cert.rfc !== rfcEmisor.toUpperCase()) {
    issues.push({ code: '303', message: `El RFC del certificado (${cert.rfc || 'ninguno'}) no corresponde al RFC del emisor (${rfcEmisor}).` });
  }
  if (cert.kind === 'FIEL') {
    issues.push({ code: '306', message: 'El certificado corresponde a una e.firma (FIEL); debe sellar con un CSD.' });
  }
  if (emitted && !cert.isValidAt(emitted)) {
    issues.push({ code: '305', message: 'La fecha de emisión no está dentro de la vigencia del certificado del emisor.' });
  }
}

function checkSello(root: XmlElement, cert: Certificate, issues: PacIssue[]): void {
  const sello = root.attrs.get('Sello') ?? '';
  let cadena: string;
  try {
    cadena = cadenaOriginal(root);
  } catch (err) {
    if (!(err instanceof UnsupportedComplementError)) throw err;
    issues.push({ code: '301', message: `El comprobante incluye un complemento que este PAC no reconoce: ${err.message}` });
    return;
  }
  if (sello === '' || !verifySignature(cert.publicKey, cadena, sello, 'sha256')) {
    issues.push({
      code: 'CFDI40102',
      message: 'El sello del emisor no es válido: no corresponde a la cadena original con el certificado incluido.',
    });
  }
}

/** A Retenciones e información de pagos 2.0 document (its own root; stamped by PACs like a CFDI). */
export function isRetenciones20(root: XmlElement): boolean {
  return root.local === 'Retenciones' && root.ns === NS.retenciones20 && root.attrs.get('Version') === '2.0';
}
