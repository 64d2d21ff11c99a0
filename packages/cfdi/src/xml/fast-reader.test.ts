import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../test/fixtures';
import { readXmlFast } from './fast-reader';
import { DEFAULT_MAX_XML_BYTES, DEFAULT_MAX_XML_DEPTH, decode, parseWithSaxes } from './parse';
import { isElement, type XmlElement, type XmlNode } from './types';

// The fast reader is only allowed two answers: saxes's exact tree, or "not sure" (undefined).

type Plain = { name: string; local: string; ns: string; attrs: [string, string][]; nsDecls: [string, string][]; children: (Plain | string)[] };
const plain = (e: XmlElement): Plain => ({
  name: e.name,
  local: e.local,
  ns: e.ns,
  attrs: [...e.attrs],
  nsDecls: [...e.nsDecls],
  children: e.children.map((c: XmlNode) => (isElement(c) ? plain(c) : c.text)),
});

const saxes = (text: string): Plain | Error => {
  try {
    return plain(parseWithSaxes(text, DEFAULT_MAX_XML_DEPTH));
  } catch (e) {
    return e as Error;
  }
};

/** Asserts the fast reader agrees with saxes; returns whether it answered (did not give up). */
function agrees(text: string): boolean {
  const fast = readXmlFast(text, DEFAULT_MAX_XML_DEPTH);
  if (fast === undefined) return false;
  const reference = saxes(text);
  if (reference instanceof Error) {
    throw new Error(`el lector rápido aceptó un XML que saxes rechaza (${reference.message}):\n${text.slice(0, 400)}`);
  }
  expect(plain(fast)).toEqual(reference);
  return true;
}

const xmlFilesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && d.name.endsWith('.xml'))
    .map((d) => path.join(d.parentPath, d.name));

const here = import.meta.dirname;
const documents = [
  ...xmlFilesUnder(fixturePath('cfdi')),
  ...xmlFilesUnder(path.join(here, '../../test/vectors')),
  ...xmlFilesUnder(path.join(here, '../../test/real-world/vectors')),
].map((file) => ({ file, text: decode(readFileSync(file), DEFAULT_MAX_XML_BYTES) }));

describe('fast XML reader', () => {
  it('reads every fixture and golden vector exactly as saxes does (and answers for the usual CFDI)', () => {
    expect(documents.length).toBeGreaterThan(30);
    let answered = 0;
    for (const { text } of documents) if (agrees(text)) answered++;
    // Only exotic inputs may go to saxes: most real documents must take the fast path.
    expect(answered).toBeGreaterThan(documents.length * 0.8);
  });

  it.each([
    ['CRLF, lone CR and tabs in attributes and text', '<a x="1\r\n2\t3\r4" y="&#xD;&#10;&#9;">t\r\nu\rv</a>'],
    ['entities and character references', `<a x="&lt;&amp;&gt;&quot;&apos;&#241;&#xF1;">&lt;p&gt; &#x1F600; &amp;amp;</a>`],
    ['CDATA merged into text, comments and PIs dropped', '<?xml version="1.0"?><!-- c --><a>x<![CDATA[<y> & ]]>z<!--n--><?pi data?>w</a><?after?>'],
    ['whitespace kept in a leaf, dropped between elements', '<a>\n  <b>\n</b>\n  <c> </c><d/>\n</a>'],
    ['default and prefixed namespaces, redeclared and nested', '<r xmlns="urn:d" xmlns:p="urn:p"><p:x a="1" p:b="2"><y xmlns="urn:e" xmlns:p="urn:q"><p:z/></y></p:x><w xmlns=""/></r>'],
    ['xsi and xml attributes', '<cfdi:C xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="a b" xml:lang="es"/>'],
    ['single quotes and spaces around =', "<a x = 'say \"hi\"' y\n=\n\"it's\" ></a >"],
  ])('agrees with saxes on %s', (_label, xml) => {
    expect(agrees(xml)).toBe(true);
  });

  it.each([
    ['a DOCTYPE', '<!DOCTYPE a><a/>'],
    ['an unknown entity', '<a>&nbsp;</a>'],
    ['a bare ampersand', '<a x="a & b"/>'],
    ['a forbidden character reference', '<a>&#0;</a>'],
    ['a control character', '<a>\u0001</a>'],
    ['mismatched tags', '<a><b></a></b>'],
    ['an unclosed root', '<a><b/>'],
    ['two roots', '<a/><b/>'],
    ['text outside the root', '<a/>x'],
    ['an unbound prefix', '<p:a/>'],
    ['an unbound attribute prefix', '<a q:x="1"/>'],
    ['a duplicate attribute', '<a x="1" x="2"/>'],
    ['the same attribute through two prefixes', '<a xmlns:p="urn:x" xmlns:q="urn:x" p:x="1" q:x="2"/>'],
    ['missing whitespace between attributes', '<a x="1"y="2"/>'],
    ['< in an attribute', '<a x="<"/>'],
    [']]> in text', '<a>]]></a>'],
    ['a comment with --', '<a><!-- a -- b --></a>'],
    ['an XML declaration not at the start', ' <?xml version="1.0"?><a/>'],
    ['an empty prefixed namespace', '<a xmlns:p=""/>'],
    ['a non-ASCII name (legal, left to saxes)', '<año/>'],
  ])('gives up on %s', (_label, xml) => {
    expect(readXmlFast(xml, DEFAULT_MAX_XML_DEPTH)).toBeUndefined();
  });

  it('gives up beyond maxDepth', () => {
    expect(readXmlFast('<a><a><a/></a></a>', 2)).toBeUndefined();
    expect(readXmlFast('<a><a/></a>', 2)).toBeDefined();
  });

  it('never accepts what saxes refuses nor builds another tree: 6,000 mutated CFDI', () => {
    // Deterministic mutations (a small LCG) of real documents: deletions, insertions of the
    // characters XML syntax hinges on, and duplicated slices.
    let seed = 12345;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const alphabet = ['<', '>', '&', '"', "'", '/', '=', '!', '?', '-', ':', ' ', '\n', '\r', '\t', ']', '[', ';', '#', 'x', 'a', 'ñ', '\u0000', '&amp;', '&#xD;', '<!--', '-->', '<![CDATA[', ']]>', 'xmlns:p="u"', 'p:'];
    const bases = documents.filter((d) => d.text.length < 20_000).map((d) => d.text);
    let answered = 0;
    for (let i = 0; i < 6000; i++) {
      let text = bases[rand(bases.length)];
      for (let m = 1 + rand(3); m > 0; m--) {
        const at = rand(text.length);
        const kind = rand(3);
        if (kind === 0) text = text.slice(0, at) + text.slice(at + 1 + rand(4));
        else if (kind === 1) text = text.slice(0, at) + alphabet[rand(alphabet.length)] + text.slice(at);
        else text = text.slice(0, at) + text.slice(rand(text.length), rand(text.length)).slice(0, 40) + text.slice(at);
      }
      if (agrees(text)) answered++;
    }
    // Both outcomes must be exercised for the test to mean something.
    expect(answered).toBeGreaterThan(500);
    expect(answered).toBeLessThan(6000);
  });
});
