import type { XmlElement } from '../xml/types';
import { NS } from '../xml/namespaces';
import { compileRuleSet, type CompiledRuleSet } from './compile';
import { UnsupportedComplementError, UnsupportedDocumentError } from './errors';
import { normalizeSpace } from './normalize-space';
import { derivedRules } from './rules.generated';
import type { RuleSetId } from './rules-types';

export { UnsupportedComplementError, UnsupportedDocumentError } from './errors';
export { normalizeSpace } from './normalize-space';
export type { RuleSetId } from './rules-types';

const compiled = new Map<RuleSetId, CompiledRuleSet>(
  derivedRules.ruleSets.map((spec) => [spec.id, compileRuleSet(derivedRules, spec)]),
);

/** Which SAT stylesheet applies to a document root: by namespace URI and Version, never by prefix. */
export function detectRuleSet(root: XmlElement): RuleSetId | undefined {
  // The stylesheet prints normalize-space(@Version), so " 4.0 " signs the same cadena as "4.0".
  const raw = root.attrs.get('Version');
  const version = raw === undefined ? undefined : normalizeSpace(raw);
  if (root.local === 'Comprobante' && root.ns === NS.cfdi40 && version === '4.0') return 'cfdi40';
  if (root.local === 'Comprobante' && root.ns === NS.cfdi33 && version === '3.3') return 'cfdi33';
  if (root.local === 'Retenciones' && root.ns === NS.retenciones20 && version === '2.0') return 'retenciones20';
  if (root.local === 'TimbreFiscalDigital' && root.ns === NS.tfd && version === '1.1') return 'tfd11';
  return undefined;
}

function evaluate(id: RuleSetId, root: XmlElement): string {
  const { cadena, unsupported } = compiled.get(id)!.run(root);
  if (unsupported.length > 0) throw new UnsupportedComplementError(unsupported);
  return cadena;
}

/**
 * The cadena original of a CFDI 4.0, CFDI 3.3 or Retenciones 2.0 document, byte-identical to
 * SAT's XSLT (`||v1|v2|...||`). Addenda is never part of it.
 *
 * @throws UnsupportedDocumentError when the root is none of those.
 * @throws UnsupportedComplementError when a complement's namespace has no SAT rules.
 */
export function cadenaOriginal(root: XmlElement): string {
  const id = detectRuleSet(root);
  if (id === undefined || id === 'tfd11') throw new UnsupportedDocumentError(root.ns, root.attrs.get('Version'));
  return evaluate(id, root);
}

/**
 * The cadena original of a TimbreFiscalDigital 1.1 element (what SelloSAT signs), as SAT's
 * cadenaoriginal_TFD_1_1.xslt gives it for the element taken as its own document.
 *
 * @throws UnsupportedDocumentError when `tfd` is not a TFD 1.1 element.
 */
export function cadenaTfd(tfd: XmlElement): string {
  if (detectRuleSet(tfd) !== 'tfd11') throw new UnsupportedDocumentError(tfd.ns, tfd.attrs.get('Version'));
  return evaluate('tfd11', tfd);
}

const CONTE = 'http://www.sat.gob.mx/esquemas/ContabilidadE/1_3/';
/** Root element (namespace + local name) of each Anexo 24 file → its SAT stylesheet. */
const CONTE_ROOTS: Record<string, RuleSetId> = {
  [`${CONTE}CatalogoCuentas Catalogo`]: 'conteCatalogo13',
  [`${CONTE}BalanzaComprobacion Balanza`]: 'conteBalanza13',
  [`${CONTE}PolizasPeriodo Polizas`]: 'contePolizas13',
  [`${CONTE}AuxiliarCtas AuxiliarCtas`]: 'conteAuxiliarCtas13',
  [`${CONTE}AuxiliarFolios RepAuxFol`]: 'conteAuxiliarFolios13',
};

/**
 * The cadena original of a contabilidad electrónica 1.3 file (CatalogoCuentas, BalanzaComprobacion,
 * PolizasPeriodo, AuxiliarCtas, AuxiliarFolios), as SAT's *_1_2.xslt gives it: what the e.firma Sello signs.
 *
 * @throws UnsupportedDocumentError when the root is none of those five.
 */
export function cadenaContabilidad(root: XmlElement): string {
  const id = CONTE_ROOTS[`${root.ns} ${root.local}`];
  if (id === undefined) throw new UnsupportedDocumentError(root.ns, root.attrs.get('Version'));
  return evaluate(id, root);
}
