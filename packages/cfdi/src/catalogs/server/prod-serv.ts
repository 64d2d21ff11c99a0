import { SearchIndex, type SearchHit } from '../search-index';
import { readDataFile } from './data-files';

/** One c_ClaveProdServ entry. */
export interface ProductServiceEntry {
  clave: string;
  descripcion: string;
  palabrasSimilares?: string;
  /** SAT's "Estímulo Franja Fronteriza" column: the clave may take the border IVA/IEPS stimulus. */
  estimuloFranjaFronteriza: boolean;
  vigenciaDesde?: string;
  vigenciaHasta?: string;
}

interface Loaded {
  entries: ProductServiceEntry[];
  byClave: Map<string, ProductServiceEntry>;
}

const EXPIRED_PENALTY = 1000;

let loaded: Loaded | null = null;
let index: SearchIndex | null = null;

function load(): Loaded {
  if (loaded) return loaded;
  const text = readDataFile('c_ClaveProdServ.tsv.gz').toString('utf8');
  const entries: ProductServiceEntry[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    const [clave, descripcion, similares, estimulo, desde, hasta] = line.split('\t');
    const entry: ProductServiceEntry = { clave, descripcion, estimuloFranjaFronteriza: estimulo === '1' };
    if (similares) entry.palabrasSimilares = similares;
    if (desde) entry.vigenciaDesde = desde;
    if (hasta) entry.vigenciaHasta = hasta;
    entries.push(entry);
  }
  loaded = { entries, byClave: new Map(entries.map((e) => [e.clave, e])) };
  return loaded;
}

/** The word index is built apart from the rows: clave lookups do not need it. */
function searchIndex(): SearchIndex {
  // Claves SAT has retired stay findable (old CFDI use them) but sink below every vigente match.
  const today = new Date().toISOString().slice(0, 10);
  index ??= new SearchIndex(
    load().entries.map((e) => ({
      clave: e.clave,
      descripcion: e.descripcion,
      similares: e.palabrasSimilares,
      boost: e.vigenciaHasta && e.vigenciaHasta < today ? -EXPIRED_PENALTY : 0,
    })),
  );
  return index;
}

/** Loads c_ClaveProdServ and builds its index now (otherwise done on first use). */
export function loadProductServices(): { entries: number; words: number } {
  return { entries: load().entries.length, words: searchIndex().vocabularySize };
}

/**
 * Searches c_ClaveProdServ: an exact clave or a clave prefix ("8411") first, then words of the
 * description and of SAT's palabras similares, accents and case ignored.
 */
export function searchProductService(query: string, limit = 20): SearchHit[] {
  return searchIndex().search(query, limit);
}

/** The c_ClaveProdServ entry with this clave, or undefined. */
export function findProductService(clave: string): ProductServiceEntry | undefined {
  return load().byClave.get(clave.trim());
}

/** True when the clave is in c_ClaveProdServ. */
export function productServiceExists(clave: string): boolean {
  return findProductService(clave) !== undefined;
}
