/**
 * Contabilidad electrónica (Anexo 24, version 1.3): código agrupador, default chart and rules, the
 * entries written from documents, the balanza, and the XML files SAT receives. Server-side (node:fs
 * for the shipped CSV and XSDs).
 */
export * from './types';
export * from './codigo-agrupador';
export * from './default-chart';
export * from './rules';
export * from './balanza';
export * from './xml';
export { validateContabilidadXsd } from './xsd';
export * from './read';
export * from './reportes';
export * from './sello';
