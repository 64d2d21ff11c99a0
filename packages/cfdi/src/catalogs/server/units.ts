import { getCatalog } from '../registry';
import { SearchIndex, type SearchHit } from '../search-index';

/**
 * Units most invoices use; a small boost lifts them above rarer units with the same words
 * (e.g. "pieza" → H87 before "Docenas de piezas").
 */
const COMMON_UNITS: Record<string, number> = { H87: 0.5, E48: 0.5, ACT: 0.3, KGM: 0.3, LTR: 0.3, MTR: 0.3, XBX: 0.2, XPK: 0.2, DAY: 0.2, HUR: 0.2, MON: 0.2 };

let index: SearchIndex | null = null;

function unitIndex(): SearchIndex {
  index ??= new SearchIndex(
    getCatalog('c_ClaveUnidad').map((u) => ({ clave: u.clave, descripcion: u.descripcion, similares: u.simbolo, boost: COMMON_UNITS[u.clave] })),
  );
  return index;
}

/** Searches c_ClaveUnidad by clave ("H87"), name ("pieza") or symbol ("kg"), accents and case ignored. */
export function searchUnit(query: string, limit = 20): SearchHit[] {
  return unitIndex().search(query, limit);
}
