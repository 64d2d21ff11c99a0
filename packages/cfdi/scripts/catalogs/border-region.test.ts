import { expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { readFixture } from '../../test/fixtures';
import { getCatalog } from '../../src/catalogs/index';
import { borderMunicipioFlags, deriveBorderFlags, type BorderFlag, type CpRow } from './border-region';

// The derivation for CPs below 64280 is checked where SAT's own flag is known: re-derive every CP of
// SAT's part-2 file from the decree lists and the neighbour rule, and compare.
it('derives exactly the flags SAT publishes for CPs 64280-99999', () => {
  const lines = gunzipSync(readFixture('sat-catalogs', 'full', 'supplementary', 'c_CodigoPostal_Parte_2_catCFDI_V_40_18012022.csv.gz'))
    .toString('utf8').trim().split('\n').slice(1);
  const sat = new Map<number, BorderFlag>();
  const rows: CpRow[] = lines.map((line) => {
    const [cp, estado, municipio, localidad, flag] = line.split(',');
    sat.set(Number(cp), Number(flag) as BorderFlag);
    return { cp: Number(cp), estado, municipio: municipio || null, localidad: localidad || null };
  });
  deriveBorderFlags(rows, borderMunicipioFlags([...getCatalog('c_Municipio')]));
  const wrong = rows.filter((r) => r.flag !== sat.get(r.cp)).map((r) => r.cp);
  expect(wrong).toEqual([]);
  expect(rows.filter((r) => r.flag === 1).length).toBeGreaterThan(2000);
  expect(rows.filter((r) => r.flag === 2).length).toBeGreaterThan(200);
});

it('fails loudly when a decree municipio is not in c_Municipio', () => {
  expect(() => borderMunicipioFlags([{ clave: '001', estado: 'BCN', descripcion: 'Ensenada' }])).toThrow(/no encontrado/);
});
