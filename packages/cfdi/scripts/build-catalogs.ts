/**
 * Regenerates packages/cfdi/src/catalogs/data from SAT sources. See docs/catalogs.md.
 *
 *   npx tsx packages/cfdi/scripts/build-catalogs.ts [--fixtures DIR] [--cfdi catCFDI_V_4_x.xlsx]
 *     [--nomina catNomina.xlsx] [--retenciones catRetenciones.xlsx] [--pagos catPagos.xlsx] [--out DIR]
 *
 * Without workbooks every catalog comes from the fixtures (phpcfdi SQL dumps + the big CSVs).
 * A workbook, when given, wins over the fixtures for every sheet it contains.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { borderMunicipioFlags, deriveBorderFlags, type CpRow } from './catalogs/border-region';
import { readPostalCsv, readProdServCsv } from './catalogs/fixture-sources';
import { readSqlTable } from './catalogs/sql-source';
import { loadWorkbookSources } from './catalogs/workbook-sources';
import { writePostalCodes, writeProdServ, type ProdServRow } from './catalogs/write-big';
import { writeSmallCatalogs, type SmallSource } from './catalogs/write-small';

const here = path.dirname(fileURLToPath(import.meta.url));

const { values: args } = parseArgs({
  options: {
    fixtures: { type: 'string', default: path.resolve(here, '../../../fixtures/sat-catalogs') },
    cfdi: { type: 'string' },
    nomina: { type: 'string' },
    retenciones: { type: 'string' },
    pagos: { type: 'string' },
    out: { type: 'string', default: path.resolve(here, '../src/catalogs/data') },
  },
});

function main(): void {
  const outDir = path.resolve(args.out!);
  mkdirSync(outDir, { recursive: true });
  const fixtures = path.resolve(args.fixtures!, existsSync(path.join(args.fixtures!, 'sat-catalogs')) ? 'sat-catalogs' : '.');
  const full = path.join(fixtures, 'full');
  const sqlSource: SmallSource = (def) => readSqlTable(path.join(fixtures, 'data'), def.table);
  const wb = loadWorkbookSources({ cfdi: args.cfdi, nomina: args.nomina, retenciones: args.retenciones, pagos: args.pagos });

  const tables = writeSmallCatalogs(wb ? wb.small : sqlSource, outDir, wb ? sqlSource : undefined);
  for (const [name, table] of tables) console.log(`${name.padEnd(48)} ${String(table.rows.length).padStart(6)}`);

  const prodServ: ProdServRow[] = wb?.prodServ() ?? readProdServCsv(full);
  writeProdServ(prodServ, outDir);
  console.log(`${'c_ClaveProdServ'.padEnd(48)} ${String(prodServ.length).padStart(6)}`);

  let cps: CpRow[] | null = wb?.postalCodes() ?? null;
  if (cps) {
    console.log('c_CodigoPostal: bandera de región fronteriza tomada del libro del SAT');
  } else {
    const csv = readPostalCsv(full);
    cps = csv.rows;
    console.log(`c_CodigoPostal: ${csv.satFlags} CPs con bandera del SAT (parte 2), ${csv.disagreements} difieren en estado/municipio`);
  }
  const municipios = tables.get('c_Municipio')!;
  const [clave, estado, descripcion] = ['clave', 'estado', 'descripcion'].map((f) => municipios.fields.indexOf(f));
  const flags = borderMunicipioFlags(municipios.rows.map((r) => ({ clave: String(r[clave]), estado: String(r[estado]), descripcion: String(r[descripcion]) })));
  const derived = cps.filter((r) => r.flag === undefined).length;
  deriveBorderFlags(cps, flags);
  const { combos } = writePostalCodes(cps, outDir);
  console.log(`${'c_CodigoPostal'.padEnd(48)} ${String(cps.length).padStart(6)} (${derived} banderas derivadas, ${combos} combinaciones)`);
}

main();
