/**
 * A problem found in a document before it goes to a PAC.
 * `code` is SAT's code from the Anexo 20 / complement error matrices (CFDI40108, CRP20217, …),
 * 'XSD' for schema errors, or one of our own 'FAC…' codes for checks SAT has no code for.
 */
export interface ValidationIssue {
  code: string;
  /** Dotted path of the offending node/attribute, e.g. "Comprobante.Conceptos.Concepto[2].Importe". */
  field: string;
  /** Spanish: what is wrong and what to change. */
  message: string;
  severity: 'error' | 'warning';
  /** A safe automatic correction, when there is exactly one right value. */
  fix?: Fix;
}

/** An automatic correction: set `field` to `value`. */
export interface Fix {
  field: string;
  value: string;
}

/** Options shared by the CFDI rule validators. */
export interface ValidateOptions {
  /**
   * "Now" for date rules (Fecha not in the future, InformacionGlobal.Año = this year or the previous one).
   * Defaults to the current time. Rules compare against Mexico City local time.
   */
  now?: Date;
  /**
   * When false, skip checks that need the big server-side catalogs (c_ClaveProdServ, c_CodigoPostal),
   * for callers that cannot load them. Default true.
   */
  bigCatalogs?: boolean;
  /**
   * Maximum hours a Fecha may lie before `now` (SAT's PAC window is 72 h). Checking it only makes
   * sense right before stamping; default: not checked.
   */
  maxAgeHours?: number;
  /**
   * Reference exchange rates (pesos per unit, e.g. Banxico FIX) by currency. When given, a TipoCambio
   * farther from it than c_Moneda's "porcentaje de variación" needs a Confirmacion (CFDI40118).
   */
  tipoCambioReferencia?: Record<string, string>;
}
