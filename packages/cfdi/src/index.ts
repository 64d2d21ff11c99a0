/**
 * Public barrel of the fiscal engine. Each folder also has its own entry
 * (`@facturo/cfdi/<folder>`); this file re-exports them all for callers that want one import.
 * Name clashes between folders are resolved explicitly below.
 * pdf is not re-exported: it loads pdfmake (heavy) and its view helpers (formatMoney, TaxLine)
 * clash with money's; import it from `@facturo/cfdi/pdf`.
 */
export * from './xml';
export * from './cadena';
export * from './money';
export * from './model';
// money and catalogs both export currencyDecimals; money's is the one amount code should use.
export { currencyDecimals } from './money';
// model re-exports money's PagosTotales (one declaration); named here so the barrel stays explicit.
export type { PagosTotales } from './money';
export * from './catalogs';
export * from './payroll';
export * from './credentials';
export * from './seal';
export * from './verify';
export * from './validate';
export * from './stamp';
export * from './qr';
