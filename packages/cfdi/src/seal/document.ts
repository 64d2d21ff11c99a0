import { NS } from '../xml/namespaces';
import { findChild } from '../xml/query';
import type { XmlElement } from '../xml/types';

/** The signed document families the engine knows. */
export type SignedDocumentKind = 'cfdi40' | 'cfdi33' | 'cfdi32' | 'retenciones20';

/**
 * Where each family keeps the seal-related values. CFDI 3.2 used lower-case attribute names;
 * Retenciones 2.0 calls the issue date FechaExp and the issuer's RFC RfcE.
 */
export interface SignedDocumentLayout {
  kind: SignedDocumentKind;
  version: string;
  /** Human name used in messages, e.g. "CFDI 4.0". */
  label: string;
  sello: string;
  noCertificado: string;
  certificado: string;
  fecha: string;
  emisorRfc: string;
  /** Namespace of the root, Emisor and Complemento elements. */
  ns: string;
  /** Digest SAT prescribes for the Sello of this version. */
  algorithm: 'sha256' | 'sha1';
}

/** The XML is not a CFDI or Retenciones document the engine can seal or verify. */
export class DocumentTypeError extends Error {
  readonly code = 'unsupported-document';

  constructor(message: string) {
    super(message);
    this.name = 'DocumentTypeError';
  }
}

const MODERN = { sello: 'Sello', noCertificado: 'NoCertificado', certificado: 'Certificado', fecha: 'Fecha', emisorRfc: 'Rfc' };

/** Identifies the document family from root namespace + version. Throws DocumentTypeError. */
export function documentLayout(root: XmlElement): SignedDocumentLayout {
  if (root.ns === NS.cfdi40 && root.local === 'Comprobante') {
    const version = root.attrs.get('Version') ?? '';
    if (version !== '4.0') throw new DocumentTypeError(`Versión de CFDI no soportada: "${version}" (se espera 4.0)`);
    return { kind: 'cfdi40', version, label: 'CFDI 4.0', ns: root.ns, algorithm: 'sha256', ...MODERN };
  }
  if (root.ns === NS.cfdi33 && root.local === 'Comprobante') {
    const version = root.attrs.get('Version') ?? root.attrs.get('version') ?? '';
    if (version === '3.3') return { kind: 'cfdi33', version, label: 'CFDI 3.3', ns: root.ns, algorithm: 'sha256', ...MODERN };
    if (version === '3.2') {
      return {
        kind: 'cfdi32',
        version,
        label: 'CFDI 3.2',
        ns: root.ns,
        algorithm: 'sha1',
        sello: 'sello',
        noCertificado: 'noCertificado',
        certificado: 'certificado',
        fecha: 'fecha',
        emisorRfc: 'rfc',
      };
    }
    throw new DocumentTypeError(`Versión de CFDI no soportada: "${version}" (se espera 3.3 o 3.2)`);
  }
  if (root.ns === NS.retenciones20 && root.local === 'Retenciones') {
    const version = root.attrs.get('Version') ?? '';
    if (version !== '2.0') {
      throw new DocumentTypeError(`Versión de Retenciones no soportada: "${version}" (se espera 2.0)`);
    }
    return {
      kind: 'retenciones20',
      version,
      label: 'Retenciones 2.0',
      ns: root.ns,
      algorithm: 'sha256',
      ...MODERN,
      fecha: 'FechaExp',
      emisorRfc: 'RfcE',
    };
  }
  const where = root.ns ? `{${root.ns}}${root.local}` : root.local;
  throw new DocumentTypeError(
    `El XML no es un CFDI ni un comprobante de Retenciones: el elemento raíz es ${where}`,
  );
}

/** RFC written in the document's Emisor element ('' when missing). */
export function emisorRfc(root: XmlElement, layout: SignedDocumentLayout): string {
  const emisor = findChild(root, layout.ns, 'Emisor');
  return (emisor?.attrs.get(layout.emisorRfc) ?? '').trim().toUpperCase();
}

/** The TimbreFiscalDigital inside the document's Complemento elements, if stamped. */
export function findTfd(root: XmlElement, layout: SignedDocumentLayout): XmlElement | undefined {
  for (const c of root.children) {
    if ('local' in c && c.local === 'Complemento' && c.ns === layout.ns) {
      const tfd = findChild(c, NS.tfd, 'TimbreFiscalDigital');
      if (tfd) return tfd;
    }
  }
  return undefined;
}
