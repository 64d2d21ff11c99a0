import { fileURLToPath } from 'node:url';
import { XmlDocument, XmlValidateError, XmlParseError, type XsdValidator } from 'libxml2-wasm';
import { compileSchemaSet } from '../validate/schema-set';

/**
 * Validation of Anexo 24's files (CatalogoCuentas, BalanzaComprobacion, PolizasPeriodo, AuxiliarCtas,
 * AuxiliarFolios 1.3) against SAT's XSDs shipped in `./xsd/` (relative imports, so nothing is fetched).
 * One compiled set (../validate/schema-set.ts) under its own virtual root, beside the CFDI one.
 */

const XSD_DIR = fileURLToPath(new URL('./xsd/', import.meta.url));
const VIRTUAL_ROOT = '/sat-contabilidad-xsd/';
const ENTRY = [
  'CatalogoCuentas/CatalogoCuentas_1_3.xsd',
  'BalanzaComprobacion/BalanzaComprobacion_1_3.xsd',
  'PolizasPeriodo/PolizasPeriodo_1_3.xsd',
  'AuxiliarCtas/AuxiliarCtas_1_3.xsd',
  'AuxiliarFolios/AuxiliarFolios_1_3.xsd',
];

let validator: XsdValidator | undefined;

function load(): XsdValidator {
  validator ??= compileSchemaSet({ dir: XSD_DIR, virtualRoot: VIRTUAL_ROOT, entries: ENTRY, wrapperNamespace: 'urn:facturo:conte-wrapper' }).validator;
  return validator;
}

/**
 * Validates one Anexo 24 XML. Returns libxml2's messages (empty: valid). A DOCTYPE is refused unparsed.
 */
export function validateContabilidadXsd(xml: string): string[] {
  const v = load();
  if (/<!DOCTYPE/i.test(xml)) return ['El XML contiene una declaración DOCTYPE; por seguridad no se procesa.'];
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromString(xml);
  } catch (err) {
    return [`El XML no está bien formado: ${err instanceof XmlParseError ? (err.details[0]?.message.trim() ?? '') : String(err)}`];
  }
  try {
    v.validate(doc);
    return [];
  } catch (err) {
    if (err instanceof XmlValidateError) return err.details.map((d) => d.message.trim());
    throw err;
  } finally {
    doc.dispose();
  }
}
