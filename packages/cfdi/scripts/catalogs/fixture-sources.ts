import path from 'node:path';
import type { BorderFlag, CpRow } from './border-region';
import { readCsv } from './csv';
import { toIsoDate } from './normalize';
import type { ProdServRow } from './write-big';

const dateOrNull = (s: string) => (s === '' || s === '0' ? null : toIsoDate(s));

/** c_ClaveProdServ from the fixtures' CSV (see the fixtures README for its columns and gaps). */
export function readProdServCsv(fullDir: string): ProdServRow[] {
  const { header, rows } = readCsv(path.join(fullDir, 'c_ClaveProdServ.csv.gz'));
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`Columna ${name} ausente en c_ClaveProdServ.csv.gz`);
    return i;
  };
  const [clave, desc, desde, hasta, estimulo, similares] = [
    'clave', 'descripcion', 'fecha_inicio_vigencia', 'fecha_fin_vigencia', 'estimulo_franja_fronteriza', 'palabras_similares',
  ].map(col);
  return rows.map((r) => ({
    clave: r[clave].padStart(8, '0'),
    descripcion: r[desc],
    palabrasSimilares: r[similares] ?? '',
    estimuloFranjaFronteriza: r[estimulo] === '01' || r[estimulo] === '1',
    vigenciaDesde: dateOrNull(r[desde]),
    vigenciaHasta: dateOrNull(r[hasta]),
  }));
}

/**
 * c_CodigoPostal from the fixtures: every CP from the full CSV, with SAT's border flag from the
 * supplementary part-2 file where it has the CP (64280-99999). Other CPs get no flag (derive it).
 */
export function readPostalCsv(fullDir: string): { rows: CpRow[]; satFlags: number; disagreements: number } {
  const { rows } = readCsv(path.join(fullDir, 'c_CodigoPostal.csv.gz'));
  const part2 = readCsv(path.join(fullDir, 'supplementary', 'c_CodigoPostal_Parte_2_catCFDI_V_40_18012022.csv.gz'));
  const flagCol = part2.header.findIndex((h) => /est[ií]mulo/i.test(h));
  const sat = new Map<number, { flag: BorderFlag; estado: string; municipio: string }>();
  for (const r of part2.rows) sat.set(Number(r[0]), { flag: Number(r[flagCol]) as BorderFlag, estado: r[1], municipio: r[2] });
  let disagreements = 0;
  const out: CpRow[] = rows.map((r) => {
    const cp = Number(r[0]);
    const row: CpRow = { cp, estado: r[1], municipio: r[2] ? r[2].padStart(3, '0') : null, localidad: r[3] ? r[3].padStart(2, '0') : null };
    const s = sat.get(cp);
    if (s) {
      row.flag = s.flag;
      if (s.estado !== row.estado || (s.municipio || null) !== (r[2] || null)) disagreements++;
    }
    return row;
  });
  out.sort((a, b) => a.cp - b.cp);
  return { rows: out, satFlags: sat.size, disagreements };
}
