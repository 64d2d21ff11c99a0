import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';

/**
 * SAT's list of contribuyentes con operaciones presuntamente inexistentes (art. 69-B CFF, "EFOS"), read from the
 * CSV SAT publishes (Listado_Completo_69-B.csv): two preamble lines, then a header of 20 columns (No, RFC,
 * Nombre del Contribuyente, Situación del contribuyente, then oficio number and SAT / DOF publication date of
 * each stage: presuntos, desvirtuados, definitivos, sentencia favorable). SAT writes it in ISO-8859-1.
 */

export type Situacion69B = 'Presunto' | 'Definitivo' | 'Desvirtuado' | 'Sentencia favorable';

export interface EfosEntry {
  rfc: string;
  nombre: string;
  situacion: Situacion69B;
  /** ISO dates (yyyy-mm-dd) of the publication on SAT's page of each stage, null when it never happened. */
  fechaPresunto: string | null;
  fechaDesvirtuado: string | null;
  fechaDefinitivo: string | null;
  fechaSentencia: string | null;
}

export interface EfosListSource {
  kind: 'sat' | 'local';
  /** Where the list comes from, for the refresh log. */
  describe: string;
  fetch(): Promise<EfosEntry[]>;
}

export class EfosListError extends Error {}

/** The small list shipped with the app (fictional taxpayers, SAT's real layout). */
export const SAMPLE_69B_CSV = fileURLToPath(new URL('./data/69b-muestra.csv', import.meta.url));

/** SAT's download of the complete list. */
export const SAT_69B_URL = 'http://omawww.sat.gob.mx/cifras_sat/Documents/Listado_Completo_69-B.csv';

/** UTF-8 when the bytes are valid UTF-8, else ISO-8859-1 (SAT's encoding). */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

/**
 * RFC 4180 rows (quoted cells may hold commas, quotes and line breaks), read by csv-parse. Rows keep their own
 * length (the preamble lines have one cell, the header 20) and a stray quote inside a bare cell is kept as text.
 */
export function csvRows(text: string): string[][] {
  return parse(text, { relax_column_count: true, relax_quotes: true, skip_empty_lines: true });
}

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();

const SITUACIONES: Record<string, Situacion69B> = {
  presunto: 'Presunto',
  definitivo: 'Definitivo',
  desvirtuado: 'Desvirtuado',
  'sentencia favorable': 'Sentencia favorable',
};

/** dd/mm/aaaa (SAT also writes dd/mm/aa in old rows) → yyyy-mm-dd; anything else → null. */
function isoDate(v: string | undefined): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec((v ?? '').trim());
  if (!m) return null;
  const year = m[3]!.length === 2 ? `20${m[3]}` : m[3]!;
  return `${year}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
}

/**
 * Reads SAT's CSV. Columns are found by their header names (folded), so a reordered or extended file still
 * reads; a file without the RFC / situación headers is refused (not silently read as an empty list).
 */
export function parse69bCsv(text: string): EfosEntry[] {
  const rows = csvRows(text);
  const headerAt = rows.findIndex((r) => r.some((c) => fold(c) === 'rfc') && r.some((c) => fold(c).startsWith('situacion del contribuyente')));
  if (headerAt < 0) throw new EfosListError('El archivo no tiene el formato del listado 69-B del SAT (faltan las columnas RFC y Situación del contribuyente)');
  const header = rows[headerAt]!.map(fold);
  const col = (pred: (h: string) => boolean) => header.findIndex(pred);
  const c = {
    rfc: col((h) => h === 'rfc'),
    nombre: col((h) => h.startsWith('nombre del contribuyente')),
    situacion: col((h) => h.startsWith('situacion del contribuyente')),
    presunto: col((h) => h.startsWith('publicacion pagina sat presuntos')),
    desvirtuado: col((h) => h.startsWith('publicacion pagina sat desvirtuados')),
    definitivo: col((h) => h.startsWith('publicacion pagina sat definitivos')),
    sentencia: col((h) => h.startsWith('publicacion pagina sat sentencia favorable')),
  };
  const out = new Map<string, EfosEntry>();
  for (const r of rows.slice(headerAt + 1)) {
    const rfc = (r[c.rfc] ?? '').trim().toUpperCase();
    const situacion = SITUACIONES[fold(r[c.situacion] ?? '')];
    if (!/^[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3}$/.test(rfc) || !situacion) continue;
    out.set(rfc, {
      rfc,
      nombre: (r[c.nombre] ?? '').trim().slice(0, 400),
      situacion,
      fechaPresunto: isoDate(r[c.presunto]),
      fechaDesvirtuado: isoDate(r[c.desvirtuado]),
      fechaDefinitivo: isoDate(r[c.definitivo]),
      fechaSentencia: isoDate(r[c.sentencia]),
    });
  }
  return [...out.values()];
}

/** The publication date of the stage the taxpayer is in now. */
export function fechaPublicacion(e: Pick<EfosEntry, 'situacion' | 'fechaPresunto' | 'fechaDesvirtuado' | 'fechaDefinitivo' | 'fechaSentencia'>): string | null {
  switch (e.situacion) {
    case 'Presunto':
      return e.fechaPresunto;
    case 'Definitivo':
      return e.fechaDefinitivo ?? e.fechaPresunto;
    case 'Desvirtuado':
      return e.fechaDesvirtuado ?? e.fechaPresunto;
    case 'Sentencia favorable':
      return e.fechaSentencia ?? e.fechaDefinitivo ?? e.fechaPresunto;
  }
}

/** The offline default: the CSV shipped with the app (or another local file). */
export function localEfosList(file = SAMPLE_69B_CSV): EfosListSource {
  return {
    kind: 'local',
    describe: `archivo local ${file.split('/').pop()}`,
    async fetch() {
      return parse69bCsv(decodeCsv(await readFile(file)));
    },
  };
}

/** The real source: downloads SAT's CSV (tens of MB) and reads it. */
export function satEfosList(opts: { url?: string; timeoutMs?: number; fetch?: typeof fetch } = {}): EfosListSource {
  const url = opts.url ?? SAT_69B_URL;
  const fetchFn = opts.fetch ?? fetch;
  return {
    kind: 'sat',
    describe: url,
    async fetch() {
      let res: Response;
      try {
        res = await fetchFn(url, { signal: AbortSignal.timeout(opts.timeoutMs ?? 120_000) });
      } catch {
        throw new EfosListError('No fue posible descargar el listado 69-B del SAT; se conserva el listado anterior');
      }
      if (!res.ok) throw new EfosListError(`El SAT respondió HTTP ${res.status} al descargar el listado 69-B; se conserva el listado anterior`);
      return parse69bCsv(decodeCsv(new Uint8Array(await res.arrayBuffer())));
    },
  };
}

/** EFOS_SOURCE=sat downloads SAT's file (EFOS_URL overrides the address); anything else reads the shipped sample. */
export function efosSourceFromEnv(env: NodeJS.ProcessEnv = process.env): EfosListSource {
  if (env.EFOS_SOURCE === 'sat') return satEfosList({ url: env.EFOS_URL });
  return localEfosList(env.EFOS_FILE || SAMPLE_69B_CSV);
}
