import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/** Parses RFC 4180 CSV (quoted fields may hold commas, quotes and newlines). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Reads a CSV (gzip'd when the name ends in .gz) and returns its rows without the header. */
export function readCsv(file: string): { header: string[]; rows: string[][] } {
  const buf = readFileSync(file);
  const text = (file.endsWith('.gz') ? gunzipSync(buf) : buf).toString('utf8').replace(/^\uFEFF/, '');
  const [header, ...rows] = parseCsv(text).filter((r) => r.some((c) => c !== ''));
  return { header, rows };
}
