import type { ColumnMapping } from '@facturo/contract';
import { parseCamt053 } from './camt';
import { parseOfx } from './ofx';
import { StatementFormatError, type ParsedFile } from './statement';
import { csvRows, mapRows } from './tabular';
import { xlsxRows } from './xlsx';

export type DetectedFormat = 'CAMT.053' | 'OFX' | 'CSV' | 'XLSX';

/** The format by content first (a ZIP signature, <OFX>, a camt.053 Document), the file name second. */
export function detectFormat(bytes: Buffer, name: string): DetectedFormat {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return 'XLSX';
  const head = bytes.subarray(0, 4096).toString('latin1');
  if (/OFXHEADER|<OFX>|<\?OFX/i.test(head) || /\.(ofx|qfx)$/i.test(name)) return 'OFX';
  if (/camt\.053|BkToCstmrStmt/.test(head) || (/^\s*(<\?xml|<Document)/.test(head) && /\.xml$/i.test(name))) return 'CAMT.053';
  return 'CSV';
}

/** Reads a statement file of any supported format. CSV/XLSX need the account's column mapping. */
export async function parseStatementFile(bytes: Buffer, name: string, mapping: ColumnMapping | null): Promise<ParsedFile> {
  const format = detectFormat(bytes, name);
  if (format === 'CAMT.053') return parseCamt053(bytes);
  if (format === 'OFX') return parseOfx(bytes);
  if (!mapping) throw new StatementFormatError('Para importar CSV o XLSX primero elige el mapeo de columnas de esta cuenta');
  return format === 'XLSX' ? mapRows(await xlsxRows(bytes), mapping, 'XLSX') : mapRows(csvRows(bytes), mapping, 'CSV');
}

/** The first rows of a CSV/XLSX, for the mapping screen. */
export async function previewRows(bytes: Buffer, name: string, n = 8): Promise<string[][]> {
  const format = detectFormat(bytes, name);
  if (format !== 'CSV' && format !== 'XLSX') throw new StatementFormatError('La vista previa es para archivos CSV o XLSX; CAMT.053 y OFX no necesitan mapeo');
  return (format === 'XLSX' ? await xlsxRows(bytes) : csvRows(bytes)).slice(0, n);
}
