import { parse } from 'csv-parse/sync';
import { Decimal } from '@facturo/cfdi/money';
import type { ColumnMapping } from '@facturo/contract';
import { isoDay, normalizeAmount, StatementFormatError, type ParsedFile, type ParsedMovement, type StatementRejection } from './statement';

/**
 * CSV and XLSX statements from any bank: rows of cells, read through the account's column mapping. Each row
 * that cannot be read is rejected with its line number and the reason in Spanish; the rest import.
 */

/** The delimiter the first lines use most: Mexican banks export with commas, semicolons or tabs. */
function delimiterOf(text: string): string {
  const head = text.split(/\r?\n/).slice(0, 10).join('\n');
  const counts = [',', ';', '\t', '|'].map((d) => [d, head.split(d).length] as const);
  return counts.sort((a, b) => b[1] - a[1])[0]![0];
}

export function csvRows(bytes: Uint8Array | string): string[][] {
  let text = typeof bytes === 'string' ? bytes : new TextDecoder('utf-8').decode(bytes);
  // Windows-exported CSV (latin1) shows U+FFFD for its accents: read those bytes as windows-1252 instead.
  if (typeof bytes !== 'string' && text.includes('\uFFFD')) text = new TextDecoder('windows-1252').decode(bytes);
  text = text.replace(/^\uFEFF/, '');
  try {
    return parse(text, { delimiter: delimiterOf(text), relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch (e) {
    throw new StatementFormatError(`El CSV no se pudo leer: ${(e as Error).message}`);
  }
}

/** Excel serial day (1900 system) → ISO day. */
function excelDay(serial: number): string | null {
  const d = new Date(Date.UTC(1899, 11, 30) + Math.floor(serial) * 86_400_000);
  return isoDay(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

export function readDate(raw: string | undefined, order: ColumnMapping['formatoFecha']): string | null {
  const s = (raw ?? '').trim();
  if (!s) return null;
  if (/^\d{5}(\.\d+)?$/.test(s)) return excelDay(Number(s));
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/.exec(s);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const MONTHS = ['ENE', 'FEB', 'MAR', 'ABR', 'MAY', 'JUN', 'JUL', 'AGO', 'SEP', 'OCT', 'NOV', 'DIC'];
  const named = /^(\d{1,2})[-/ ]([A-Za-z]{3})[A-Za-z]*[-/ ](\d{2,4})/.exec(s);
  if (named) {
    const mi = MONTHS.indexOf(named[2]!.toUpperCase()) + 1 || ['JAN', '', '', 'APR', '', '', '', 'AUG', '', '', '', 'DEC'].indexOf(named[2]!.toUpperCase()) + 1;
    const y = Number(named[3]!.length === 2 ? `20${named[3]}` : named[3]);
    return mi ? isoDay(y, mi, Number(named[1])) : null;
  }
  const m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2,4})/.exec(s);
  if (!m) return null;
  const y = Number(m[3]!.length === 2 ? `20${m[3]}` : m[3]);
  return order === 'MDY' ? isoDay(y, Number(m[1]), Number(m[2])) : isoDay(y, Number(m[2]), Number(m[1]));
}

/** Rows → movements through the mapping; a row with no amount at all (a subtotal, a blank) is skipped silently. */
export function mapRows(rows: string[][], mapping: ColumnMapping, formato: 'CSV' | 'XLSX'): ParsedFile {
  const movimientos: ParsedMovement[] = [];
  const rechazados: StatementRejection[] = [];
  rows.slice(mapping.encabezado).forEach((row, i) => {
    const linea = `línea ${i + 1 + mapping.encabezado}`;
    if (row.every((c) => !c?.trim())) return;
    const cell = (idx: number | null | undefined) => (idx == null ? undefined : row[idx]);
    const fecha = readDate(cell(mapping.fecha), mapping.formatoFecha);
    let importe: string | null = null;
    if (mapping.importe != null) importe = normalizeAmount(cell(mapping.importe));
    else {
      const dep = normalizeAmount(cell(mapping.deposito));
      const ret = normalizeAmount(cell(mapping.retiro));
      if (dep && new Decimal(dep).abs().gt(0)) importe = new Decimal(dep).abs().toFixed(2);
      else if (ret && new Decimal(ret).abs().gt(0)) importe = new Decimal(ret).abs().negated().toFixed(2);
      else if (dep || ret) importe = '0.00';
    }
    if (!fecha && !importe) return;
    if (!fecha) return void rechazados.push({ linea, motivo: `La fecha «${cell(mapping.fecha) ?? ''}» no es válida` });
    if (!importe) return void rechazados.push({ linea, motivo: 'La línea no tiene un importe válido (depósito, retiro o importe)' });
    if (new Decimal(importe).isZero()) return void rechazados.push({ linea, motivo: 'El importe es cero' });
    const descripcion = (cell(mapping.descripcion) ?? '').trim();
    if (!descripcion) return void rechazados.push({ linea, motivo: 'La línea no tiene descripción' });
    movimientos.push({
      fecha, importe, descripcion,
      referencia: (cell(mapping.referencia) ?? '').trim() || null,
      saldo: normalizeAmount(cell(mapping.saldo)), bankId: null, contraparte: null,
    });
  });
  if (rows.length <= mapping.encabezado) throw new StatementFormatError('El archivo no tiene filas de movimientos');
  // Balances per row give opening/closing: the first row's saldo minus its movement, the last row's saldo.
  const first = movimientos[0];
  const last = movimientos[movimientos.length - 1];
  const apertura = first?.saldo ? new Decimal(first.saldo).minus(first.importe).toFixed(2) : null;
  return { formato, statements: [{ cuenta: null, moneda: null, apertura, cierre: last?.saldo ?? null, movimientos }], rechazados };
}
