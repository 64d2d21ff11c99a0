import { isElement, type XmlElement } from './types';

/** Options of {@link writeXml}. */
export interface WriteXmlOptions {
  /** Prepend `<?xml version="1.0" encoding="UTF-8"?>`. Default true. */
  declaration?: boolean;
}

const ATTR_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  // Literal tabs and line breaks in an attribute would be turned into spaces by the next
  // parser (attribute-value normalisation); character references survive it.
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};
const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };

const ATTR_SPECIAL = /[&<>"\t\n\r]/g;
const TEXT_SPECIAL = /[&<>\r]/g;

/** Escapes a string for use inside a double-quoted attribute value. */
export const escapeAttr = (value: string): string =>
  ATTR_SPECIAL.test(value) ? value.replace(ATTR_SPECIAL, (c) => ATTR_ESCAPES[c]) : value;

/** Escapes a string for use as element text. */
export const escapeText = (value: string): string =>
  TEXT_SPECIAL.test(value) ? value.replace(TEXT_SPECIAL, (c) => TEXT_ESCAPES[c]) : value;

function writeElement(e: XmlElement, out: string[]): void {
  out.push('<', e.name);
  for (const [prefix, uri] of e.nsDecls) out.push(prefix === '' ? ' xmlns="' : ` xmlns:${prefix}="`, escapeAttr(uri), '"');
  for (const [name, value] of e.attrs) out.push(' ', name, '="', escapeAttr(value), '"');
  if (e.children.length === 0) {
    out.push('/>');
    return;
  }
  out.push('>');
  for (const child of e.children) {
    if (isElement(child)) writeElement(child, out);
    else out.push(escapeText(child.text));
  }
  out.push('</', e.name, '>');
}

/**
 * Serialises an element tree as UTF-8 XML text (no indentation, so text content is exact).
 * Prefixes, namespace declarations and attribute order are written as held in the tree.
 */
export function writeXml(root: XmlElement, opts: WriteXmlOptions = {}): string {
  const out: string[] = [];
  if (opts.declaration ?? true) out.push('<?xml version="1.0" encoding="UTF-8"?>\n');
  writeElement(root, out);
  return out.join('');
}
