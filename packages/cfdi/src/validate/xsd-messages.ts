import type { ErrorDetail } from 'libxml2-wasm';

/** Where a libxml2 schema error points, as our dotted field path, plus a Spanish message. */
export interface TranslatedXsdError {
  field: string;
  message: string;
}

const localName = (qname: string): string => qname.replace(/^\{[^}]*\}/, '').replace(/^[^:]*:/, '');

/** Nodes that may repeat: the rules always index them, so XSD paths do too ("Concepto[1]"). */
const REPEATABLE = new Set([
  'CfdiRelacionados', 'CfdiRelacionado', 'Concepto', 'Traslado', 'Retencion', 'InformacionAduanera', 'Parte',
  'CuentaPredial', 'Pago', 'DoctoRelacionado', 'TrasladoDR', 'RetencionDR', 'TrasladoP', 'RetencionP',
]);

/** "/cfdi:Comprobante/cfdi:Conceptos/cfdi:Concepto" → "Comprobante.Conceptos.Concepto[1]". */
export function xpathToField(xpath: string | undefined): string {
  if (!xpath) return '';
  return xpath
    .split('/')
    .filter(Boolean)
    .map((step) => step.replace(/^[^:[]*:/, ''))
    .map((step) => (REPEATABLE.has(step) ? `${step}[1]` : step))
    .join('.');
}

const short = (value: string): string => (value.length > 60 ? `${value.slice(0, 57)}…` : value);

/**
 * Turns one libxml2 XSD diagnostic into a Spanish message a user can act on. libxml2's English
 * messages follow a small set of shapes; anything unrecognised is passed through after a Spanish
 * prefix so nothing is lost.
 */
export function translateXsdError(detail: ErrorDetail): TranslatedXsdError {
  const raw = detail.message.trim();
  let field = xpathToField(detail.xpath);
  const attr = /^Element '[^']+', attribute '([^']+)'/.exec(raw)?.[1];
  const elementMatch = /^Element '([^']+)'/.exec(raw);
  if (!field && elementMatch?.[1]) field = localName(elementMatch[1]);
  if (attr) field = field ? `${field}.${localName(attr)}` : localName(attr);
  const what = attr ? `del atributo ${localName(attr)}` : `del nodo ${field.split('.').pop() ?? ''}`;

  const facet = /\[facet '([^']+)'\] The value '([^']*)'/.exec(raw);
  if (facet) {
    const [, kind, value] = facet;
    const v = short(value ?? '');
    const tail = raw.slice(raw.indexOf(']') + 1);
    // The bound is the last quoted value ("… allowed minimum length of '12'.", "… pattern '[0-9]{5}'.").
    const quoted = [...tail.matchAll(/'([^']*)'/g)].map((q) => q[1] ?? '');
    const bound = quoted.length > 1 ? (quoted[quoted.length - 1] ?? '') : '';
    const messages: Record<string, string> = {
      pattern: `El valor '${v}' ${what} no cumple con el patrón requerido por el SAT (${short(bound)}).`,
      enumeration: `El valor '${v}' ${what} no está en el catálogo del SAT; usa una clave válida.`,
      minInclusive: `El valor '${v}' ${what} es menor que el mínimo permitido (${bound}).`,
      minExclusive: `El valor '${v}' ${what} debe ser mayor que ${bound}.`,
      maxInclusive: `El valor '${v}' ${what} es mayor que el máximo permitido (${bound}).`,
      maxExclusive: `El valor '${v}' ${what} debe ser menor que ${bound}.`,
      fractionDigits: `El valor '${v}' ${what} tiene más decimales de los permitidos (${bound}).`,
      totalDigits: `El valor '${v}' ${what} tiene más dígitos de los permitidos (${bound}).`,
      minLength: `El valor '${v}' ${what} es más corto que lo permitido (mínimo ${bound} caracteres).`,
      maxLength: `El valor '${v}' ${what} es más largo que lo permitido (máximo ${bound} caracteres).`,
      length: `El valor '${v}' ${what} debe tener exactamente ${bound} caracteres.`,
    };
    const message = messages[kind ?? ''];
    if (message) return { field, message };
  }

  let m: RegExpExecArray | null;
  if ((m = /The attribute '([^']+)' is required but missing/.exec(raw))) {
    const name = localName(m[1] ?? '');
    return { field: field ? `${field}.${name}` : name, message: `Falta el atributo requerido ${name}.` };
  }
  if (/The attribute '[^']+' is not allowed/.test(raw)) {
    return { field, message: `El atributo ${attr ? localName(attr) : ''} no está permitido en este nodo; elimínalo.` };
  }
  if ((m = /is not a valid value of the (?:local )?atomic type '([^']+)'/.exec(raw))) {
    const value = /'([^']*)' is not a valid value/.exec(raw)?.[1] ?? '';
    return { field, message: `El valor '${short(value)}' ${what} no tiene el formato requerido (${localName(m[1] ?? '')}).` };
  }
  if (/No matching global element declaration available, but demanded by the strict wildcard/.test(raw)) {
    return { field, message: `El nodo ${field.split('.').pop() ?? ''} no corresponde a ningún complemento conocido por el SAT.` };
  }
  if ((m = /This element is not expected\. Expected is (?:one of )?\( ([^)]*) \)/.exec(raw))) {
    const expected = (m[1] ?? '').split(',').map((s) => localName(s.trim())).join(', ');
    return { field, message: `El nodo ${field.split('.').pop() ?? ''} no va en esta posición; se esperaba: ${expected}.` };
  }
  if (/This element is not expected/.test(raw)) {
    return { field, message: `El nodo ${field.split('.').pop() ?? ''} no está permitido en esta posición.` };
  }
  if ((m = /Missing child element\(s\)\. Expected is (?:one of )?\( ([^)]*) \)/.exec(raw))) {
    const expected = (m[1] ?? '').split(',').map((s) => localName(s.trim())).join(', ');
    return { field, message: `Falta un nodo hijo requerido: ${expected}.` };
  }
  if (/No matching global declaration available for the validation root/.test(raw)) {
    return { field, message: 'El documento no es un CFDI ni una constancia de retenciones reconocida por el SAT.' };
  }
  return { field, message: `Error de estructura (XSD): ${raw}` };
}
