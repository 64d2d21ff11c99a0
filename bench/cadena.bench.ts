/**
 * Cadena original throughput on a cfdi40-real.xml-like document with 10 concepts.
 *
 *   npx tsx bench/cadena.bench.ts
 *
 * Prints cadenas/s with the tree already parsed and with parsing included (the fast reader, and
 * saxes alone for comparison), received-CFDI parses/s, and, when xsltproc is installed, the same
 * cadena by spawning xsltproc with SAT's XSLT. Rates are per CPU-second of this process (the
 * machine is shared); the goal for parse + cadena is 13,000/s (issue 18: twice in-process libxslt).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fixturePath, readFixture } from '../packages/cfdi/test/fixtures';
import { findChild, findChildren, NS, parseXml, writeXml, type XmlElement } from '../packages/cfdi/src/xml';
import { cadenaOriginal } from '../packages/cfdi/src/cadena';
import { parseWithSaxes } from '../packages/cfdi/src/xml/parse';
import { cpuRate } from './support';

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

const fmt = (x: number): string => Math.round(x).toLocaleString('es-MX');

const xml = tenConceptDocument();
const tree = parseXml(xml);
const cadena = cadenaOriginal(tree);
console.log(`Documento: CFDI 4.0 con 10 conceptos, ${fmt(Buffer.byteLength(xml))} bytes; cadena de ${fmt(cadena.length)} caracteres`);
console.log('Cifras por segundo de CPU del proceso (mejor de 5 ventanas; la máquina es compartida).');
console.log(`cadenaOriginal (árbol ya parseado):   ${fmt(cpuRate(() => cadenaOriginal(tree)))} cadenas/s`);
const parsePlusCadena = cpuRate(() => cadenaOriginal(parseXml(xml)));
console.log(`parseXml + cadenaOriginal:            ${fmt(parsePlusCadena)} cadenas/s (meta ≥ 13,000: ${parsePlusCadena >= 13_000 ? 'sí' : 'NO'})`);
console.log(`  mismo con saxes (sin lector rápido): ${fmt(cpuRate(() => cadenaOriginal(parseWithSaxes(xml, 100))))} cadenas/s`);
console.log(`parseXml (CFDI recibido):             ${fmt(cpuRate(() => parseXml(xml)))} documentos/s`);

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
