import type { XmlElement } from '../xml/types';
import type { SignedDocumentKind } from './document';

// Attribute order of the root element in each XSD. Order has no meaning in XML, but documents read
// by people (and diffed) look like every other CFDI when the seal attributes sit where SAT puts them.
const CFDI40 = ['Version', 'Serie', 'Folio', 'Fecha', 'Sello', 'FormaPago', 'NoCertificado', 'Certificado', 'CondicionesDePago', 'SubTotal', 'Descuento', 'Moneda', 'TipoCambio', 'Total', 'TipoDeComprobante', 'Exportacion', 'MetodoPago', 'LugarExpedicion', 'Confirmacion'];
const CFDI33 = CFDI40.filter((a) => a !== 'Exportacion');
const RETENCIONES20 = ['Version', 'FolioInt', 'Sello', 'NoCertificado', 'Certificado', 'FechaExp', 'LugarExpRetenc', 'CveRetenc', 'DescRetenc'];

const ORDERS: Partial<Record<SignedDocumentKind, string[]>> = {
  cfdi40: CFDI40,
  cfdi33: CFDI33,
  retenciones20: RETENCIONES20,
};

/**
 * Sets an attribute; when it is new, places it after the nearest attribute that precedes it in the
 * XSD order instead of at the end. Existing attributes keep their position.
 */
export function setRootAttribute(root: XmlElement, kind: SignedDocumentKind, name: string, value: string): void {
  const order = ORDERS[kind];
  const rank = order?.indexOf(name) ?? -1;
  if (root.attrs.has(name) || !order || rank < 0) {
    root.attrs.set(name, value);
    return;
  }
  // Insert before the first present attribute that the XSD puts after this one.
  const entries = [...root.attrs];
  const at = entries.findIndex(([key]) => order.indexOf(key) > rank);
  if (at < 0) {
    root.attrs.set(name, value);
    return;
  }
  entries.splice(at, 0, [name, value]);
  root.attrs.clear();
  for (const [k, v] of entries) root.attrs.set(k, v);
}
