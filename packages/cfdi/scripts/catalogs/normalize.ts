import type { FieldDef, SmallCatalogDef } from './definitions';

/** A cell as read from SQL or from a sheet: text, a number, or nothing. */
export type RawCell = string | number | boolean | null | undefined;
/** A shipped value: omitted values are null so that rows stay positional. */
export type CellValue = string | number | boolean | string[] | null;

/** The compact form shipped in src/catalogs/data: field names once, then positional rows. */
export interface CompactTable {
  name: string;
  fields: string[];
  rows: CellValue[][];
}

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/**
 * Converts a date cell to ISO `YYYY-MM-DD`. Accepts ISO text, SAT's `dd/mm/yyyy` and `d/m/yy`, and
 * Excel serial numbers (what an .xlsx stores for a date cell).
 */
export function toIsoDate(value: RawCell): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') {
    const d = new Date(EXCEL_EPOCH_MS + Math.round(value) * 86_400_000);
    return d.toISOString().slice(0, 10);
  }
  const text = String(value).trim();
  if (/^\d{4}-\d{2}-\d{2}/.test(text)) return text.slice(0, 10);
  const m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{2,4})$/.exec(text);
  if (m) {
    const year = m[3].length === 2 ? `20${m[3]}` : m[3];
    return `${year}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
  }
  if (/^\d+(\.\d+)?$/.test(text)) return toIsoDate(Number(text));
  throw new Error(`Fecha no reconocida: ${text}`);
}

const isYes = (v: RawCell): boolean => v === 1 || v === true || v === '1' || /^s[ií]$/i.test(String(v ?? '').trim());

function toValue(field: FieldDef, raw: RawCell): CellValue {
  const text = raw === null || raw === undefined ? '' : String(raw).trim();
  switch (field.kind) {
    case 'text':
      if (text === '') return null;
      return field.pad ? text.padStart(field.pad, '0') : text;
    case 'yes':
      return isYes(raw);
    case 'allows':
      return !(text === '' || text === '0' || /^no$/i.test(text));
    case 'int':
      return text === '' ? null : Number.parseInt(text, 10);
    case 'date':
      return toIsoDate(raw);
    case 'list':
      return text === '' ? [] : text.split(',').map((s) => s.trim()).filter(Boolean);
    case 'decimal6':
      return text === '' ? null : formatDecimal6(text);
  }
}

/** Writes a decimal with exactly six places without going through a float. */
export function formatDecimal6(text: string): string {
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m) throw new Error(`Decimal no válido: ${text}`);
  const frac = (m[3] ?? '').padEnd(6, '0');
  if (frac.length > 6 && /[1-9]/.test(frac.slice(6))) throw new Error(`Más de seis decimales: ${text}`);
  return `${m[1]}${m[2] || '0'}.${frac.slice(0, 6)}`;
}

/** Maps positional source rows through a catalog definition into the compact shipped table. */
export function normalizeRows(def: SmallCatalogDef, rows: RawCell[][]): CompactTable {
  const kept = def.fields.map((fd, i) => ({ fd, i })).filter((x): x is { fd: FieldDef; i: number } => x.fd !== null);
  const fields = kept.map((k) => k.fd.key);
  const needsDescripcion = !fields.includes('descripcion') && def.descripcionFromClave;
  if (needsDescripcion) fields.push('descripcion');
  const out = rows.map((row) => {
    const values = kept.map(({ fd, i }) => toValue(fd, row[i]));
    if (needsDescripcion) values.push(values[fields.indexOf('clave')]);
    return values;
  });
  return { name: def.name, fields, rows: out };
}
