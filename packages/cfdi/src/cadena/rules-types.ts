/**
 * The derived form of SAT's cadena-original stylesheets: what the build-time generator
 * (scripts/generate-cadena-rules.ts) writes into rules.generated.ts and what the runtime
 * compiles into closures. It mirrors the tiny XSLT subset SAT uses, nothing more.
 *
 * Location paths are arrays of step strings, namespaces referenced by index into
 * `DerivedRules.namespaces` to keep the file small:
 *   "/"            the document node (absolute path start)
 *   "."            the context node
 *   "c3:Concepto"  child element Concepto in namespaces[3];  "c*" any child element
 *   "d3:Parte"     descendant element (the step after "//")
 *   "@Version"     attribute without namespace (only as the last step)
 */
export type PathSpec = string[];

/** A test of `xsl:if`: node-set non-empty, or some node's string-value equals a literal. */
export type TestSpec = ['exists', PathSpec] | ['equals', PathSpec, string];

/**
 * One instruction of a template body:
 *   ['text', s]          literal text output
 *   ['req', path]        call-template Requerido: "|" + normalize-space(string(path))
 *   ['opt', path]        call-template Opcional: the same, only when path selects something
 *   ['apply', path]      apply-templates select=path
 *   ['each', path, body] for-each select=path
 *   ['if', test, body]   if test=...
 */
export type InstrSpec =
  | ['text', string]
  | ['req', PathSpec]
  | ['opt', PathSpec]
  | ['apply', PathSpec]
  | ['each', PathSpec, InstrSpec[]]
  | ['if', TestSpec, InstrSpec[]];

/** A `xsl:template match=` rule: `match` is "/" or a child step such as "c3:Concepto". */
export interface TemplateSpec {
  match: string;
  body: InstrSpec[];
}

/** The templates of one stylesheet file, in file order. */
export interface StylesheetSpec {
  /** Path relative to the SAT XML root (www.sat.gob.mx/...). */
  path: string;
  templates: TemplateSpec[];
}

/** Identifier of a cadena flavour. */
export type RuleSetId =
  | 'cfdi40'
  | 'cfdi33'
  | 'retenciones20'
  | 'tfd11'
  // Contabilidad electrónica 1.3 (Anexo 24): what the e.firma Sello of each file signs.
  | 'conteCatalogo13'
  | 'conteBalanza13'
  | 'contePolizas13'
  | 'conteAuxiliarCtas13'
  | 'conteAuxiliarFolios13';

/** One entry stylesheet with every include resolved: which template wins for each match. */
export interface RuleSetSpec {
  id: RuleSetId;
  /** Entry stylesheet path, relative to the SAT XML root. */
  entry: string;
  /** Effective templates after XSLT conflict resolution: [stylesheet index, template index]. */
  templates: Array<[number, number]>;
}

export interface DerivedRules {
  /** SHA-256 of every source stylesheet, so a reviewer can tell which SAT release this is. */
  sources: Array<[path: string, sha256: string]>;
  namespaces: string[];
  stylesheets: StylesheetSpec[];
  ruleSets: RuleSetSpec[];
}
