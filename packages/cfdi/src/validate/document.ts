import { NS, XmlInputError, parseXml, xmlEncodingOf } from '../xml';
import { validateCfdi } from './cfdi';
import { validateRetenciones } from './retenciones';
import { validateXsd } from './xsd';
import type { ValidateOptions, ValidationIssue } from './types';

export interface ValidateDocumentOptions extends ValidateOptions {
  /** The document is not sealed yet: missing Sello/Certificado/NoCertificado are expected. */
  unsigned?: boolean;
}

/**
 * Everything we can check before sending a document to a PAC, in one call: safe parse, SAT XSDs,
 * then the business rules (CFDI 4.0 + Pagos 2.0, or Retenciones 2.0, chosen by the root element).
 * Rules still run when the XSD finds problems, so the user sees every issue at once.
 */
export function validateDocument(xml: string | Uint8Array, opts: ValidateDocumentOptions = {}): ValidationIssue[] {
  let root;
  try {
    root = parseXml(xml);
  } catch (err) {
    if (err instanceof XmlInputError) return [{ code: 'XML', field: '', severity: 'error', message: err.message }];
    throw err;
  }
  const issues = validateXsd(xml, { unsigned: opts.unsigned });
  // We can read ISO-8859-1 / windows-1252 (to check seals of old documents), but Anexo 20 requires UTF-8.
  const encoding = typeof xml === 'string' ? 'UTF-8' : xmlEncodingOf(xml);
  if (!/^utf-?8$/i.test(encoding)) {
    issues.push({
      code: 'XML-UTF8', field: '', severity: 'warning',
      message: `El XML está codificado en ${encoding}; el Anexo 20 exige UTF-8. Genera el comprobante en UTF-8 antes de timbrarlo.`,
    });
  }
  const rules = root.ns === NS.retenciones20 ? validateRetenciones(root, opts) : validateCfdi(root, opts);
  return issues.concat(rules);
}
