/**
 * Cadena original throughput on a cfdi40-real.xml-like document with 10 concepts.
 *
 *   npx tsx bench/cadena.bench.ts
 *
 * Prints cadenas/s with the tree already parsed and with parsing included, received-CFDI parses/s,
 * and, when xsltproc is installed, the same cadena by spawning xsltproc with SAT's XSLT.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fixturePath, readFixture } from '../packages/cfdi/test/fixtures';
import { findChild, findChildren, NS, parseXml, writeXml, type XmlElement } from '../packages/cfdi/src/xml';
import { cadenaOriginal } from '../packages/cfdi/src/cadena';

function tenConceptDocument(): string {
  const root = parseXml(readFixture('cfdi', 'cfdi40-real.xml'));
  const conceptos = findChild(root, NS.cfdi40, 'Conceptos')!;
  const model = findChildren(conceptos, NS.cfdi40, 'Concepto')[0];
  const clone = (e: XmlElement): XmlElement => ({
    ...e,
    attrs: new Map(e.attrs),
    nsDecls: new Map(e.nsDecls),
    children: e.children.map((c) => ('local' in c ? clone(c) : { ...c })),
  });
  conceptos.children = Array.from({ length: 10 }, (_, i) => {
    const c = clone(model);
    c.attrs.set('NoIdentificacion', `SKU-${i + 1}`);
    return c;
  });
  return writeXml(root);
}

/** Runs fn repeatedly for about `ms` milliseconds and returns operations per second. */
function rate(fn: () => unknown, ms = 2000): number {
  for (let i = 0; i < 200; i++) fn(); // warm-up
  let n = 0;
  const start = process.hrtime.bigint();
  const limit = BigInt(ms) * 1_000_000n;
  let elapsed = 0n;
  while (elapsed < limit) {
    for (let i = 0; i < 50; i++) fn();
    n += 50;
    elapsed = process.hrtime.bigint() - start;
  }
  return n / (Number(elapsed) / 1e9);
}

const fmt = (x: number): string => Math.round(x).toLocaleString('es-MX');

const xml = tenConceptDocument();
const tree = parseXml(xml);
const cadena = cadenaOriginal(tree);
console.log(`Documento: CFDI 4.0 con 10 conceptos, ${fmt(Buffer.byteLength(xml))} bytes; cadena de ${fmt(cadena.length)} caracteres`);
console.log(`cadenaOriginal (árbol ya parseado):   ${fmt(rate(() => cadenaOriginal(tree)))} cadenas/s`);
console.log(`parseXml + cadenaOriginal:            ${fmt(rate(() => cadenaOriginal(parseXml(xml))))} cadenas/s`);
console.log(`parseXml (CFDI recibido):             ${fmt(rate(() => parseXml(xml)))} documentos/s`);

const xslt = fixturePath('sat-xml', 'www.sat.gob.mx/sitio_internet/cfd/4/cadenaoriginal_4_0/cadenaoriginal_4_0.xslt');
const probe = spawnSync('xsltproc', ['--version']);
if (probe.error || probe.status !== 0) {
  console.log('xsltproc no disponible');
} else {
  const dir = mkdtempSync(path.join(tmpdir(), 'cadena-bench-'));
  const file = path.join(dir, 'cfdi.xml');
  writeFileSync(file, xml);
  const runs = 30;
  const start = process.hrtime.bigint();
  let out = '';
  for (let i = 0; i < runs; i++) out = spawnSync('xsltproc', ['--nonet', xslt, file], { encoding: 'utf8' }).stdout;
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  rmSync(dir, { recursive: true, force: true });
  console.log(`xsltproc + XSLT del SAT (proceso por documento): ${(runs / seconds).toFixed(1)} cadenas/s`);
  console.log(`  misma cadena que xsltproc: ${out === cadena ? 'sí' : 'NO'}`);
}
