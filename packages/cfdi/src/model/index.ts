/**
 * Typed CFDI documents and their XmlElement form: builders that compute every total with money/
 * (CFDI 4.0 and 3.3 I/E/T/P/N, Pagos 2.0 and 1.0, Nómina 1.2, Retenciones 2.0) and lenient readers (4.0 and 3.3,
 * TFD, Pagos, Nómina, Retenciones) for indexing received XML.
 */
export * from './types-cfdi';
export * from './types-pagos';
export * from './types-nomina';
export * from './types-retenciones';
export { buildCfdi40, type Cfdi40Input, type BuiltCfdi40, type ExtraComplement } from './build-cfdi40';
export { buildCfdi33, type Cfdi33Input, type BuiltCfdi33, type Emisor33, type Receptor33 } from './build-cfdi33';
export { type ConceptoInput, type ParteInput } from './build-conceptos';
export { buildPagos20, type PagoInput, type DoctoRelacionadoInput } from './build-pagos20';
export { buildPagos10, type Pago10Input, type DoctoRelacionado10Input } from './build-pagos10';
export { buildNomina12, computeNominaTotals, type NominaInput, type NominaTotals, type PercepcionInput } from './build-nomina12';
export { buildRetenciones20, readRetenciones, type Retenciones20Input } from './retenciones20';
export * from './retenciones-complements';
export { readCfdi, CfdiReadError } from './read-cfdi';
export { readTimbre, readPagos20, readNomina12 } from './read-complements';
export { checkFecha, formatFecha, mexicoMonth, mexicoToday } from './fecha';
export { summarizeCfdi, type CfdiSummary } from './summary';
