/**
 * A large received CFDI: 3,000 concepts with 1,000-character descriptions (about 5 MB), through
 * every step the app runs on it, plus hostile inputs the parser must refuse fast.
 *
 *   npx tsx bench/large-cfdi.bench.ts
 *
 * Prints milliseconds per step (best of a few runs: the machine is shared) and MB/s for parse+cadena.
 */
import { cadenaOriginal } from '../packages/cfdi/src/cadena';
import { readCfdi, summarizeCfdi } from '../packages/cfdi/src/model';
import { renderPdf } from '../packages/cfdi/src/pdf';
import { SandboxPac, toMexicoCityLocal } from '../packages/cfdi/src/stamp';
import { sealWithTestCsd } from '../packages/cfdi/src/stamp/test-helpers';
import { verifyCfdi } from '../packages/cfdi/src/verify';
import { parseXml, writeXml, XmlInputError } from '../packages/cfdi/src/xml';
import { largeCfdi } from '../packages/cfdi/test/real-world/large-document';

/**
 * Best wall time of `runs`, printed with the CPU time (user + system of this process) of that
 * run: on the shared machine the wall clock also counts other processes, the CPU time does not.
 * With `firstLabel`, the first run is printed too, on a line of its own below.
 */
async function best(label: string, runs: number, fn: () => unknown, firstLabel?: string): Promise<number> {
  let min = Infinity;
  let cpuOfMin = 0;
  let first = '';
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    await fn();
    const wall = performance.now() - start;
    const used = process.cpuUsage(cpuStart);
    const cpu = (used.user + used.system) / 1000;
    if (i === 0) first = `${(firstLabel ?? '').padEnd(44)} ${wall.toFixed(0).padStart(7)} ms (CPU ${cpu.toFixed(0)} ms)`;
    if (wall < min) {
      min = wall;
      cpuOfMin = cpu;
    }
  }
  console.log(`${label.padEnd(44)} ${min.toFixed(0).padStart(7)} ms (CPU ${cpuOfMin.toFixed(0)} ms)`);
  if (firstLabel) console.log(first);
  return min;
}

const root = sealWithTestCsd(largeCfdi(3000, 1000, toMexicoCityLocal(new Date(Date.now() - 3_600_000))));
const xml = writeXml(root);
const bytes = new Uint8Array(Buffer.from(xml));
const mb = bytes.byteLength / 1_000_000;
console.log(`documento: 3,000 conceptos, ${mb.toFixed(2)} MB`);

const parsed = parseXml(bytes);
await best('parseXml', 5, () => parseXml(bytes));
await best('cadenaOriginal (árbol ya leído)', 5, () => cadenaOriginal(parsed));
const both = await best('parseXml + cadenaOriginal', 5, () => cadenaOriginal(parseXml(bytes)));
console.log(`${'  → rendimiento parse+cadena'.padEnd(44)} ${(mb / (both / 1000)).toFixed(1).padStart(7)} MB/s`);
await best('readCfdi + summarizeCfdi', 5, () => summarizeCfdi(readCfdi(parsed)));
const pac = new SandboxPac({ validate: false });
let stamped = '';
await best('SandboxPac.stamp (sin matriz de validación)', 1, async () => {
  stamped = (await pac.stamp(xml)).xml;
});
await best('verifyCfdi', 3, () => verifyCfdi(stamped));
const shortDescriptions = largeCfdi(3000, 80); // built outside the timing: only the PDF is measured
// The first PDF of a process also pays for compiling the renderer (V8's optimizing compiler runs on
// other threads, hence CPU above the wall time); a server pays that once. Both are printed: the first
// run, then the best of three, which is what every later PDF of a running server costs.
const JIT = '  primera vez en el proceso (con compilación)';
await best('renderPdf 3,000 conceptos × 80 caracteres (meta < 2 s)', 3, () => renderPdf(shortDescriptions), JIT);
await best('renderPdf 3,000 conceptos × 1,000 caracteres (meta < 4 s)', 3, () => renderPdf(parseXml(stamped)), JIT);

const refuse = (source: string) => () => {
  try {
    parseXml(source);
  } catch (e) {
    if (e instanceof XmlInputError) return;
    throw e;
  }
  throw new Error('se esperaba un rechazo');
};
console.log('\nentradas hostiles (rechazo):');
await best('10,000 niveles de anidamiento', 3, refuse(`<r>${'<a>'.repeat(10_000)}${'</a>'.repeat(10_000)}</r>`));
await best('100,000 niveles de anidamiento', 3, refuse(`<r>${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}</r>`));
await best('nodo de texto de 50 MB', 3, refuse(`<r>${'a'.repeat(50 * 1024 * 1024)}</r>`));
await best('200,000 atributos (aceptado)', 3, () =>
  parseXml(`<r ${Array.from({ length: 200_000 }, (_, i) => `a${i}="x"`).join(' ')}/>`),
);
console.log(`memoria residente al final: ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
