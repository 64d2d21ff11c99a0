import { cadenaOriginal } from '../cadena';
import type { Credential } from '../credentials/credential';
import { setRootAttribute } from './attribute-order';
import type { XmlElement } from '../xml/types';
import { documentLayout, emisorRfc, findTfd } from './document';
import type { SignedDocumentKind, SignedDocumentLayout } from './document';
import { fechaInstantRange, rangeWithin } from './fecha';

export type SealErrorCode =
  | 'wrong-document'
  | 'unsupported-version'
  | 'already-stamped'
  | 'cert-not-csd'
  | 'cert-expired'
  | 'cert-not-yet-valid'
  | 'fecha-outside-validity'
  | 'emisor-missing'
  | 'rfc-mismatch';

/** Why a document was not sealed. The message is Spanish and user-facing. */
export class SealError extends Error {
  readonly code: SealErrorCode;

  constructor(code: SealErrorCode, message: string) {
    super(message);
    this.name = 'SealError';
    this.code = code;
  }
}

export interface SealOptions {
  /** Sealing instant for the certificate validity check (default: now). */
  now?: Date;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Seals a CFDI 4.0 or 3.3 in place: writes NoCertificado and Certificado, computes the cadena
 * original (which includes NoCertificado) and writes Sello = base64 RSA-SHA256 of it.
 * Refuses (SealError) an e.firma, a certificate not valid now or at the document's Fecha, an Emisor
 * RFC that differs from the certificate's, and documents already stamped. Returns `root`.
 */
export function sealCfdi(root: XmlElement, credential: Credential, options: SealOptions = {}): XmlElement {
  return sealAs(root, credential, options, ['cfdi40', 'cfdi33'], 'un CFDI 4.0 o 3.3');
}

/** Seals a Retenciones 2.0 document in place, with the same checks as sealCfdi. Returns `root`. */
export function sealRetenciones(root: XmlElement, credential: Credential, options: SealOptions = {}): XmlElement {
  return sealAs(root, credential, options, ['retenciones20'], 'un comprobante de Retenciones 2.0');
}

/** Seals whichever supported document `root` is (CFDI 4.0, 3.3 or Retenciones 2.0). Returns `root`. */
export function sealDocument(root: XmlElement, credential: Credential, options: SealOptions = {}): XmlElement {
  return sealAs(root, credential, options, ['cfdi40', 'cfdi33', 'retenciones20'], 'un CFDI 4.0/3.3 o Retenciones 2.0');
}

function sealAs(
  root: XmlElement,
  credential: Credential,
  options: SealOptions,
  accepted: SignedDocumentKind[],
  expected: string,
): XmlElement {
  let layout: SignedDocumentLayout;
  try {
    layout = documentLayout(root);
  } catch (e) {
    throw new SealError('wrong-document', `No se puede sellar: ${(e as Error).message}`);
  }
  if (layout.kind === 'cfdi32') {
    throw new SealError('unsupported-version', 'El CFDI 3.2 ya no se puede emitir; solo se sellan CFDI 4.0 y 3.3');
  }
  if (!accepted.includes(layout.kind)) {
    throw new SealError('wrong-document', `No se puede sellar: se esperaba ${expected} y el documento es ${layout.label}`);
  }
  if (findTfd(root, layout)) {
    throw new SealError('already-stamped', 'El comprobante ya está timbrado; volver a sellarlo invalidaría el timbre');
  }
  checkCertificate(root, layout, credential, options.now ?? new Date());

  const cert = credential.certificate;
  setRootAttribute(root, layout.kind, layout.sello, '');
  setRootAttribute(root, layout.kind, layout.noCertificado, cert.noCertificado);
  setRootAttribute(root, layout.kind, layout.certificado, cert.certificadoBase64);
  // The cadena covers NoCertificado, so it is computed only after that attribute holds its final value.
  const cadena = cadenaOriginal(root);
  root.attrs.set(layout.sello, credential.sign(cadena, layout.algorithm));
  return root;
}

function checkCertificate(root: XmlElement, layout: SignedDocumentLayout, credential: Credential, now: Date): void {
  const cert = credential.certificate;
  if (cert.kind !== 'CSD') {
    throw new SealError(
      'cert-not-csd',
      'No se puede sellar con una e.firma (FIEL): se necesita el Certificado de Sello Digital (CSD)',
    );
  }
  if (now > cert.validTo) {
    throw new SealError('cert-expired', `El certificado ${cert.noCertificado} venció el ${day(cert.validTo)}`);
  }
  if (now < cert.validFrom) {
    throw new SealError(
      'cert-not-yet-valid',
      `El certificado ${cert.noCertificado} aún no está vigente (inicia el ${day(cert.validFrom)})`,
    );
  }
  const fecha = root.attrs.get(layout.fecha);
  const range = fecha ? fechaInstantRange(fecha) : undefined;
  if (range && rangeWithin(range, cert.validFrom, cert.validTo) !== 'ok') {
    throw new SealError(
      'fecha-outside-validity',
      `La fecha del comprobante (${fecha}) está fuera de la vigencia del certificado (${day(cert.validFrom)} a ${day(cert.validTo)})`,
    );
  }
  const rfc = emisorRfc(root, layout);
  if (!rfc) throw new SealError('emisor-missing', `El comprobante no tiene el RFC del emisor (${layout.emisorRfc})`);
  if (rfc !== cert.rfc) {
    throw new SealError(
      'rfc-mismatch',
      `El RFC del emisor (${rfc}) no coincide con el RFC del certificado (${cert.rfc})`,
    );
  }
}
