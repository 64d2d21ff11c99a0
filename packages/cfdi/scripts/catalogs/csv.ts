import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';

/** Parses RFC 4180 CSV (quoted fields may hold commas, quotes and newlines) with csv-parse. */
export function parseCsv(text: string): string[][] {
  return parse(text, { relax_column_count: true });
}

/** Reads a CSV (gzip'd when the name ends in .gz) and returns its rows without the header. */
export function readCsv(file: string): { header: string[]; rows: string[][] } {
  const buf = readFileSync(file);
  const text = (file.endsWith('.gz') ? gunzipSync(buf) : buf).toString('utf8').replace(/^\uFEFF/, '');
  const [header, ...rows] = parseCsv(text).filter((r) => r.some((c) => c !== ''));
  return { header, rows };
}
