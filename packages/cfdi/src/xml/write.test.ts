import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../test/fixtures';
import { el, isElement, parseXml, writeXml, type XmlElement } from '.';

/** A plain, order-preserving picture of a tree (Map equality in expect ignores order). */
function plain(e: XmlElement): unknown {
  return {
    name: e.name,
    local: e.local,
    ns: e.ns,
    attrs: [...e.attrs],
    nsDecls: [...e.nsDecls],
    children: e.children.map((c) => (isElement(c) ? plain(c) : c.text)),
  };
}

const xmlFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.xml'))
    .map((f) => path.join(dir, f))
    .sort();

const fixtures = [
  ...xmlFiles(fixturePath('cfdi')),
  ...xmlFiles(path.resolve(import.meta.dirname, '../../test/vectors')),
];

describe('writeXml', () => {
  it.each(fixtures.map((f) => [path.basename(path.dirname(f)) + '/' + path.basename(f), f]))('round-trips %s', (_name, file) => {
    const once = parseXml(readFileSync(file));
    const written = writeXml(once);
    expect(plain(parseXml(written))).toEqual(plain(once));
    expect(writeXml(parseXml(written))).toBe(written);
  });

  it('escapes attribute values so tabs and line breaks survive', () => {
    const value = 'a&b<c>d"e\'f\tg\nh\ri  j';
    const xml = writeXml(el('r', '', { v: value }), { declaration: false });
    expect(xml).toBe('<r v="a&amp;b&lt;c&gt;d&quot;e\'f&#9;g&#10;h&#13;i  j"/>');
    expect(parseXml(xml).attrs.get('v')).toBe(value);
  });

  it('escapes text and keeps it exact', () => {
    const text = ' x & y < z > w ]]> \n ';
    const xml = writeXml(el('r', '', {}, [{ text }]), { declaration: false });
    expect(xml).toBe('<r> x &amp; y &lt; z &gt; w ]]&gt; \n </r>');
    expect(parseXml(xml).children).toEqual([{ text }]);
  });

  it('writes namespace declarations and prefixes as held', () => {
    const root = el('c:A', 'urn:c', { Version: '1' }, [el('c:B', 'urn:c', { x: undefined, y: '2' })], { c: 'urn:c' });
    expect(writeXml(root)).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<c:A xmlns:c="urn:c" Version="1"><c:B y="2"/></c:A>');
  });
});
