import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cadenaOriginal } from '../../src/cadena';
import { readCfdi, summarizeCfdi } from '../../src/model';
import { verifyCfdi } from '../../src/verify';
import { parseXml, writeXml } from '../../src/xml';

const dir = path.join(import.meta.dirname, 'vectors');
const names = readdirSync(dir)
  .filter((f) => f.endsWith('.xml'))
  .map((f) => f.slice(0, -4))
  .sort();
const bytes = (name: string) => new Uint8Array(readFileSync(path.join(dir, `${name}.xml`)));
const expected = (name: string) => readFileSync(path.join(dir, `${name}.cadena.txt`), 'utf8');

/** Variants that change only the XML syntax, not the data: the issuer's Sello must still verify. */
const SAME_DATA = [
  'cfdi40-default-namespace',
  'cfdi40-prefijo-cfdi4',
  'cfdi40-crlf-tabs',
  'cfdi40-bom-utf8-minusculas',
  'cfdi40-comentarios-pi',
  'cfdi40-xmlns-internos',
  'cfdi40-addenda-ajena',
  'cfdi33-prefijo-y-crlf',
  'cfdi33-default-namespace',
];

describe('CFDI as real tools write them (cadenas from xsltproc + SAT XSLT)', () => {
  it('has the vectors', () => {
    expect(names.length).toBeGreaterThanOrEqual(12);
  });

  it.each(names)('%s: cadena byte-identical to xsltproc', (name) => {
    expect(cadenaOriginal(parseXml(bytes(name)))).toBe(expected(name));
  });

  it.each(names)('%s: reads, summarises and survives write → parse', (name) => {
    const root = parseXml(bytes(name));
    const summary = summarizeCfdi(readCfdi(root));
    expect(summary.uuid).toMatch(/^[0-9A-F-]{36}$/);
    expect(summary.emisorRfc).toMatch(/^[A-Z&Ñ]{3,4}\d{6}[A-Z0-9]{3}$/);
    expect(summary.total).toMatch(/^\d+(\.\d+)?$/);
    const again = parseXml(writeXml(root));
    expect(cadenaOriginal(again)).toBe(expected(name));
  });

  it.each(SAME_DATA)('%s: the issuer Sello still verifies', (name) => {
    const result = verifyCfdi(bytes(name));
    expect(result.checks.find((c) => c.id === 'sello')?.status).toBe('ok');
  });

  it('reads Version with surrounding spaces as xsltproc does (normalize-space)', () => {
    const root = parseXml(bytes('cfdi40-default-namespace'));
    const cadena = cadenaOriginal(root);
    root.attrs.set('Version', ' 4.0\t');
    expect(cadenaOriginal(root)).toBe(cadena);
  });

  it('decodes the ISO-8859-1 file as declared (Ñ and É reach the cadena as xsltproc gives them)', () => {
    expect(expected('cfdi40-iso-8859-1')).toContain('|CARLOS CORTÉS SOTO Ñ|');
  });
});
