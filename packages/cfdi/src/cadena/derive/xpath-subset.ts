import type { PathSpec, TestSpec } from '../rules-types';

/** Maps a QName prefix to its namespace index in the rules table, or throws if unbound. */
export type PrefixResolver = (prefix: string) => number;

/** Raised for XPath outside the supported subset; the caller adds file and location. */
export class XPathNotSupported extends Error {}

const NCNAME = /^[\p{L}_][\p{L}\p{N}_.\-\u00B7]*$/u;

function qnameStep(axis: 'c' | 'd', token: string, resolve: PrefixResolver): string {
  if (token === '*') {
    if (axis === 'd') throw new XPathNotSupported('"//*" no está soportado');
    return 'c*';
  }
  const parts = token.split(':');
  if (parts.length > 2 || !parts.every((p) => NCNAME.test(p))) throw new XPathNotSupported(`paso no soportado: "${token}"`);
  // XPath 1.0: an unprefixed name test means "no namespace", never the default namespace.
  const [prefix, local] = parts.length === 2 ? parts : ['', parts[0]];
  return `${axis}${resolve(prefix)}:${local}`;
}

/**
 * Parses the location paths SAT's stylesheets use: ".", "./a:B", "a:B/a:C", ".//a:B",
 * "./a:B/@C", "./*", "/a:B". Predicates, functions, axes, unions and ".." are refused.
 */
export function parsePath(expr: string, resolve: PrefixResolver): PathSpec {
  const s = expr.trim();
  if (s === '') throw new XPathNotSupported('expresión vacía');
  if (/[[\]()|,$"'\s]|::|\.\./.test(s)) throw new XPathNotSupported(`expresión no soportada: "${s}"`);
  if (s === '.') return ['.'];
  const segments = s.split('/');
  const steps: PathSpec = [];
  let i = 0;
  if (segments[0] === '') {
    steps.push('/');
    i = 1;
  }
  let descendant = false;
  for (; i < segments.length; i++) {
    const seg = segments[i];
    const last = i === segments.length - 1;
    if (seg === '') {
      if (descendant || last) throw new XPathNotSupported(`"/" sobrante en "${s}"`);
      descendant = true;
      continue;
    }
    if (seg === '.') {
      if (descendant) throw new XPathNotSupported(`"//." no soportado en "${s}"`);
      continue; // self step: no-op inside a path
    }
    if (seg.startsWith('@')) {
      const name = seg.slice(1);
      if (!last || descendant || !NCNAME.test(name)) throw new XPathNotSupported(`atributo no soportado: "${seg}" en "${s}"`);
      steps.push(`@${name}`);
      continue;
    }
    steps.push(qnameStep(descendant ? 'd' : 'c', seg, resolve));
    descendant = false;
  }
  if (steps.length === 0) return ['.'];
  if (steps.length === 1 && steps[0] === '/') throw new XPathNotSupported('"/" solo no está soportado');
  return steps;
}

/** Parses an xsl:if test: a path (node-set non-empty) or `path = 'literal'`. */
export function parseTest(expr: string, resolve: PrefixResolver): TestSpec {
  const s = expr.trim();
  const eq = /^([^'"=]+?)\s*=\s*(?:'([^']*)'|"([^"]*)")$/.exec(s);
  if (eq) return ['equals', parsePath(eq[1], resolve), eq[2] ?? eq[3]];
  return ['exists', parsePath(s, resolve)];
}

/** Parses a match pattern: "/" or a single QName. */
export function parseMatch(pattern: string, resolve: PrefixResolver): string {
  const s = pattern.trim();
  if (s === '/') return '/';
  if (s === '*' || /[/[\]()|@\s]/.test(s)) throw new XPathNotSupported(`patrón match no soportado: "${s}"`);
  return qnameStep('c', s, resolve);
}
