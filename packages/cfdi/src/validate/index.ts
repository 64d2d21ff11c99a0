/**
 * Validation before stamping: SAT's XSDs (compiled once, served from memory) and the Anexo 20 /
 * Pagos 2.0 rules that can be checked offline, with SAT's error codes and Spanish messages.
 * Server-side (reads the shipped XSDs with node:fs).
 */
export type { ValidationIssue, Fix, ValidateOptions } from './types';
export { validateXsd, loadSchemas, type XsdOptions } from './xsd';
export { validateCfdi } from './cfdi';
export { setBigCatalogLookups } from './big-catalogs';
export { rfcCheckDigit, rfcPersona, RFC_PUBLICO_GENERAL, RFC_EXTRANJERO } from '../rfc';
export { fixRounding } from './fix-rounding';
export { validateRetenciones } from './retenciones';
export { validateDocument, type ValidateDocumentOptions } from './document';
