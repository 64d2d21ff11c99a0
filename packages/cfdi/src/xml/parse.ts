import { SaxesParser, type SaxesTagNS } from 'saxes';
import { XmlInputError } from './errors';
import type { XmlElement, XmlNode } from './types';

/** Options of {@link parseXml}. */
export interface ParseXmlOptions {
  /** Largest accepted input in bytes (UTF-8). Default 10 MB. */
  maxBytes?: number;
}

export const DEFAULT_MAX_XML_BYTES = 10 * 1024 * 1024;

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

function decode(source: string | Uint8Array, maxBytes: number): string {
  let text: string;
  if (typeof source === 'string') {
    if (Buffer.byteLength(source, 'utf8') > maxBytes) throw tooLarge(maxBytes);
    text = source;
  } else {
    if (source.byteLength > maxBytes) throw tooLarge(maxBytes);
    try {
      text = utf8.decode(source);
    } catch {
      throw new XmlInputError('not-well-formed', 'El XML no está bien formado: no es texto UTF-8 válido');
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (isXmlWhitespace(text)) throw new XmlInputError('empty', 'El XML está vacío');
  return text;
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
 * @throws XmlInputError with code 'empty' | 'too-large' | 'doctype' | 'not-well-formed'.
 */
export function parseXml(source: string | Uint8Array, opts: ParseXmlOptions = {}): XmlElement {
  const text = decode(source, opts.maxBytes ?? DEFAULT_MAX_XML_BYTES);
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
