import type { XmlElement } from './types';

/**
 * A hand-written reader for the XML that CFDI are made of, about five times faster than saxes
 * (the parser was 90 % of the cost of a cadena from text). It is a fast path only: it accepts a
 * strict subset of XML 1.0 + Namespaces and returns `undefined` ("not sure") for anything outside
 * it — a DOCTYPE, a name with non-ASCII characters, an unknown entity, a character XML forbids, any
 * well-formedness error — and parseXml then runs the full saxes parser, which gives the precise
 * Spanish error or the tree. So the fast path never needs its own error messages, and whenever it
 * does return a tree, saxes would have built the same one (parse-fast.test.ts checks that on every
 * fixture and on thousands of mutated documents).
 *
 * What it must do exactly like saxes, because the cadena depends on it byte for byte:
 * - line ends: CR LF and lone CR become LF before anything else (XML 1.0 §2.11);
 * - attribute values: each literal tab/LF (CR already gone) becomes a space, then the five
 *   predefined entities and numeric character references are decoded — so `&#xD;`, `&#9;` and
 *   `&#10;` survive as the characters they name (§3.3.3);
 * - text: entities decoded, CDATA sections copied verbatim; comments and processing instructions
 *   dropped; whitespace-only text between elements dropped but kept in a leaf element.
 */

// ASCII name characters: 1 = may start a name, 2 = may continue it. Other characters (non-ASCII
// names are legal XML but unseen in CFDI) make the reader give up, never accept wrongly.
const NAME = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z_]/.test(ch)) NAME[c] = 3;
  else if (/[0-9.-]/.test(ch)) NAME[c] = 2;
}

const SPACE = 32;
const TAB = 9;
const LF = 10;
const GT = 62;
const SLASH = 47;
const EQ = 61;
const COLON = 58;
const QUOTE = 34;
const APOS = 39;

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

// Characters XML 1.0 forbids, plus every surrogate (a valid pair is legal, but rare enough in a
// CFDI to leave to saxes) and U+FFFE/U+FFFF.
// eslint-disable-next-line no-control-regex -- these are exactly the characters to find
const FORBIDDEN_CHAR = /[\0-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/;
const ENTITY = /&(?:(amp|lt|gt|quot|apos)|#([0-9]{1,7})|#x([0-9A-Fa-f]{1,6}));/g;
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const XML_DECL =
  /^<\?xml[ \t\n]+version[ \t\n]*=[ \t\n]*(["'])1\.0\1(?:[ \t\n]+encoding[ \t\n]*=[ \t\n]*(["'])[A-Za-z][A-Za-z0-9._-]*\2)?(?:[ \t\n]+standalone[ \t\n]*=[ \t\n]*(["'])(?:yes|no)\3)?[ \t\n]*\?>/;

/** Thrown inside the reader to give up; caught by readXmlFast. */
const GIVE_UP = Symbol('give up');

function isXmlChar(code: number): boolean {
  return (
    code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff)
  );
}

/** Decodes the predefined entities and numeric references; any other `&` gives up. */
function decodeEntities(s: string): string {
  let count = 0;
  const out = s.replace(ENTITY, (_m, named: string | undefined, dec: string | undefined, hex: string | undefined) => {
    count++;
    if (named) return PREDEFINED[named];
    const code = dec !== undefined ? parseInt(dec, 10) : parseInt(hex!, 16);
    if (!isXmlChar(code)) throw GIVE_UP;
    return String.fromCodePoint(code);
  });
  // Every `&` in the input must have started one of the references replaced above.
  let amps = 0;
  for (let i = s.indexOf('&'); i !== -1; i = s.indexOf('&', i + 1)) amps++;
  if (amps !== count) throw GIVE_UP;
  return out;
}

const isWhitespaceOnly = (s: string): boolean => /^[ \t\n]*$/.test(s);

/** The index after an ASCII QName (prefix:local) starting at `from`, or gives up. */
function readName(s: string, from: number): number {
  let i = from;
  let c = s.charCodeAt(i);
  if (!(c < 128 && NAME[c] & 1)) throw GIVE_UP;
  i++;
  let colonSeen = false;
  for (;;) {
    c = s.charCodeAt(i);
    if (c < 128 && NAME[c]) {
      i++;
    } else if (c === COLON && !colonSeen) {
      colonSeen = true;
      i++;
      c = s.charCodeAt(i);
      if (!(c < 128 && NAME[c] & 1)) throw GIVE_UP;
    } else {
      return i;
    }
  }
}

function skipSpace(s: string, from: number): number {
  let i = from;
  for (;;) {
    const c = s.charCodeAt(i);
    if (c === SPACE || c === LF || c === TAB) i++;
    else return i;
  }
}

// Characters of an attribute value that need more than a slice.
const ATTR_SPECIAL = /[<&\n\t]/;

/**
 * The tree of `text` (already decoded, BOM removed), or undefined when the fast path is not sure
 * and saxes must decide. `maxDepth` as in parseXml (deeper input: undefined, saxes refuses it).
 */
export function readXmlFast(text: string, maxDepth: number): XmlElement | undefined {
  if (FORBIDDEN_CHAR.test(text)) return undefined;
  if (text.indexOf('\r') !== -1) text = text.replace(/\r\n?/g, '\n');
  try {
    return read(text, maxDepth);
  } catch (e) {
    if (e === GIVE_UP) return undefined;
    throw e;
  }
}

function read(s: string, maxDepth: number): XmlElement | undefined {
  const len = s.length;
  let pos = 0;
  if (s.startsWith('<?xml')) {
    const decl = XML_DECL.exec(s);
    if (!decl) return undefined;
    pos = decl[0].length;
  }

  const stack: XmlElement[] = [];
  // In-scope namespace bindings, one frame per open element (shared with the parent when the
  // element declares none).
  // (A Map copied per declaring element: prototype-chained objects were 30 % of the time.)
  const scopes: Array<Map<string, string>> = [];
  let scope = new Map<string, string>([
    ['xml', XML_NS],
    ['', ''],
  ]);
  let root: XmlElement | undefined;
  let pendingText = '';
  let leafWhitespace = '';

  const flushText = (): void => {
    if (pendingText === '') return;
    const parent = stack[stack.length - 1];
    if (!isWhitespaceOnly(pendingText)) parent.children.push({ text: pendingText });
    else if (parent.children.length === 0) leafWhitespace += pendingText;
    pendingText = '';
  };

  while (pos < len) {
    const lt = s.indexOf('<', pos);
    const end = lt === -1 ? len : lt;
    if (end > pos) {
      const raw = s.slice(pos, end);
      if (stack.length === 0) {
        if (!isWhitespaceOnly(raw)) return undefined;
      } else {
        if (raw.indexOf(']]>') !== -1) return undefined;
        pendingText += raw.indexOf('&') === -1 ? raw : decodeEntities(raw);
      }
    }
    if (lt === -1) break;
    pos = lt + 1;
    const c = s.charCodeAt(pos);

    if (c === SLASH) {
      // Close tag: must match the open element exactly.
      const nameEnd = readName(s, pos + 1);
      const name = s.slice(pos + 1, nameEnd);
      const after = skipSpace(s, nameEnd);
      if (s.charCodeAt(after) !== GT) return undefined;
      const open = stack[stack.length - 1];
      if (!open || open.name !== name) return undefined;
      flushText();
      stack.pop();
      if (open.children.length === 0 && leafWhitespace !== '') open.children.push({ text: leafWhitespace });
      leafWhitespace = '';
      scope = scopes.pop()!;
      pos = after + 1;
      continue;
    }

    if (c === 33 /* ! */) {
      if (s.startsWith('!--', pos)) {
        const close = s.indexOf('--', pos + 3);
        if (close === -1 || s.charCodeAt(close + 2) !== GT) return undefined;
        pos = close + 3;
        continue;
      }
      if (s.startsWith('![CDATA[', pos) && stack.length > 0) {
        const close = s.indexOf(']]>', pos + 8);
        if (close === -1) return undefined;
        pendingText += s.slice(pos + 8, close);
        pos = close + 3;
        continue;
      }
      return undefined; // DOCTYPE and anything else: saxes decides (and refuses a DOCTYPE)
    }

    if (c === 63 /* ? */) {
      // Processing instruction: a plain name that is not "xml", then space or "?>".
      const nameEnd = readName(s, pos + 1);
      const target = s.slice(pos + 1, nameEnd);
      if (target.toLowerCase() === 'xml' || target.indexOf(':') !== -1) return undefined;
      const close = s.indexOf('?>', nameEnd);
      if (close === -1) return undefined;
      const next = s.charCodeAt(nameEnd);
      if (close !== nameEnd && next !== SPACE && next !== LF && next !== TAB) return undefined;
      pos = close + 2;
      continue;
    }

    // Open tag.
    if (root !== undefined && stack.length === 0) return undefined; // a second root
    if (stack.length >= maxDepth) return undefined;
    const nameEnd = readName(s, pos);
    const name = s.slice(pos, nameEnd);
    pos = nameEnd;
    const attrs = new Map<string, string>();
    let prefixedAttrs = false;
    let attrCount = 0;
    let decls: Map<string, string> | undefined;
    let selfClosing = false;
    for (;;) {
      const afterSpace = skipSpace(s, pos);
      const ch = s.charCodeAt(afterSpace);
      if (ch === GT) {
        pos = afterSpace + 1;
        break;
      }
      if (ch === SLASH) {
        if (s.charCodeAt(afterSpace + 1) !== GT) return undefined;
        selfClosing = true;
        pos = afterSpace + 2;
        break;
      }
      if (afterSpace === pos) return undefined; // attributes must be separated by whitespace
      const attrEnd = readName(s, afterSpace);
      const attrName = s.slice(afterSpace, attrEnd);
      let i = attrEnd;
      if (s.charCodeAt(i) !== EQ) {
        i = skipSpace(s, i);
        if (s.charCodeAt(i) !== EQ) return undefined;
      }
      i++;
      let quote = s.charCodeAt(i);
      if (quote !== QUOTE && quote !== APOS) {
        i = skipSpace(s, i);
        quote = s.charCodeAt(i);
        if (quote !== QUOTE && quote !== APOS) return undefined;
      }
      const close = s.indexOf(quote === QUOTE ? '"' : "'", i + 1);
      if (close === -1) return undefined;
      let value = s.slice(i + 1, close);
      if (ATTR_SPECIAL.test(value)) {
        if (value.indexOf('<') !== -1) return undefined;
        // Attribute-value normalisation: literal whitespace first, then references (kept as is).
        value = value.replace(/[\n\t]/g, ' ');
        if (value.indexOf('&') !== -1) value = decodeEntities(value);
      }
      pos = close + 1;
      if (attrName.charCodeAt(0) === 120 /* x */ && (attrName === 'xmlns' || attrName.startsWith('xmlns:'))) {
        const prefix = attrName === 'xmlns' ? '' : attrName.slice(6);
        // Rebinding xml/xmlns, undeclaring a prefix, or a URI with surrounding spaces (saxes trims
        // them) are edge cases saxes handles.
        if (value !== value.trim() || prefix === 'xml' || prefix === 'xmlns' || (prefix !== '' && value === '') || value === XML_NS || value === XMLNS_NS) return undefined;
        decls ??= new Map();
        if (decls.has(prefix)) return undefined;
        decls.set(prefix, value);
        continue;
      }
      if (attrName.indexOf(':') !== -1) prefixedAttrs = true;
      attrs.set(attrName, value);
      attrCount++;
    }

    if (attrs.size !== attrCount) return undefined; // a duplicate attribute
    const parentScope = scope;
    if (decls) {
      scope = new Map(parentScope);
      for (const [prefix, uri] of decls) scope.set(prefix, uri);
    }
    const colon = name.indexOf(':');
    const uri = scope.get(colon === -1 ? '' : name.slice(0, colon));
    if (uri === undefined) return undefined;
    if (prefixedAttrs) {
      // A prefixed attribute must be bound, and two may not share namespace + local name.
      const seen = new Set<string>();
      for (const an of attrs.keys()) {
        const ac = an.indexOf(':');
        if (ac === -1) continue;
        const auri = scope.get(an.slice(0, ac));
        const key = `${auri}\u0000${an.slice(ac + 1)}`;
        if (auri === undefined || seen.has(key)) return undefined;
        seen.add(key);
      }
    }

    if (stack.length > 0) flushText();
    leafWhitespace = '';
    const element: XmlElement = {
      name,
      local: colon === -1 ? name : name.slice(colon + 1),
      ns: uri,
      attrs,
      nsDecls: decls ?? new Map(),
      children: [],
    };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(element);
    else root = element;
    if (selfClosing) {
      scope = parentScope;
    } else {
      stack.push(element);
      scopes.push(parentScope);
    }
  }
  if (stack.length > 0 || root === undefined) return undefined;
  return root;
}
