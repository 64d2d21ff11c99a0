import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  XmlDocument, XsdValidator, XmlValidateError, XmlParseError, xmlRegisterInputProvider, openBuffer, readBuffer, closeBuffer,
} from 'libxml2-wasm';

/**
 * Validation of Anexo 24's files (CatalogoCuentas, BalanzaComprobacion, PolizasPeriodo, AuxiliarCtas,
 * AuxiliarFolios 1.3) against SAT's XSDs shipped in `./xsd/` (relative imports, so nothing is fetched).
 * Same approach as ../validate/xsd.ts (schemas served from memory under a virtual root, compiled once),
 * with its own root so the two schema sets never see each other's files.
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
  if (validator) return validator;
  const files = new Map<string, Uint8Array>();
  for (const dir of readdirSync(XSD_DIR)) {
    for (const f of readdirSync(path.join(XSD_DIR, dir))) files.set(`${VIRTUAL_ROOT}${dir}/${f}`, readFileSync(path.join(XSD_DIR, dir, f)));
  }
  const key = (filename: string): string => path.posix.normalize(filename.replace(/^file:\/\//, ''));
  xmlRegisterInputProvider({
    match: (filename) => files.has(key(filename)),
    open: (filename) => {
      const buffer = files.get(key(filename));
      return buffer ? openBuffer(buffer) : undefined;
    },
    read: (fd, buffer) => readBuffer(fd, buffer),
    close: (fd) => {
      closeBuffer(fd);
      return true;
    },
  });
  const imports = ENTRY.map((rel) => {
    const ns = /targetNamespace="([^"]+)"/.exec(new TextDecoder().decode(files.get(VIRTUAL_ROOT + rel)))?.[1];
    return `<xs:import namespace="${ns}" schemaLocation="${rel}"/>`;
  });
  const wrapper = XmlDocument.fromString(
    `<?xml version="1.0" encoding="UTF-8"?><xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:facturo:conte-wrapper">${imports.join('')}</xs:schema>`,
    { url: `${VIRTUAL_ROOT}wrapper.xsd` },
  );
  try {
    validator = XsdValidator.fromDoc(wrapper);
  } finally {
    wrapper.dispose();
  }
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
