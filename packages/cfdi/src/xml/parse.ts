import { SaxesParser, type SaxesTagNS } from 'saxes';
import { XmlInputError } from './errors';
import { readXmlFast } from './fast-reader';
import type { XmlElement, XmlNode } from './types';

/** Options of {@link parseXml}. */
export interface ParseXmlOptions {
  /** Largest accepted input in bytes (UTF-8). Default 10 MB. */
  maxBytes?: number;
  /** Deepest accepted element nesting (the root is level 1). Default {@link DEFAULT_MAX_XML_DEPTH}. */
  maxDepth?: number;
}

export const DEFAULT_MAX_XML_BYTES = 10 * 1024 * 1024;
/**
 * A CFDI with Carta Porte nests about 8 levels and retail addenda a few more. saxes resolves
 * namespaces by walking the open-tag stack, so parse time grows with depth × elements (100,000
 * levels took minutes) and every recursive walker of the tree would overflow the call stack
 * around 10,000: nesting beyond this is refused as hostile.
 */
export const DEFAULT_MAX_XML_DEPTH = 100;

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

// saxes reports in English; the user reads Spanish. Unknown reasons pass through untranslated.
const REASONS: Array<[RegExp, string]> = [
  [/^undefined entity/, 'entidad no definida (solo se aceptan &amp; &lt; &gt; &quot; &apos; y referencias numéricas)'],
  [/^unexpected close tag/, 'etiqueta de cierre inesperada'],
  [/^unclosed tag/, 'etiqueta sin cerrar'],
  [/^document must contain a root element/, 'el documento no tiene elemento raíz'],
  [/^documents may contain only one root/, 'el documento tiene más de un elemento raíz'],
  [/^unbound namespace prefix: (.*)$/, 'prefijo de espacio de nombres no declarado: $1'],
  [/^duplicate attribute: (.*)$/, 'atributo duplicado: $1'],
  [/^text data outside of root node/, 'texto fuera del elemento raíz'],
  [/^disallowed character/, 'carácter no permitido'],
];

function translate(saxesMessage: string): string {
  const m = /^(\d+):(\d+): (.*?)\.?$/s.exec(saxesMessage);
  const reason = m ? m[3] : saxesMessage;
  let spanish = reason;
  for (const [re, text] of REASONS) {
    if (re.test(reason)) {
      spanish = reason.replace(re, text);
      break;
    }
  }
  return m ? `${spanish} (línea ${m[1]}, columna ${m[2]})` : spanish;
}

const isXmlWhitespace = (s: string): boolean => /^[ \t\r\n]*$/.test(s);

/** Input bytes or string to the text both readers parse (exported for the differential tests). */
export function decode(source: string | Uint8Array, maxBytes: number): string {
  let text: string;
  if (typeof source === 'string') {
    // Already decoded by the caller: an encoding declaration in it no longer applies.
    if (Buffer.byteLength(source, 'utf8') > maxBytes) throw tooLarge(maxBytes);
    text = source;
  } else {
    if (source.byteLength > maxBytes) throw tooLarge(maxBytes);
    text = decodeBytes(source);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (isXmlWhitespace(text)) throw new XmlInputError('empty', 'El XML está vacío');
  return text;
}

const UTF8_NAMES = new Set(['UTF-8', 'UTF8', 'US-ASCII', 'ASCII']);
const LATIN1_NAMES = new Set(['ISO-8859-1', 'ISO8859-1', 'ISO_8859-1', 'LATIN1', 'LATIN-1', 'L1']);
const CP1252_NAMES = new Set(['WINDOWS-1252', 'CP1252']);

/** The `encoding` of the XML declaration, upper-cased, or undefined when there is none. */
function declaredEncoding(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.subarray(0, 256)).toString('latin1');
  const m = /^<\?xml[ \t\r\n][^?]*?encoding[ \t\r\n]*=[ \t\r\n]*["']([A-Za-z][A-Za-z0-9._-]*)["']/.exec(head);
  return m?.[1].toUpperCase();
}

/**
 * Bytes to text following the XML declaration, as libxml2 (and so SAT's xsltproc cadena) reads
 * them. Anexo 20 demands UTF-8, but received files re-saved by desktop tools arrive declared and
 * encoded as ISO-8859-1 / windows-1252: decoding them as declared keeps their cadena (and seal)
 * checkable. UTF-16 and other encodings are refused with a clear message rather than misread.
 */
/**
 * The encoding XML bytes are in, as a parser reads it: "UTF-16" for a UTF-16 byte-order mark,
 * "UTF-8" for a UTF-8 one or no declaration, else the declared name upper-cased ("ISO-8859-1").
 * parseXml transcodes ISO-8859-1 and windows-1252 silently; a validator can use this to warn
 * that Anexo 20 requires UTF-8.
 */
export function xmlEncodingOf(source: Uint8Array): string {
  if ((source[0] === 0xff && source[1] === 0xfe) || (source[0] === 0xfe && source[1] === 0xff)) return 'UTF-16';
  if (source[0] === 0xef && source[1] === 0xbb && source[2] === 0xbf) return 'UTF-8';
  return declaredEncoding(source) ?? 'UTF-8';
}

function decodeBytes(source: Uint8Array): string {
  const hasUtf8Bom = source[0] === 0xef && source[1] === 0xbb && source[2] === 0xbf;
  if (!hasUtf8Bom && ((source[0] === 0xff && source[1] === 0xfe) || (source[0] === 0xfe && source[1] === 0xff))) {
    throw unsupportedEncoding('UTF-16');
  }
  const declared = hasUtf8Bom ? undefined : declaredEncoding(source);
  if (declared === undefined || UTF8_NAMES.has(declared)) {
    try {
      return utf8.decode(source);
    } catch {
      throw new XmlInputError('not-well-formed', 'El XML no está bien formado: no es texto UTF-8 válido');
    }
  }
  if (LATIN1_NAMES.has(declared)) return Buffer.from(source).toString('latin1');
  if (CP1252_NAMES.has(declared)) return decodeWindows1252(source);
  throw unsupportedEncoding(declared);
}

// windows-1252 differs from ISO-8859-1 only in 0x80–0x9F. Node's TextDecoder maps that range
// as ISO-8859-1 (0x80 → U+0080, not €), so the table is ours. Unassigned bytes stay C1 (WHATWG).
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(source: Uint8Array): string {
  const latin1 = Buffer.from(source).toString('latin1');
  return latin1.replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]);
}

function unsupportedEncoding(name: string): XmlInputError {
  return new XmlInputError(
    'encoding',
    `El XML usa la codificación ${name}, que no se admite; guárdelo en UTF-8 (la que exige el Anexo 20)`,
  );
}

function tooLarge(maxBytes: number): XmlInputError {
  const mb = (maxBytes / (1024 * 1024)).toLocaleString('es-MX', { maximumFractionDigits: 2 });
  return new XmlInputError('too-large', `El XML excede el tamaño máximo permitido de ${mb} MB`);
}

function toElement(tag: SaxesTagNS): XmlElement {
  const attrs = new Map<string, string>();
  for (const a of Object.values(tag.attributes)) {
    if (a.name === 'xmlns' || a.prefix === 'xmlns') continue;
    attrs.set(a.name, a.value);
  }
  const nsDecls = new Map<string, string>(Object.entries(tag.ns ?? {}));
  return { name: tag.name, local: tag.local, ns: tag.uri, attrs, nsDecls, children: [] };
}

/**
 * Parses an XML document into an {@link XmlElement} tree and returns its root.
 *
 * Safe for untrusted input: any DOCTYPE is refused (so no external or expanding entity can
 * ever be declared), only the five predefined entities and numeric character references
 * are resolved, and input larger than `maxBytes` is refused before parsing. Whitespace-only
 * text between elements is dropped; any other text is kept exactly (CDATA merged into text),
 * including whitespace-only content of an element without child elements.
 * Comments and processing instructions are not kept.
 *
 * Byte input is decoded as its XML declaration says (UTF-8 by default; ISO-8859-1 and
 * windows-1252 are transcoded, anything else is refused); nesting deeper than `maxDepth` is refused.
 *
 * @throws XmlInputError with code 'empty' | 'too-large' | 'too-deep' | 'encoding' | 'doctype' | 'not-well-formed'.
 */
export function parseXml(source: string | Uint8Array, opts: ParseXmlOptions = {}): XmlElement {
  const text = decode(source, opts.maxBytes ?? DEFAULT_MAX_XML_BYTES);
  const maxDepth = opts.maxDepth ?? DEFAULT_MAX_XML_DEPTH;
  // The fast reader handles the usual CFDI; anything it is not sure of (errors included) goes to saxes.
  const fast = readXmlFast(text, maxDepth);
  if (fast) return fast;
  return parseWithSaxes(text, maxDepth);
}

/** The full parser: the reference for the fast path and the source of every parse error message. */
export function parseWithSaxes(text: string, maxDepth: number): XmlElement {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let pendingText = '';

  // Whitespace-only text inside an element with no element children is kept: XSLT's built-in
  // rules copy it (e.g. a TFD written as <tfd:TimbreFiscalDigital ...>\n</tfd:...> puts "\n" in
  // the cadena under xsltproc). Between elements it is only indentation and is dropped.
  let leafWhitespace = '';
  const flushText = (): void => {
    if (pendingText === '') return;
    const parent = stack[stack.length - 1];
    if (parent) {
      if (!isXmlWhitespace(pendingText)) parent.children.push({ text: pendingText } satisfies XmlNode);
      else if (parent.children.length === 0) leafWhitespace += pendingText;
    }
    pendingText = '';
  };

  parser.on('doctype', () => {
    throw new XmlInputError('doctype', 'El XML contiene una declaración DOCTYPE; por seguridad no se procesa');
  });
  parser.on('opentag', (tag) => {
    if (stack.length >= maxDepth) {
      throw new XmlInputError('too-deep', `El XML anida elementos a más de ${maxDepth} niveles; por seguridad no se procesa`);
    }
    flushText();
    leafWhitespace = '';
    const element = toElement(tag);
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(element);
    else root = element;
    if (!tag.isSelfClosing) stack.push(element);
  });
  parser.on('closetag', (tag) => {
    flushText();
    if (tag.isSelfClosing) return;
    const closed = stack.pop();
    if (closed && closed.children.length === 0 && leafWhitespace !== '') closed.children.push({ text: leafWhitespace });
    leafWhitespace = '';
  });
  parser.on('text', (t) => {
    if (stack.length > 0) pendingText += t;
  });
  parser.on('cdata', (t) => {
    if (stack.length > 0) pendingText += t;
  });
  parser.on('error', (err) => {
    throw new XmlInputError('not-well-formed', `El XML no está bien formado: ${translate(err.message)}`);
  });

  try {
    parser.write(text).close();
  } catch (err) {
    if (err instanceof XmlInputError) throw err;
    throw new XmlInputError('not-well-formed', `El XML no está bien formado: ${translate(String((err as Error).message))}`);
  }
  if (!root) throw new XmlInputError('empty', 'El XML no contiene ningún elemento');
  return root;
}
