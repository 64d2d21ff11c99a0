import { isElement, type XmlElement, type XmlNode } from './types';

/**
 * Builds an element. `name` is the qualified name as it will be written ("cfdi:Concepto");
 * the local name is what follows the colon. Attributes with `undefined` values are skipped
 * so optional attributes can be passed inline; order is kept.
 */
export function el(
  name: string,
  ns: string,
  attrs: Record<string, string | undefined> | Map<string, string> = {},
  children: XmlNode[] = [],
  nsDecls: Record<string, string> | Map<string, string> = {},
): XmlElement {
  const colon = name.indexOf(':');
  const attrMap = new Map<string, string>();
  const entries = attrs instanceof Map ? attrs.entries() : Object.entries(attrs);
  for (const [k, v] of entries) if (v !== undefined) attrMap.set(k, v);
  return {
    name,
    local: colon === -1 ? name : name.slice(colon + 1),
    ns,
    attrs: attrMap,
    nsDecls: nsDecls instanceof Map ? new Map(nsDecls) : new Map(Object.entries(nsDecls)),
    children,
  };
}

/** Element children of `parent`, in order. */
export const childElements = (parent: XmlElement): XmlElement[] => parent.children.filter(isElement);

/** First child element with the given namespace URI and local name. */
export function findChild(parent: XmlElement, ns: string, local: string): XmlElement | undefined {
  for (const c of parent.children) if (isElement(c) && c.local === local && c.ns === ns) return c;
  return undefined;
}

/** All child elements with the given namespace URI and local name, in document order. */
export function findChildren(parent: XmlElement, ns: string, local: string): XmlElement[] {
  const found: XmlElement[] = [];
  for (const c of parent.children) if (isElement(c) && c.local === local && c.ns === ns) found.push(c);
  return found;
}

/** First descendant (depth-first, document order, excluding `root` itself) with that name. */
export function findDescendant(root: XmlElement, ns: string, local: string): XmlElement | undefined {
  for (const c of root.children) {
    if (!isElement(c)) continue;
    if (c.local === local && c.ns === ns) return c;
    const deeper = findDescendant(c, ns, local);
    if (deeper) return deeper;
  }
  return undefined;
}

/** All descendants with that name, in document order (excluding `root` itself). */
export function findDescendants(root: XmlElement, ns: string, local: string, found: XmlElement[] = []): XmlElement[] {
  for (const c of root.children) {
    if (!isElement(c)) continue;
    if (c.local === local && c.ns === ns) found.push(c);
    findDescendants(c, ns, local, found);
  }
  return found;
}

/** Value of an attribute by qualified name (unprefixed attributes: just the name). */
export const getAttr = (e: XmlElement, name: string): string | undefined => e.attrs.get(name);

/** Concatenated text of the element and its descendants (XPath string-value). */
export function textContent(e: XmlElement): string {
  let s = '';
  for (const c of e.children) s += isElement(c) ? textContent(c) : c.text;
  return s;
}
