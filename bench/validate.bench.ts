/**
 * Validation before stamping: SAT rules and XSD for a 10-concept CFDI 4.0, after warm-up.
 *   npx tsx bench/validate.bench.ts
 */
import { readFileSync } from 'node:fs';
import { validateCfdi, validateXsd } from '../packages/cfdi/src/validate';
import { parseXml, writeXml, findChild, NS, isElement } from '../packages/cfdi/src/xml';
import { fixturePath } from '../packages/cfdi/test/fixtures';

const root = parseXml(readFileSync(fixturePath('cfdi', 'cfdi40-real.xml')));
const conceptos = findChild(root, NS.cfdi40, 'Conceptos')!;
const first = conceptos.children.find(isElement)!;
while (conceptos.children.length < 10) conceptos.children.push(structuredClone(first));
// The document-level Impuestos no longer match 10 copies; validation reports it, which is work too.
const xml = writeXml(root);

function perDoc(label: string, fn: () => void, runs: number) {
  for (let i = 0; i < Math.min(50, runs); i++) fn();
  const t = performance.now();
  for (let i = 0; i < runs; i++) fn();
  const ms = (performance.now() - t) / runs;
  console.log(`${label.padEnd(44)} ${ms.toFixed(3)} ms/doc  (${Math.round(1000 / ms).toLocaleString('en-US')} /s)`);
}

perDoc('validateCfdi (reglas CFDI 4.0, 10 conceptos)', () => validateCfdi(root), 2000);
perDoc('validateXsd (esquemas SAT)', () => validateXsd(xml), 1000);
