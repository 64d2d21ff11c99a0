/**
 * SAT catalog figures: first-load time of each big catalog, search latency percentiles over a few
 * hundred realistic queries, memory. Run: npx tsx bench/catalogs.bench.ts (add --expose-gc via
 * NODE_OPTIONS for steadier memory figures).
 */
import { performance } from 'node:perf_hooks';

const gc = (globalThis as { gc?: () => void }).gc;
const heapMb = () => {
  gc?.();
  return process.memoryUsage().heapUsed / 1048576;
};
const ms = (n: number) => `${n.toFixed(2)} ms`;
const time = <T>(fn: () => T): [T, number] => {
  const t0 = performance.now();
  const out = fn();
  return [out, performance.now() - t0];
};
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

// Deterministic pseudo-random numbers so runs are comparable.
let seed = 20260122;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);

const REALISTIC = [
  'servicios de contabilidad', 'contabilidad', 'facturacion', 'consultoria', 'asesoria legal', 'servicios legales', 'honorarios',
  'renta de oficinas', 'arrendamiento de inmuebles', 'gasolina', 'diesel', 'computadora', 'laptop', 'computadora portatil',
  'software', 'licencia de software', 'desarrollo de software', 'mantenimiento de equipo', 'reparacion de vehiculos', 'papeleria',
  'hojas de papel', 'tinta para impresora', 'toner', 'cafe', 'agua embotellada', 'alimentos', 'comida', 'restaurante', 'hotel',
  'hospedaje', 'transporte de carga', 'flete', 'paqueteria', 'mensajeria', 'publicidad', 'marketing digital', 'diseño grafico',
  'capacitacion', 'cursos', 'colegiatura', 'servicios medicos', 'consulta medica', 'dentista', 'medicamentos', 'seguro de gastos medicos',
  'telefonia celular', 'internet', 'energia electrica', 'limpieza', 'vigilancia', 'seguridad privada', 'construccion', 'cemento',
  'varilla', 'pintura', 'muebles de oficina', 'escritorio', 'silla', 'tornillos', 'herramientas', 'ropa', 'uniformes', 'zapatos',
  'cerveza', 'refrescos', 'tortillas', 'carne de res', 'pollo', 'frutas', 'verduras', 'medicinas', 'fotocopias', 'impresion',
  'traduccion', 'arquitectura', 'ingenieria', 'auditoria', 'nomina', 'outsourcing', 'reclutamiento', 'comisiones', 'intereses',
  'venta de terreno', 'casa habitacion', 'automovil', 'camioneta', 'llantas', 'refacciones', 'aceite para motor', 'gas lp',
  '84111506', '8411', '01010101', '43211', '15101506', '80', 'serv', 'contab', 'comput', 'factur',
];

function queriesFor(descriptions: string[], count: number): string[] {
  const out = [...REALISTIC];
  while (out.length < count) {
    const words = descriptions[Math.floor(rand() * descriptions.length)].split(/\s+/).filter((w) => w.length > 2);
    if (words.length === 0) continue;
    const n = 1 + Math.floor(rand() * Math.min(3, words.length));
    let q = words.slice(0, n).join(' ').toLowerCase();
    if (rand() < 0.3) q = q.slice(0, Math.max(3, q.length - 2)); // as-you-type prefix
    out.push(q);
  }
  return out;
}

function latency(label: string, queries: string[], search: (q: string) => unknown): void {
  const times: number[] = [];
  for (const q of queries) times.push(time(() => search(q))[1]);
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  console.log(`  ${label}: ${queries.length} queries  p50 ${ms(percentile(times, 50))}  p95 ${ms(percentile(times, 95))}  p99 ${ms(percentile(times, 99))}  max ${ms(times[times.length - 1])}  mean ${ms(mean)}`);
}

async function main(): Promise<void> {
  const heap0 = heapMb();
  const [small, tSmallImport] = await (async () => {
    const t0 = performance.now();
    const mod = await import('../packages/cfdi/src/catalogs/index');
    return [mod, performance.now() - t0] as const;
  })();
  const [, tExpand] = time(() => small.catalogNames.forEach((n) => small.getCatalog(n)));
  const heapSmall = heapMb();
  console.log('Small catalogs (browser-safe)');
  console.log(`  import of index.ts with ${small.catalogNames.length} JSON catalogs: ${ms(tSmallImport)} (includes module transform), expanding all: ${ms(tExpand)}, heap +${(heapSmall - heap0).toFixed(1)} MB`);

  const server = await import('../packages/cfdi/src/catalogs/server/index');
  console.log('c_CodigoPostal');
  const [cps, tCp] = time(() => server.loadPostalCodes());
  const heapCp = heapMb();
  console.log(`  first load: ${ms(tCp)} for ${cps} CPs, heap +${(heapCp - heapSmall).toFixed(1)} MB`);
  const cpQueries = Array.from({ length: 20000 }, () => String(Math.floor(rand() * 100000)).padStart(5, '0'));
  const [, tLookups] = time(() => cpQueries.forEach((cp) => server.postalCode(cp)));
  console.log(`  postalCode(): ${((tLookups * 1000) / cpQueries.length).toFixed(2)} µs per lookup (20,000 random CPs)`);

  console.log('c_ClaveProdServ');
  const [, tRows] = time(() => server.findProductService('84111506'));
  const heapRows = heapMb();
  console.log(`  first load of rows (gunzip + parse): ${ms(tRows)}, heap +${(heapRows - heapCp).toFixed(1)} MB`);
  const [stats, tIndex] = time(() => server.loadProductServices());
  const heapIndex = heapMb();
  console.log(`  inverted index build: ${ms(tIndex)} for ${stats.entries} entries, ${stats.words} words, heap +${(heapIndex - heapRows).toFixed(1)} MB`);
  const descriptions = small.getCatalog('c_ClaveUnidad').map((u) => u.descripcion);
  const prodDescriptions: string[] = [];
  for (const q of ['servicio', 'equipo', 'material', 'producto', 'sistema', 'agua', 'papel']) {
    prodDescriptions.push(...server.searchProductService(q, 200).map((h) => h.descripcion));
  }
  latency('searchProductService', queriesFor(prodDescriptions, 400), (q) => server.searchProductService(q));

  console.log('c_ClaveUnidad');
  const [, tUnit] = time(() => server.searchUnit('pieza'));
  console.log(`  first search (builds index): ${ms(tUnit)}`);
  latency('searchUnit', queriesFor(descriptions, 300), (q) => server.searchUnit(q));

  console.log(`Total heap after everything: ${heapMb().toFixed(1)} MB (${gc ? 'after gc' : 'no --expose-gc: figures include garbage'})`);
}

await main();
