import { isElement, type XmlElement } from '../../xml/types';

/**
 * A whitespace-insensitive structural fingerprint of an XSLT template: element local names,
 * attributes (sorted) and literal text. Used to prove that the named templates a stylesheet
 * set calls are exactly the ones whose semantics the runtime implements.
 */
export function signature(e: XmlElement): string {
  const attrs = [...e.attrs.entries()]
    .filter(([k]) => e.local !== 'template' || k !== 'name')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v.trim()}`)
    .join(',');
  const kids = e.children.map((c) => (isElement(c) ? signature(c) : `"${c.text}"`)).join(' ');
  return `${e.local}(${attrs})[${kids}]`;
}

/**
 * SAT's utilerías (cfd/2/cadenaoriginal_2_0/utilerias.xslt, also inlined in the TFD stylesheet):
 * Requerido prints "|" and the normalised value even when it is empty; Opcional does the same
 * only when the node-set is non-empty; ManejaEspacios is normalize-space(string($s)).
 */
export const CANONICAL_NAMED_TEMPLATES: Record<string, string> = {
  Requerido: 'template()[param(name=valor)[] "|" call-template(name=ManejaEspacios)[with-param(name=s,select=$valor)[]]]',
  Opcional:
    'template()[param(name=valor)[] if(test=$valor)["|" call-template(name=ManejaEspacios)[with-param(name=s,select=$valor)[]]]]',
  ManejaEspacios: 'template()[param(name=s)[] value-of(select=normalize-space(string($s)))[]]',
};
