import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { BulkColumn, BulkFormat } from '@facturo/contract';

/**
 * Reading and writing the spreadsheets of issue 29 with one library (ExcelJS: XLSX and CSV, decision 305). Every cell
 * comes out as text: the rules that judge it are the forms' zod schemas, which take text (amounts never pass
 * through a float on our side; a number Excel stored is written back as the digits it shows).
 */

export const MIME: Record<BulkFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** A spreadsheet's first sheet as rows of trimmed text; row 0 is the header. */
export type Table = string[][];

export class SheetError extends Error {}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** One cell's value as the text a person sees in it. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') {
    // Integers print as digits; others with up to 10 decimals and no exponent ("0.16", not "0.16000000000000003").
    if (Number.isInteger(value)) return Number.isSafeInteger(value) ? String(value) : value.toLocaleString('en-US', { useGrouping: false });
    return String(Number(value.toFixed(10)));
  }
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (value instanceof Date) {
    // Excel dates carry no zone: ExcelJS hands them as UTC midnight.
    return `${value.getUTCFullYear()}-${pad2(value.getUTCMonth() + 1)}-${pad2(value.getUTCDate())}`;
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('').trim();
    if ('formula' in value || 'sharedFormula' in value) return cellText((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
    if ('text' in value) return cellText((value as ExcelJS.CellHyperlinkValue).text);
    if ('error' in value) return '';
  }
  return String(value).trim();
}

const isZip = (buf: Buffer) => buf.length > 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04;

/** UTF-8 (with or without BOM), or Windows-1252 as Excel in Spanish saves "CSV" without UTF-8. */
function decodeText(buf: Buffer): string {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(buf);
  const decoded = text.includes('\uFFFD') ? new TextDecoder('windows-1252').decode(buf) : text;
  return decoded.replace(/^\uFEFF/, '');
}

/** Comma unless the header line has more semicolons (Excel's CSV where the decimal separator is a comma). */
function delimiterOf(text: string): string {
  const first = text.slice(0, text.search(/\r?\n|$/));
  return (first.match(/;/g)?.length ?? 0) > (first.match(/,/g)?.length ?? 0) ? ';' : ',';
}

function worksheetTable(ws: ExcelJS.Worksheet | undefined, maxRows: number): Table {
  if (!ws) return [];
  const table: Table = [];
  const width = ws.columnCount;
  const last = ws.rowCount;
  if (last - 1 > maxRows) throw new SheetError(`El archivo tiene ${last - 1} filas: importa a lo más ${maxRows} por archivo`);
  for (let r = 1; r <= last; r++) {
    const row = ws.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= width; c++) cells.push(cellText(row.getCell(c).value));
    table.push(cells);
  }
  return table;
}

/** Reads an uploaded .xlsx or .csv (told apart by content, not by name). */
export async function readTable(buf: Buffer, maxRows: number): Promise<Table> {
  const wb = new ExcelJS.Workbook();
  if (isZip(buf)) {
    try {
      await wb.xlsx.load(buf as unknown as ArrayBuffer);
    } catch {
      throw new SheetError('El archivo no es un libro de Excel (.xlsx) válido');
    }
    return worksheetTable(wb.worksheets[0], maxRows);
  }
  if (buf.includes(0)) throw new SheetError('El archivo debe ser .xlsx o .csv (los .xls antiguos no se leen: guárdalo como .xlsx)');
  const text = decodeText(buf);
  try {
    // map keeps every value as the text it is: ExcelJS would otherwise turn "01000" into 1000.
    const ws = await wb.csv.read(Readable.from([text]), {
      map: (v: unknown) => v,
      parserOptions: { delimiter: delimiterOf(text), ignoreEmpty: false, trim: false },
    } as unknown as Parameters<typeof wb.csv.read>[1]);
    return worksheetTable(ws, maxRows);
  } catch (err) {
    if (err instanceof SheetError) throw err;
    throw new SheetError('El archivo CSV no se pudo leer: revisa que las comillas estén cerradas');
  }
}

/** Column letter as a spreadsheet shows it: 0 → A, 26 → AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const m = (n - 1) % 26;
    s = String.fromCharCode(65 + m) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/**
 * A file with the given columns and rows. XLSX: every column formatted as text (an RFC, a CP "01000" or a CLABE of 18
 * digits stays as typed), the header bold and frozen, and a second sheet explaining each column. CSV: UTF-8 with BOM,
 * which Excel needs to show accents.
 */
export async function writeTable(format: BulkFormat, columns: readonly BulkColumn[], rows: string[][], sheetName: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Facturo';
  const ws = wb.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: Math.max(12, c.header.length + 4), style: { numFmt: '@' } }));
  for (const r of rows) ws.addRow(r);
  if (format === 'csv') return Buffer.from(await wb.csv.writeBuffer({ formatterOptions: { writeBOM: true } } as never));
  ws.getRow(1).font = { bold: true };
  const help = wb.addWorksheet('Instrucciones');
  help.columns = [{ header: 'Columna', width: 30 }, { header: 'Obligatoria', width: 12 }, { header: 'Qué lleva', width: 70 }];
  help.getRow(1).font = { bold: true };
  for (const c of columns) help.addRow([c.header, c.required ? 'Sí' : 'No', c.help ?? '']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
