import { XmlInputError, childElements, isElement, parseXml, textContent, type XmlElement } from '../../xml';
import { PacError, pacError, type PacIssue } from '../errors';
import { FINKOK_NS } from './envelopes';

/**
 * Finkok answers with spyne-generated SOAP whose inner prefixes vary (s0, tns, apps…), so fields are
 * looked up by local name under the method's result element.
 */
export function soapResult(responseText: string, resultLocal: string): XmlElement {
  let root: XmlElement;
  try {
    root = parseXml(responseText);
  } catch (err) {
    if (err instanceof XmlInputError) throw pacError('unavailable', 'SOAP', 'El PAC respondió con un XML ilegible.');
    throw err;
  }
  const body = childElements(root).find((e) => e.local === 'Body' && e.ns === FINKOK_NS.soapenv);
  if (!body) throw pacError('unavailable', 'SOAP', 'La respuesta del PAC no es un sobre SOAP.');
  const fault = descendant(body, 'Fault');
  if (fault) {
    const reason = text(fault, 'faultstring') || 'sin detalle';
    throw pacError('unavailable', 'SOAP-FAULT', `El PAC rechazó la petición: ${reason}`);
  }
  const result = descendant(body, resultLocal);
  if (!result) throw pacError('unavailable', 'SOAP', `La respuesta del PAC no contiene ${resultLocal}.`);
  return result;
}

/** First descendant with that local name, in document order. */
export function descendant(root: XmlElement, local: string): XmlElement | undefined {
  for (const c of root.children) {
    if (!isElement(c)) continue;
    if (c.local === local) return c;
    const deeper = descendant(c, local);
    if (deeper) return deeper;
  }
  return undefined;
}

/** All descendants with that local name. */
export function descendants(root: XmlElement, local: string, out: XmlElement[] = []): XmlElement[] {
  for (const c of root.children) {
    if (!isElement(c)) continue;
    if (c.local === local) out.push(c);
    descendants(c, local, out);
  }
  return out;
}

/** Trimmed text of the first descendant with that local name ('' when absent). */
export const text = (root: XmlElement, local: string): string => {
  const found = descendant(root, local);
  return found ? textContent(found).trim() : '';
};

/** Finkok's Incidencias as PacIssues (CodigoError / MensajeIncidencia). */
export function incidencias(result: XmlElement): PacIssue[] {
  return descendants(result, 'Incidencia').map((i) => ({
    code: text(i, 'CodigoError') || 'FINKOK',
    message: text(i, 'MensajeIncidencia') || 'Incidencia sin mensaje',
  }));
}

/** A Finkok `error` element (get_sat_status, cancel) turned into a PacError, if present. */
export function errorElement(result: XmlElement, kind: 'invalid-request' | 'rejected' = 'invalid-request'): PacError | undefined {
  const message = text(result, 'error');
  return message ? pacError(kind, 'FINKOK', message) : undefined;
}
