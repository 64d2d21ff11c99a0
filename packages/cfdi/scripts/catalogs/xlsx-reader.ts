import { readFileSync } from 'node:fs';
import { SaxesParser } from 'saxes';
import { readZip } from './zip-reader';

/** A cell value: text, a number (dates stay Excel serial numbers), a boolean, or null when empty. */
export type XlsxCell = string | number | boolean | null;

/** An .xlsx workbook: sheet names in order, and their rows (each row positional from column A). */
export interface Workbook {
  sheetNames: string[];
  rows(sheet: string): XlsxCell[][];
}

/**
 * Opens an .xlsx (Office Open XML) workbook. Sheets are parsed on demand. SAT also publishes the
 * catalogs as legacy .xls: convert those first (docs/catalogs.md says how).
 */
export function readXlsx(file: string): Workbook {
  const zip = readZip(readFileSync(file));
  const text = (name: string): string | null => zip.get(name)?.().toString('utf8') ?? null;
  const workbookXml = text('xl/workbook.xml');
  if (!workbookXml) throw new Error(`${file} no es un libro .xlsx (falta xl/workbook.xml)`);
  const targets = relationships(text('xl/_rels/workbook.xml.rels') ?? '');
  const sheets = new Map<string, string>();
  eachElement(workbookXml, (name, attrs) => {
    if (name !== 'sheet') return;
    const target = targets.get(attrs['r:id'] ?? '');
    if (target) sheets.set(attrs.name, target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`);
  });
  const shared = sharedStrings(text('xl/sharedStrings.xml'));
  const cache = new Map<string, XlsxCell[][]>();
  return {
    sheetNames: [...sheets.keys()],
    rows(sheet) {
      let rows = cache.get(sheet);
      if (!rows) {
        const path = sheets.get(sheet);
        const xml = path ? text(path) : null;
        if (!xml) throw new Error(`Hoja ${sheet} no encontrada`);
        rows = sheetRows(xml, shared);
        cache.set(sheet, rows);
      }
      return rows;
    },
  };
}

function relationships(xml: string): Map<string, string> {
  const map = new Map<string, string>();
  eachElement(xml, (name, attrs) => {
    if (name === 'Relationship') map.set(attrs.Id, attrs.Target);
  });
  return map;
}

/** Walks the opening tags of an XML document (local names, attributes as given). */
function eachElement(xml: string, visit: (name: string, attrs: Record<string, string>) => void): void {
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => visit(localName(tag.name), tag.attributes as Record<string, string>));
  parser.write(xml).close();
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

function sharedStrings(xml: string | null): string[] {
  if (!xml) return [];
  const out: string[] = [];
  let current: string | null = null;
  let inText = false;
  let inPhonetic = false;
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (name === 'si') current = '';
    else if (name === 'rPh') inPhonetic = true;
    else if (name === 't' && !inPhonetic) inText = true;
  });
  parser.on('text', (t) => {
    if (inText && current !== null) current += t;
  });
  parser.on('closetag', (tag) => {
    const name = localName(tag.name);
    if (name === 't') inText = false;
    else if (name === 'rPh') inPhonetic = false;
    else if (name === 'si') {
      out.push(current ?? '');
      current = null;
    }
  });
  parser.write(xml).close();
  return out;
}

/** "BC12" → 54 (zero-based column). */
function columnIndex(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    n = n * 26 + (code - 64);
  }
  return n - 1;
}

function sheetRows(xml: string, shared: string[]): XlsxCell[][] {
  const rows: XlsxCell[][] = [];
  let row: XlsxCell[] = [];
  let rowIndex = -1;
  let col = 0;
  let type = '';
  let value = '';
  let capture = false;
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    const attrs = tag.attributes as Record<string, string>;
    if (name === 'row') {
      rowIndex = attrs.r ? Number(attrs.r) - 1 : rowIndex + 1;
      row = [];
      col = 0;
    } else if (name === 'c') {
      col = attrs.r ? columnIndex(attrs.r) : col;
      type = attrs.t ?? 'n';
      value = '';
    } else if (name === 'v' || (name === 't' && type === 'inlineStr')) capture = true;
  });
  parser.on('text', (t) => {
    if (capture) value += t;
  });
  parser.on('closetag', (tag) => {
    const name = localName(tag.name);
    if (name === 'v' || name === 't') capture = false;
    else if (name === 'c') {
      row[col] = cellValue(type, value, shared);
      col++;
    } else if (name === 'row') {
      for (let i = 0; i < row.length; i++) if (row[i] === undefined) row[i] = null;
      rows[rowIndex] = row;
    }
  });
  parser.write(xml).close();
  for (let i = 0; i < rows.length; i++) if (!rows[i]) rows[i] = [];
  return rows;
}

function cellValue(type: string, raw: string, shared: string[]): XlsxCell {
  if (raw === '') return null;
  switch (type) {
    case 's':
      return shared[Number(raw)] ?? null;
    case 'b':
      return raw === '1';
    case 'str':
    case 'inlineStr':
    case 'e':
      return raw;
    default: {
      const n = Number(raw);
      return Number.isFinite(n) ? n : raw;
    }
  }
}
