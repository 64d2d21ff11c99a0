/**
 * Issue 29 §1: spreadsheet import validation — 10,000 customer rows and 10,000 product rows read (CSV and XLSX,
 * ExcelJS) and judged with the forms' rules (zod schema + catalogs), as the preview does. Target: < 5 s per 10,000.
 * Run: npx tsx bench/bulk-import.bench.ts
 */
import { performance } from 'node:perf_hooks';
import { BULK_COLUMNS, withCheckDigit } from '@facturo/contract';
import { validateRows } from '../apps/api/src/modules/bulk/bulk-rows';
import { readTable, writeTable } from '../apps/api/src/modules/bulk/sheet-io';
import { machineLoad } from './support';

const N = 10_000;
const letters = (i: number) => [676, 26, 1].map((d) => String.fromCharCode(65 + (Math.floor(i / d) % 26))).join('');
const CPS = ['06600', '44100', '64000', '22000', '01000', '97000'];

function clientRows(): string[][] {
  return Array.from({ length: N }, (_, i) => {
    const rfc = withCheckDigit(`${letters(i % 17_576)}${String(50 + Math.floor(i / 17_576)).padStart(2, '0')}0101A${'ABCDEFGHJK'[i % 10]}`);
    // One row in a hundred carries an error (a bad uso CFDI), as a real file would.
    return BULK_COLUMNS.clientes.map((c) => ({ rfc, r_social: `Cliente ${i}`, regimen: '601', uso_cfdi: i % 100 === 0 ? 'D01' : 'G03', cp: CPS[i % CPS.length]!, email: `c${i}@ejemplo.mx` } as Record<string, string>)[c.key] ?? '');
  });
}
function productRows(): string[][] {
  return Array.from({ length: N }, (_, i) =>
    BULK_COLUMNS.productos.map((c) => ({ sku: `SKU-${i}`, claveProducto: '81111500', claveUnidad: 'E48', descripcionProducto: `Servicio ${i}`, valorUnitario: `${100 + i}.50`, objetoImp: '02', iva: '0.160000' } as Record<string, string>)[c.key] ?? ''));
}

async function run(entity: 'clientes' | 'productos', rows: string[][]) {
  for (const format of ['csv', 'xlsx'] as const) {
    const file = await writeTable(format, BULK_COLUMNS[entity], rows, entity);
    const t0 = performance.now();
    const table = await readTable(file, 20_000);
    const t1 = performance.now();
    const out = validateRows(entity, table, new Set());
    const t2 = performance.now();
    const total = (t2 - t0) / 1000;
    console.log(`${entity} ${format.padEnd(4)} ${N} rows (${(file.length / 1024).toFixed(0)} kB): read ${(t1 - t0).toFixed(0)} ms, validate ${(t2 - t1).toFixed(0)} ms, total ${total.toFixed(2)} s → ${Math.round(N / total)} rows/s (validation alone ${Math.round(N / ((t2 - t1) / 1000))} rows/s); valid ${out.valid.length}, errors ${out.errors.length}`);
  }
}

console.log(`machine: ${await machineLoad()}`);
await run('clientes', clientRows());
await run('productos', productRows());
