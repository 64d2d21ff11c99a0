import type { BorderFlag, CpRow } from './border-region';
import { sheetName, type SmallCatalogDef } from './definitions';
import { toIsoDate, type RawCell } from './normalize';
import type { ProdServRow } from './write-big';
import type { SmallSource } from './write-small';
import { readXlsx, type Workbook, type XlsxCell } from './xlsx-reader';

/** Paths of SAT's catalog workbooks (.xlsx), by family. */
export interface WorkbookPaths {
  cfdi?: string;
  nomina?: string;
  retenciones?: string;
  pagos?: string;
}

export interface WorkbookSources {
  /** Rows of a small catalog, or null when no given workbook has its sheet. */
  small: SmallSource;
  prodServ: () => ProdServRow[] | null;
  /** CPs with SAT's own border flag, or null without a CFDI workbook. */
  postalCodes: () => CpRow[] | null;
}

const trimName = (s: string) => s.trim().toLowerCase();
const text = (c: XlsxCell | undefined): string => (c === null || c === undefined ? '' : String(c).trim());

/**
 * Reads SAT's catalog workbooks (catCFDI_V_4_*.xlsx, and the Nómina, Retenciones and Pagos ones).
 * Each sheet has title rows, then a header row holding the catalog name (e.g. "c_FormaPago"), then
 * data in the column order of `definitions.ts`. Big catalogs may be split into "_Parte_1", "_Parte_2".
 */
export function loadWorkbookSources(paths: WorkbookPaths): WorkbookSources | null {
  const books = new Map<keyof WorkbookPaths, Workbook>();
  for (const [family, file] of Object.entries(paths) as [keyof WorkbookPaths, string | undefined][]) {
    if (file) books.set(family, readXlsx(file));
  }
  if (books.size === 0) return null;
  const cfdi = books.get('cfdi');
  return {
    small: (def: SmallCatalogDef) => {
      const book = books.get(def.workbook);
      return book ? catalogRows(book, sheetName(def), def.headerRows ?? 1) : null;
    },
    prodServ: () => {
      const rows = cfdi ? catalogRows(cfdi, 'c_ClaveProdServ', 1) : null;
      return rows?.map(toProdServ) ?? null;
    },
    postalCodes: () => {
      const rows = cfdi ? catalogRows(cfdi, 'c_CodigoPostal', 1) : null;
      return rows ? rows.map(toCp).sort((a, b) => a.cp - b.cp) : null;
    },
  };
}

/**
 * Data rows of a catalog, joining split sheets ("c_CodigoPostal_Parte_1", "_Parte_2") in order.
 * Returns null when the workbook has no such sheet.
 */
export function catalogRows(book: Workbook, catalog: string, headerRows: number): RawCell[][] | null {
  const wanted = trimName(catalog);
  const sheets = book.sheetNames.filter((n) => trimName(n) === wanted || trimName(n).startsWith(`${wanted}_parte`));
  if (sheets.length === 0) return null;
  const out: RawCell[][] = [];
  for (const sheet of sheets) {
    const rows = book.rows(sheet);
    const header = rows.findIndex((r) => r.some((c) => trimName(text(c)) === wanted));
    if (header < 0) throw new Error(`Hoja ${sheet}: no se halló el encabezado ${catalog}`);
    for (const row of rows.slice(header + headerRows)) {
      if (row.some((c) => text(c) !== '')) out.push(row);
    }
  }
  return out;
}

const dateOrNull = (c: RawCell) => (c === null || c === undefined || c === '' || c === 0 || c === '0' ? null : toIsoDate(c));

function toProdServ(r: RawCell[]): ProdServRow {
  // SAT columns: clave, descripción, IVA trasladado, IEPS trasladado, complemento, inicio, fin, estímulo, palabras similares.
  return {
    clave: text(r[0]).padStart(8, '0'),
    descripcion: text(r[1]),
    palabrasSimilares: text(r[8]),
    estimuloFranjaFronteriza: text(r[7]) === '01' || text(r[7]) === '1',
    vigenciaDesde: dateOrNull(r[5]),
    vigenciaHasta: dateOrNull(r[6]),
  };
}

function toCp(r: RawCell[]): CpRow {
  // SAT columns: CP, estado, municipio, localidad, estímulo franja fronteriza, vigencia, huso horario...
  const flag = Number(text(r[4]) || 0);
  if (![0, 1, 2].includes(flag)) throw new Error(`Estímulo franja fronteriza desconocido en CP ${text(r[0])}: ${text(r[4])}`);
  return {
    cp: Number(text(r[0])),
    estado: text(r[1]),
    municipio: text(r[2]) ? text(r[2]).padStart(3, '0') : null,
    localidad: text(r[3]) ? text(r[3]).padStart(2, '0') : null,
    flag: flag as BorderFlag,
  };
}
