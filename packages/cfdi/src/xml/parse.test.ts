import { describe, expect, it } from 'vitest';
import { parseXml, XmlInputError, type XmlInputErrorCode } from '.';
import { thrown } from '../../test/thrown';

const rejection = (source: string | Uint8Array, maxBytes?: number): XmlInputError =>
  thrown(XmlInputError, () => parseXml(source, maxBytes === undefined ? {} : { maxBytes }));

const expectRejected = (source: string | Uint8Array, code: XmlInputErrorCode, maxBytes?: number): XmlInputError => {
  const e = rejection(source, maxBytes);
  expect(e.code).toBe(code);
  expect(e.message).not.toContain('\n');
  return e;
};

describe('parseXml security', () => {
  it('refuses an external entity (XXE) in a DOCTYPE', () => {
    const xxe = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>';
    const e = expectRejected(xxe, 'doctype');
    expect(e.message).toBe('El XML contiene una declaración DOCTYPE; por seguridad no se procesa');
  });

  it('refuses billion laughs', () => {
    const lol = [
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">',
      ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`),
      ']><lolz>&lol9;</lolz>',
    ].join('');
    expectRejected(lol, 'doctype');
  });

  it('refuses even a harmless DOCTYPE', () => {
    expectRejected('<!DOCTYPE r><r/>', 'doctype');
  });

  it('never resolves entities other than the predefined ones', () => {
    const e = expectRejected('<r a="&nbsp;"/>', 'not-well-formed');
    expect(e.message).toMatch(/^El XML no está bien formado: entidad no definida/);
  });

  it('refuses input above the default 10 MB before parsing', () => {
    const big = `<r>${'a'.repeat(10 * 1024 * 1024)}</r>`;
    expect(expectRejected(big, 'too-large').message).toBe('El XML excede el tamaño máximo permitido de 10 MB');
    expectRejected(new TextEncoder().encode(big), 'too-large');
  });

  it('counts bytes, not characters, against maxBytes', () => {
    expect(parseXml('<r>ñ</r>', { maxBytes: 10 }).children).toEqual([{ text: 'ñ' }]);
    // 9 characters but 11 bytes.
    expectRejected('<r>ññ</r>', 'too-large', 10);
  });

  it.each([
    ['unclosed', '<a><b></a>'],
    ['two roots', '<a/><b/>'],
    ['unbound prefix', '<x:a/>'],
    ['duplicate attribute', '<a x="1" x="2"/>'],
    ['text only', 'hola'],
    ['truncated', '<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0"'],
  ])('refuses not well-formed input: %s', (_name, xml) => {
    expect(expectRejected(xml, 'not-well-formed').message).toMatch(/^El XML no está bien formado: /);
  });

  it('refuses bytes that are not UTF-8', () => {
    const latin1 = Uint8Array.from([...Buffer.from('<r a="'), 0xf1, ...Buffer.from('"/>')]);
    expectRejected(latin1, 'not-well-formed');
  });

  it.each([
    ['empty string', ''],
    ['whitespace', ' \n\t '],
    ['BOM only', '\uFEFF'],
  ])('refuses empty input: %s', (_name, xml) => {
    expect(expectRejected(xml, 'empty').message).toBe('El XML está vacío');
  });
  it('refuses an empty byte array', () => {
    expectRejected(new Uint8Array(0), 'empty');
  });
});

describe('parseXml tree', () => {
  it('is namespace-aware and keeps prefixes, declarations and attribute order', () => {
    const root = parseXml(
      '<a:R xmlns:a="urn:a" xmlns="urn:d" z="1" a:y="2" b="3"><C x="1"/><a:D/><E xmlns="" /></a:R>',
    );
    expect(root).toMatchObject({ name: 'a:R', local: 'R', ns: 'urn:a' });
    expect([...root.nsDecls]).toEqual([
      ['a', 'urn:a'],
      ['', 'urn:d'],
    ]);
    expect([...root.attrs]).toEqual([
      ['z', '1'],
      ['a:y', '2'],
      ['b', '3'],
    ]);
    const [c, d, e] = root.children as Array<{ ns: string; local: string }>;
    expect([c.ns, d.ns, e.ns]).toEqual(['urn:d', 'urn:a', '']);
  });

  it('strips a UTF-8 BOM from strings and bytes', () => {
    expect(parseXml('\uFEFF<r/>').name).toBe('r');
    expect(parseXml(Uint8Array.from([0xef, 0xbb, 0xbf, ...Buffer.from('<r>é</r>')])).children).toEqual([{ text: 'é' }]);
  });

  it('drops whitespace-only text between elements and keeps other text exactly', () => {
    const root = parseXml('<r>\n  <a>  x &amp; y\n</a>\n\t<b> <!-- c -->\n</b><c>a<![CDATA[<b>]]>c</c><d><e/> </d></r>');
    expect(root.children).toHaveLength(4);
    const [a, b, c, d] = root.children as Array<{ children: unknown[] }>;
    expect(a.children).toEqual([{ text: '  x & y\n' }]);
    // XSLT built-in rules would copy it, so an element without child elements keeps it.
    expect(b.children).toEqual([{ text: ' \n' }]);
    expect(c.children).toEqual([{ text: 'a<b>c' }]);
    expect(d.children).toHaveLength(1);
  });

  it('applies XML attribute-value normalisation but keeps character references', () => {
    const root = parseXml('<r a="x\ty\nz" b="x&#9;y&#10;z&#13;" c="&lt;&amp;&gt;&quot;&apos;&#xD1;"/>');
    expect(root.attrs.get('a')).toBe('x y z');
    expect(root.attrs.get('b')).toBe('x\ty\nz\r');
    expect(root.attrs.get('c')).toBe('<&>"\'Ñ');
  });
});
