/**
 * SAT catalogs shipped in the repository (browser-safe: no Node built-ins). The big catalogs
 * (c_ClaveProdServ search, c_CodigoPostal) live in `./server`.
 */
export type { CompactTable } from './compact';
export * from './types';
export { catalogNames, describe, findEntry, getCatalog, isCatalogName, isVigente } from './registry';
export {
  currencyDecimals, personaFromRfc, regimenAllowed, tasaOCuotaAllowed, usoCfdiAllowed, usosCfdiFor,
  IVA_TASA_FRONTERIZA, isIvaFronteriza, ivaFronterizaMessage, ISR_RETENCION_PERSONA_MORAL,
} from './rules';
export type { TasaOCuotaQuery } from './rules';
export { estados, localidades, municipios } from './geo';
export type { ClaveNombre } from './geo';
