import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * SAT's código agrupador (Anexo 24, c_CodAgrup). The list with descriptions and levels ships as
 * `data/codigo-agrupador.csv` (1,076 rows, see fixtures/contabilidad/README.md for its source). Where
 * that list and SAT's XSD (CatalogosParaEsqContE.xsd) disagree, the XSD wins, because an XML with a code
 * outside its enumeration is rejected by SAT: 403.06 is dropped, and 000, 401.39–401.41 and 402.05 are
 * added (descriptions as SAT publishes them).
 */
export interface CodigoAgrupador {
  codigo: string;
  descripcion: string;
  /** 1 for a code without a dot, 2 for a subcode; null for the class headings (100, 100.01, …). */
  nivel: number | null;
}

const NOT_IN_XSD = new Set(['403.06']);
const MISSING_FROM_LIST: CodigoAgrupador[] = [
  { codigo: '000', descripcion: 'Sin código agrupador', nivel: null },
  { codigo: '401.39', descripcion: 'Ventas y/o servicios gravados realizados en zona fronteriza norte', nivel: 2 },
  { codigo: '401.40', descripcion: 'Ventas y/o servicios gravados realizados en zona fronteriza norte de contado', nivel: 2 },
  { codigo: '401.41', descripcion: 'Ventas y/o servicios gravados realizados en zona fronteriza norte a crédito', nivel: 2 },
  {
    codigo: '402.05',
    descripcion: 'Devoluciones, descuentos o bonificaciones sobre ventas y/o servicios en zona fronteriza norte',
    nivel: 2,
  },
];

/** Splits one RFC 4180 line (the file has no line breaks inside fields). */
function csvFields(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') { field += '"'; i++; }
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { out.push(field); field = ''; }
    else field += ch;
  }
  out.push(field);
  return out;
}

/** Parses the shipped CSV text (header `nivel,codigo,descripcion`). */
export function parseCodigoAgrupadorCsv(text: string): CodigoAgrupador[] {
  return text.split('\n').slice(1).filter((l) => l.trim() !== '').map((line) => {
    const [nivel, codigo, descripcion] = csvFields(line);
    return { codigo: codigo!, descripcion: descripcion!, nivel: nivel ? Number(nivel) : null };
  });
}

let cache: Map<string, CodigoAgrupador> | undefined;

/** Every code SAT's XSD accepts, keyed by code, in the list's order (loaded once). */
export function codigosAgrupadores(): Map<string, CodigoAgrupador> {
  if (cache) return cache;
  const csv = readFileSync(fileURLToPath(new URL('./data/codigo-agrupador.csv', import.meta.url)), 'utf8');
  const rows = parseCodigoAgrupadorCsv(csv).filter((r) => !NOT_IN_XSD.has(r.codigo));
  cache = new Map([...MISSING_FROM_LIST, ...rows].map((r) => [r.codigo, r]));
  return cache;
}

/** The entry for a code, or undefined when SAT's catalog does not have it. */
export function findCodigoAgrupador(codigo: string): CodigoAgrupador | undefined {
  return codigosAgrupadores().get(codigo);
}
