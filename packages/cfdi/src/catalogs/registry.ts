import { expandTable, type CompactTable } from './compact';
import { smallTables } from './data/small';
import type { CatalogEntry, CatalogEntryMap, CatalogName, TasaOCuotaEntry } from './types';

/** Catalogs whose clave repeats across estados: they are keyed by estado + clave. */
const BY_ESTADO = new Set<CatalogName>(['c_Municipio', 'c_Localidad']);

const entriesCache = new Map<CatalogName, readonly CatalogEntry[]>();
const indexCache = new Map<CatalogName, Map<string, CatalogEntry>>();

/** Every catalog name shipped, in a stable order. */
export const catalogNames = Object.keys(smallTables) as CatalogName[];

/** True when `name` is a catalog this module ships (for input coming from outside). */
export function isCatalogName(name: string): name is CatalogName {
  return Object.hasOwn(smallTables, name);
}

/**
 * All entries of a small SAT catalog, in SAT's order. The array and its entries are frozen and
 * shared: copy before changing them.
 * @throws Error when the name is not a shipped catalog.
 */
export function getCatalog<N extends CatalogName>(name: N): readonly CatalogEntryMap[N][] {
  let entries = entriesCache.get(name);
  if (!entries) {
    const table = smallTables[name] as CompactTable | undefined;
    if (!table) throw new Error(`Catálogo desconocido: ${String(name)}`);
    const raw = expandTable<Record<string, unknown>>(table);
    const shaped = name === 'c_TasaOCuota' ? raw.map(toTasaOCuota) : raw.map(withDescripcion);
    entries = Object.freeze(shaped.map((e) => Object.freeze(e)));
    entriesCache.set(name, entries);
  }
  return entries as readonly CatalogEntryMap[N][];
}

/**
 * The entry with `clave`, or undefined. For c_Municipio and c_Localidad pass the c_Estado clave too.
 * For c_TasaOCuota the clave is the value and repeats across impuestos: prefer `tasaOCuotaAllowed`.
 */
export function findEntry<N extends CatalogName>(name: N, clave: string, estado?: string): CatalogEntryMap[N] | undefined {
  let index = indexCache.get(name);
  if (!index) {
    index = new Map();
    for (const entry of getCatalog(name)) {
      const key = BY_ESTADO.has(name) ? `${(entry as { estado: string }).estado}|${entry.clave}` : entry.clave;
      if (!index.has(key)) index.set(key, entry);
    }
    indexCache.set(name, index);
  }
  const key = BY_ESTADO.has(name) ? `${estado ?? ''}|${clave}` : clave;
  return index.get(key) as CatalogEntryMap[N] | undefined;
}

/** "clave - descripción" as SAT prints it on a CFDI, or just the clave when it has no entry or description. */
export function describe(name: CatalogName, clave: string, estado?: string): string {
  const entry = findEntry(name, clave, estado);
  return entry?.descripcion ? `${entry.clave} - ${entry.descripcion}` : clave;
}

/** True when the entry is in force on `date` (ISO `YYYY-MM-DD`, compared by day). */
export function isVigente(entry: CatalogEntry, date: string): boolean {
  const day = date.slice(0, 10);
  if (entry.vigenciaDesde && day < entry.vigenciaDesde) return false;
  if (entry.vigenciaHasta && day > entry.vigenciaHasta) return false;
  return true;
}

function withDescripcion(raw: Record<string, unknown>): CatalogEntry {
  return { descripcion: '', ...raw } as CatalogEntry;
}

/** SAT names the impuesto in c_TasaOCuota ("IVA", "IVA Crédito aplicado del 50%"); map it to c_Impuesto. */
const IMPUESTO_CLAVES: [RegExp, string][] = [
  [/^ISR\b/i, '001'],
  [/^IVA\b/i, '002'],
  [/^IEPS\b/i, '003'],
];

function toTasaOCuota(raw: Record<string, unknown>): TasaOCuotaEntry {
  const nombreImpuesto = String(raw.impuesto);
  const impuesto = IMPUESTO_CLAVES.find(([re]) => re.test(nombreImpuesto))?.[1];
  if (!impuesto) throw new Error(`Impuesto desconocido en c_TasaOCuota: ${nombreImpuesto}`);
  const rango = String(raw.tipo).toLowerCase() === 'rango';
  const maximo = String(raw.valor);
  const minimo = rango ? String(raw.minimo ?? '0.000000') : maximo;
  const factor = raw.factor as 'Tasa' | 'Cuota';
  const traslado = raw.traslado === true;
  const retencion = raw.retencion === true;
  const uso = [traslado && 'traslado', retencion && 'retención'].filter(Boolean).join(' y ');
  return {
    clave: rango ? `${minimo}-${maximo}` : maximo,
    descripcion: `${nombreImpuesto} ${factor.toLowerCase()} ${rango ? `de ${minimo} a ${maximo}` : maximo} (${uso})`,
    tipo: rango ? 'rango' : 'fijo',
    minimo,
    maximo,
    impuesto,
    nombreImpuesto,
    factor,
    traslado,
    retencion,
    ...(raw.vigenciaDesde ? { vigenciaDesde: String(raw.vigenciaDesde) } : {}),
    ...(raw.vigenciaHasta ? { vigenciaHasta: String(raw.vigenciaHasta) } : {}),
  };
}
