/**
 * A namespace-aware XML element, the one tree every part of the engine reads:
 * the parser produces it, the writer serialises it, the cadena generator walks it,
 * validators and the typed model read it. It keeps everything the document had
 * (attribute order, prefixes, namespace declarations, unknown complements, addenda),
 * so parse → write gives the same content.
 */
export interface XmlElement {
  /** Qualified name as written, e.g. "cfdi:Comprobante". */
  name: string;
  /** Local name, e.g. "Comprobante". */
  local: string;
  /** Namespace URI ("" when none). */
  ns: string;
  /** Attributes in document order, excluding xmlns declarations. Keys are qualified names. */
  attrs: Map<string, string>;
  /** Namespace declarations made on this element: prefix ("" for default) → URI. */
  nsDecls: Map<string, string>;
  /** Child nodes in order: elements and non-whitespace text. */
  children: XmlNode[];
}

export type XmlNode = XmlElement | XmlText;

export interface XmlText {
  text: string;
}

export const isElement = (n: XmlNode): n is XmlElement => (n as XmlElement).local !== undefined;
