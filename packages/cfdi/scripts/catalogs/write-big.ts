import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { CpRow } from './border-region';

/** One c_ClaveProdServ row as shipped. */
export interface ProdServRow {
  clave: string;
  descripcion: string;
  palabrasSimilares: string;
  /** SAT's "Estímulo Franja Fronteriza" column (01 = applies). */
  estimuloFranjaFronteriza: boolean;
  vigenciaDesde: string | null;
  vigenciaHasta: string | null;
}

const clean = (s: string) => s.replace(/[\t\r\n]+/g, ' ').replace(/ {2,}/g, ' ').trim();

/**
 * Writes c_ClaveProdServ as gzip'd TSV (clave, descripción, palabras similares, estímulo 0/1,
 * vigencia desde, hasta), sorted by clave so the loader can binary-search claves.
 */
export function writeProdServ(rows: ProdServRow[], outDir: string): string {
  const sorted = [...rows].sort((a, b) => (a.clave < b.clave ? -1 : a.clave > b.clave ? 1 : 0));
  const lines = sorted.map((r) =>
    [r.clave, clean(r.descripcion), clean(r.palabrasSimilares), r.estimuloFranjaFronteriza ? '1' : '0', r.vigenciaDesde ?? '', r.vigenciaHasta ?? ''].join('\t'),
  );
  const file = path.join(outDir, 'c_ClaveProdServ.tsv.gz');
  writeFileSync(file, gzipSync(`${lines.join('\n')}\n`, { level: 9 }));
  return file;
}

/**
 * Writes c_CodigoPostal as two files: `c_CodigoPostal.combos.json` lists each distinct
 * [estado, municipio, localidad, flag], and `c_CodigoPostal.bin.gz` is a little-endian Uint16 array
 * of 100,000 slots, one per CP 00000-99999, holding 1 + the combo index (0 = CP not in the catalog).
 * Looking a CP up is then one array read.
 */
export function writePostalCodes(rows: CpRow[], outDir: string): { combos: number } {
  const combos: [string, string | null, string | null, number][] = [];
  const comboIndex = new Map<string, number>();
  const slots = new Uint16Array(100_000);
  for (const r of rows) {
    if (r.flag === undefined) throw new Error(`CP ${r.cp} sin bandera de región fronteriza`);
    const key = `${r.estado}|${r.municipio ?? ''}|${r.localidad ?? ''}|${r.flag}`;
    let idx = comboIndex.get(key);
    if (idx === undefined) {
      idx = combos.length;
      combos.push([r.estado, r.municipio, r.localidad, r.flag]);
      comboIndex.set(key, idx);
    }
    if (idx + 1 > 0xffff) throw new Error('Demasiadas combinaciones para Uint16');
    slots[r.cp] = idx + 1;
  }
  writeFileSync(path.join(outDir, 'c_CodigoPostal.combos.json'), `${JSON.stringify(combos)}\n`);
  const bytes = Buffer.alloc(slots.length * 2);
  slots.forEach((v, i) => bytes.writeUInt16LE(v, i * 2));
  writeFileSync(path.join(outDir, 'c_CodigoPostal.bin.gz'), gzipSync(bytes, { level: 9 }));
  return { combos: combos.length };
}
