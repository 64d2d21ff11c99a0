import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../test/fixtures';
import { findDescendant, NS, parseXml } from '../xml';
import { cadenaOriginal, cadenaTfd } from '.';

/** Every file under `dir` (recursively) whose name ends with `suffix`. */
function filesEndingWith(dir: string, suffix: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(suffix))
    .map((f) => path.join(dir, f))
    .sort();
}

const cfdiDir = fixturePath('cfdi');
const vectorsDir = path.resolve(import.meta.dirname, '../../test/vectors');

// Cadenas made by xsltproc with SAT's stylesheets: SAT's reference fixtures and our own vectors.
const cases = [...filesEndingWith(cfdiDir, '.cadena.txt'), ...filesEndingWith(vectorsDir, '.cadena.txt')];
const tfdCases = filesEndingWith(cfdiDir, '.tfd-cadena.txt');

describe('cadenaOriginal matches xsltproc byte for byte', () => {
  it('has reference cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(15 + 80);
  });

  it.each(cases.map((f) => [path.relative(path.dirname(cfdiDir), f).replace(/^\.\.\/+/, ''), f]))('%s', (_name, file) => {
    const root = parseXml(readFileSync(file.replace(/\.cadena\.txt$/, '.xml')));
    const expected = readFileSync(file, 'utf8');
    const cadena = root.ns === NS.tfd ? cadenaTfd(root) : cadenaOriginal(root);
    expect(cadena).toBe(expected);
  });
});

describe('cadenaTfd matches xsltproc byte for byte', () => {
  it.each(tfdCases.map((f) => [path.basename(f), f]))('%s', (_name, file) => {
    const root = parseXml(readFileSync(file.replace(/\.tfd-cadena\.txt$/, '.xml')));
    const tfd = findDescendant(root, NS.tfd, 'TimbreFiscalDigital');
    expect(tfd).toBeDefined();
    expect(cadenaTfd(tfd!)).toBe(readFileSync(file, 'utf8'));
  });
});
