import { el, findChild, findChildren, isElement, type XmlElement, type XmlNode } from '../xml';

/** Attributes in the order given, skipping undefined and empty values (SAT forbids empty attributes). */
export function attrs(pairs: [string, string | undefined][]): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of pairs) if (v !== undefined && v !== '') out[k] = v;
  return out;
}

/** Builds a namespaced element, dropping undefined children so optional nodes can sit inline. */
export function node(
  prefix: string,
  ns: string,
  local: string,
  attributes: [string, string | undefined][],
  children: (XmlNode | undefined | false)[] = [],
): XmlElement {
  return el(`${prefix}:${local}`, ns, attrs(attributes), children.filter((c): c is XmlNode => !!c));
}

/** A complement the caller built elsewhere (e.g. implocal, Carta Porte) to place in the Complemento node. */
export interface ExtraComplement {
  element: XmlElement;
  /** Its xsi:schemaLocation pair (the element's own prefix is declared on the root automatically). */
  schemaLocation?: { ns: string; xsd: string };
}

/**
 * Adds what a root needs for caller-built complements: each one's prefix declared (unless the
 * element declares it itself) and its schemaLocation pair. Mutates nsDecls and locations.
 */
export function declareComplements(extras: readonly ExtraComplement[], nsDecls: Record<string, string>, locations: string[]): void {
  for (const extra of extras) {
    const i = extra.element.name.indexOf(':');
    const prefix = i < 0 ? '' : extra.element.name.slice(0, i);
    if (prefix && !extra.element.nsDecls.has(prefix)) nsDecls[prefix] = extra.element.ns;
    if (extra.schemaLocation) locations.push(extra.schemaLocation.ns, extra.schemaLocation.xsd);
  }
}

/**
 * Reads an attribute, tolerating case differences: CFDI 3.2/TFD 1.0 wrote "version", "selloCFD",
 * and some emitters got 3.3 casing wrong; SAT's own readers were lenient, so we are too.
 */
export function attr(e: XmlElement, name: string): string | undefined {
  const exact = e.attrs.get(name);
  if (exact !== undefined) return exact;
  const lower = name.toLowerCase();
  for (const [k, v] of e.attrs) if (k.toLowerCase() === lower) return v;
  return undefined;
}

/** An attribute name as readAttrs takes it: "Name" (required) or "Name?" (optional). */
type AttrSpec = string;
type RequiredName<S extends AttrSpec> = S extends `${string}?` ? never : S;
type OptionalName<S extends AttrSpec> = S extends `${infer N}?` ? N : never;
/** The typed view readAttrs returns: camelCase keys, required ones always present. */
export type AttrView<S extends AttrSpec> = { [K in RequiredName<S> as Uncapitalize<K>]: string } & {
  [K in OptionalName<S> as Uncapitalize<K>]?: string;
};

/**
 * Reads a node's attributes into camelCase keys in one go ("BaseDR" → baseDR), the shape every
 * typed view of a SAT node has. A name ending in "?" is optional and left out when absent; a
 * required one missing reads as "" (see req). Same case tolerance as attr.
 */
export function readAttrs<const S extends AttrSpec>(e: XmlElement, names: readonly S[]): AttrView<S> {
  const out: Record<string, string> = {};
  for (const spec of names) {
    const optional = spec.endsWith('?');
    const name = optional ? spec.slice(0, -1) : spec;
    const value = optional ? attr(e, name) : req(e, name);
    if (value !== undefined) out[name[0]!.toLowerCase() + name.slice(1)] = value;
  }
  return out as AttrView<S>;
}

/** Same as attr but never undefined (missing becomes ""), for fields a valid document must have. */
export const req = (e: XmlElement, name: string): string => attr(e, name) ?? '';

/** First child by local name within the same namespace as the parent (falls back to any namespace). */
export function child(parent: XmlElement, local: string, ns = parent.ns): XmlElement | undefined {
  return findChild(parent, ns, local) ?? parent.children.find((c): c is XmlElement => isElement(c) && c.local === local);
}

/** Children by local name within the parent's namespace. */
export function kids(parent: XmlElement | undefined, local: string, ns = parent?.ns ?? ''): XmlElement[] {
  return parent ? findChildren(parent, ns, local) : [];
}

/** Drops keys whose value is undefined so typed views compare and serialise cleanly. */
export function compact<T extends object>(value: T): T {
  for (const k of Object.keys(value) as (keyof T)[]) if (value[k] === undefined) delete value[k];
  return value;
}
