import { fileURLToPath } from 'node:url';
import { XmlDocument, XmlValidateError, XmlParseError, type XmlElement as LibXmlElement } from 'libxml2-wasm';
import { compileSchemaSet, type SchemaSet } from './schema-set';
import type { ValidationIssue } from './types';
import { translateXsdError } from './xsd-messages';

/**
 * Schema validation against SAT's XSDs, shipped in `./xsd/` with SAT's relative layout
 * (`www.sat.gob.mx/...`), so imports resolve offline. The app never reads ../shared.
 *
 * cfdi:Complemento, cfdi:ComplementoConcepto and cfdi:Addenda are strict `xs:any` wildcards: an
 * element whose namespace has no schema loaded would fail with an unhelpful error. Addenda are
 * not SAT's business and are dropped before validating; complements we have no XSD for are dropped
 * too and reported as a warning, so the caller knows that part was not schema-checked.
 */

const XSD_DIR = fileURLToPath(new URL('./xsd/', import.meta.url));
/** Virtual root the input provider serves; anything outside it is refused (no file or network access). */
const VIRTUAL_ROOT = '/sat-xsd/';

/** Entry schemas the wrapper imports (catalog/type schemas come in through their imports). */
const ENTRY_SCHEMAS = [
  'www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd',
  'www.sat.gob.mx/sitio_internet/cfd/3/cfdv33.xsd',
  'www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd',
  'www.sat.gob.mx/sitio_internet/cfd/Pagos/Pagos20.xsd',
  'www.sat.gob.mx/sitio_internet/cfd/nomina/nomina12.xsd',
  'www.sat.gob.mx/esquemas/retencionpago/2/retencionpagov2.xsd',
  'www.sat.gob.mx/esquemas/retencionpago/1/arrendamientoenfideicomiso/arrendamientoenfideicomiso.xsd',
  'www.sat.gob.mx/esquemas/retencionpago/1/dividendos/dividendos.xsd',
  'www.sat.gob.mx/esquemas/retencionpago/1/enajenaciondeacciones/enajenaciondeacciones.xsd',
  'www.sat.gob.mx/esquemas/retencionpago/1/fideicomisonoempresarial/fideicomisonoempresarial.xsd',
  'www.sat.gob.mx/esquemas/retencionpago/1/intereses/intereses.xsd',
  'www.sat.gob.mx/esquemas/retencionpago/1/intereseshipotecarios/intereseshipotecarios.xsd',
  'www.sat.gob.mx/esquemas/retencionpago/1/operacionesconderivados/operacionesconderivados.xsd',
  'www.sat.gob.mx/esquemas/retencionpago/1/pagosaextranjeros/pagosaextranjeros.xsd',
  'www.sat.gob.mx/esquemas/retencionpago/1/planesderetiro/planesderetiro.xsd',
  'www.sat.gob.mx/esquemas/retencionpago/1/planesderetiro11/planesderetiro11.xsd',
  'www.sat.gob.mx/esquemas/retencionpago/1/premios/premios.xsd',
  'www.sat.gob.mx/esquemas/retencionpago/1/sectorfinanciero/sectorfinanciero.xsd',
  'www.sat.gob.mx/esquemas/retencionpago/1/PlataformasTecnologicas10/ServiciosPlataformasTecnologicas10.xsd',
];

let schemaSet: SchemaSet | undefined;

/**
 * Compiles the SAT schema set once (≈40 ms) and keeps it for the life of the process.
 * Called lazily by {@link validateXsd}; call it at start-up to move the cost out of the first request.
 */
export function loadSchemas(): void {
  if (schemaSet) return;
  schemaSet = compileSchemaSet({ dir: XSD_DIR, virtualRoot: VIRTUAL_ROOT, entries: ENTRY_SCHEMAS, wrapperNamespace: 'urn:facturo:xsd-wrapper' });
}

const NS_CONTAINERS = {
  c4: 'http://www.sat.gob.mx/cfd/4',
  c3: 'http://www.sat.gob.mx/cfd/3',
  r2: 'http://www.sat.gob.mx/esquemas/retencionpago/2',
};

const EXTENSION_NODES = [
  '/c4:Comprobante/c4:Complemento/*',
  '/c3:Comprobante/c3:Complemento/*',
  '/r2:Retenciones/r2:Complemento/*',
  '/c4:Comprobante/c4:Conceptos/c4:Concepto/c4:ComplementoConcepto/*',
  '/c3:Comprobante/c3:Conceptos/c3:Concepto/c3:ComplementoConcepto/*',
].join(' | ');

const ADDENDA_NODES = '/c4:Comprobante/c4:Addenda | /c3:Comprobante/c3:Addenda | /r2:Retenciones/r2:Addenda';

/** Removes what SAT's schemas cannot judge (addenda, complements without a shipped XSD). */
function pruneUnvalidatable(doc: XmlDocument, known: Set<string>): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const node of doc.find(ADDENDA_NODES, NS_CONTAINERS)) node.remove();
  const emptied = new Set<LibXmlElement>();
  for (const node of doc.find(EXTENSION_NODES, NS_CONTAINERS) as LibXmlElement[]) {
    const ns = node.namespaceUri;
    if (known.has(ns)) continue;
    const parent = node.parent;
    issues.push({
      code: 'XSD',
      field: `${parent?.name.replace(/^[^:]*:/, '') ?? 'Complemento'}.${node.name.replace(/^[^:]*:/, '')}`,
      message: `El complemento ${node.name} (${ns || 'sin espacio de nombres'}) no se validó contra su esquema XSD porque no está incluido; revisa su estructura con la documentación del SAT.`,
      severity: 'warning',
    });
    node.remove();
    if (parent && parent.name.endsWith('ComplementoConcepto')) emptied.add(parent);
  }
  // ComplementoConcepto's wildcard needs at least one element; drop it if we removed them all.
  for (const parent of emptied) if (!parent.firstChild) parent.remove();
  return issues;
}

export interface XsdOptions {
  /**
   * The document is not sealed yet (validation before sealing): a missing Sello, Certificado or
   * NoCertificado on the root is expected and not reported.
   */
  unsigned?: boolean;
}

const SEAL_ATTRIBUTES = new Set(['Comprobante.Sello', 'Comprobante.Certificado', 'Comprobante.NoCertificado', 'Retenciones.Sello', 'Retenciones.Certificado', 'Retenciones.NoCertificado']);

/**
 * Validates a CFDI (4.0 or 3.3, with Pagos 2.0, Nómina 1.2, TFD 1.1) or a Retenciones 2.0 document
 * against SAT's XSDs. Returns issues with code 'XSD', the dotted field path and a Spanish message;
 * an empty list means the document is structurally valid. Catalog membership for the huge catalogs
 * (c_ClaveProdServ, c_CodigoPostal) is only a pattern here: the rules layer checks it.
 */
export function validateXsd(xml: string | Uint8Array, opts: XsdOptions = {}): ValidationIssue[] {
  loadSchemas();
  const set = schemaSet as SchemaSet;
  const text = typeof xml === 'string' ? xml : undefined;
  // DOCTYPEs are never needed in a CFDI and are the door to entity attacks: refuse before parsing.
  const head = typeof xml === 'string' ? xml : new TextDecoder().decode(xml);
  if (/<!DOCTYPE/i.test(head)) {
    return [{ code: 'XSD', field: '', severity: 'error', message: 'El XML contiene una declaración DOCTYPE; por seguridad no se procesa.' }];
  }
  let doc: XmlDocument;
  try {
    doc = text !== undefined ? XmlDocument.fromString(text) : XmlDocument.fromBuffer(xml as Uint8Array);
  } catch (err) {
    const detail = err instanceof XmlParseError ? err.details[0]?.message.trim() : String(err);
    return [{ code: 'XSD', field: '', severity: 'error', message: `El XML no está bien formado: ${detail ?? ''}` }];
  }
  try {
    const issues = pruneUnvalidatable(doc, set.namespaces);
    try {
      set.validator.validate(doc);
    } catch (err) {
      if (!(err instanceof XmlValidateError)) throw err;
      for (const detail of err.details) {
        const { field, message } = translateXsdError(detail);
        if (opts.unsigned && SEAL_ATTRIBUTES.has(field) && /required but missing/.test(detail.message)) continue;
        issues.push({ code: 'XSD', field, message, severity: detail.level === 1 ? 'warning' : 'error' });
      }
    }
    return issues;
  } finally {
    doc.dispose();
  }
}
