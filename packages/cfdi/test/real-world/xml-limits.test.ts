import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_XML_DEPTH, findDescendant, parseXml, writeXml, xmlEncodingOf, XmlInputError, type XmlInputErrorCode } from '../../src/xml';
import { cadenaOriginal } from '../../src/cadena';
import { thrown } from '../thrown';

const CFDI_NS = 'xmlns:cfdi="http://www.sat.gob.mx/cfd/4"';

const refusal = (run: () => unknown): XmlInputError => thrown(XmlInputError, run);

const expectRefused = (source: string | Uint8Array, code: XmlInputErrorCode): XmlInputError => {
  const e = refusal(() => parseXml(source));
  expect(e.code).toBe(code);
  expect(e.message).not.toContain('\n');
  return e;
};

// No wall-clock assertions (a loaded CI machine makes them flaky; bench/ prints speed): the test timeout
// alone catches the minutes-long work hostile input used to cause.
const HOSTILE_TIMEOUT_MS = 60_000;

const nested = (levels: number, inner = '') =>
  `<cfdi:Comprobante ${CFDI_NS} Version="4.0"><cfdi:Addenda>${'<a>'.repeat(levels)}${inner}${'</a>'.repeat(levels)}</cfdi:Addenda></cfdi:Comprobante>`;

describe('nesting depth', () => {
  it('refuses 10,000 levels at once instead of overflowing the stack of writeXml/cadena walkers', () => {
    const e = expectRefused(nested(10_000), 'too-deep');
    expect(e.message).toBe(`El XML anida elementos a más de ${DEFAULT_MAX_XML_DEPTH} niveles; por seguridad no se procesa`);
  }, HOSTILE_TIMEOUT_MS);

  it('refuses 100,000 levels quickly (saxes work grows with depth × elements: this took minutes)', () => {
    expectRefused(nested(100_000), 'too-deep');
  }, HOSTILE_TIMEOUT_MS);

  it('accepts the deepest allowed document and every walker handles it', () => {
    // Comprobante + Addenda + levels + b = maxDepth.
    const root = parseXml(nested(DEFAULT_MAX_XML_DEPTH - 3, '<b x="1"/>'));
    expect(findDescendant(root, '', 'b')?.attrs.get('x')).toBe('1');
    expect(parseXml(writeXml(root)).name).toBe('cfdi:Comprobante');
    expect(cadenaOriginal(root)).toBe('||4.0||||||||||');
    expectRefused(nested(DEFAULT_MAX_XML_DEPTH - 2, '<b/>'), 'too-deep');
  });

  it('takes a caller limit', () => {
    expect(refusal(() => parseXml('<a><b><c/></b></a>', { maxDepth: 2 })).code).toBe('too-deep');
    expect(parseXml('<a><b><c/></b></a>', { maxDepth: 3 }).local).toBe('a');
  });
});

describe('size and breadth limits', () => {
  it('refuses a 50 MB text node before parsing', () => {
    expectRefused(`<r>${'a'.repeat(50 * 1024 * 1024)}</r>`, 'too-large');
  }, HOSTILE_TIMEOUT_MS);

  it('handles 200,000 attributes on one element in bounded time', () => {
    const xml = `<r ${Array.from({ length: 200_000 }, (_, i) => `a${i}="x"`).join(' ')}/>`;
    expect(parseXml(xml).attrs.size).toBe(200_000);
  }, HOSTILE_TIMEOUT_MS);

  it('refuses a duplicated attribute even among many', () => {
    const xml = `<r ${Array.from({ length: 5_000 }, (_, i) => `a${i}="x"`).join(' ')} a17="y"/>`;
    expect(expectRefused(xml, 'not-well-formed').message).toMatch(/atributo duplicado: a17/);
  });

  it('has no entity expansion to blow up: a DOCTYPE with a parameter-entity bomb is refused', () => {
    const bomb = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY % a "aaaaaaaaaa"><!ENTITY % b "%a;%a;%a;%a;">%b;]><r/>';
    expectRefused(bomb, 'doctype');
  });
});

describe('declared encodings (byte input)', () => {
  const latin1 = (s: string) => Uint8Array.from(Buffer.from(s, 'latin1'));

  it('transcodes ISO-8859-1 as libxml2 does, so Ñ and accents survive', () => {
    const root = parseXml(latin1('<?xml version="1.0" encoding="ISO-8859-1"?><r a="ÑANDÚ"/>'));
    expect(root.attrs.get('a')).toBe('ÑANDÚ');
  });

  it('accepts the encoding name in any case and windows-1252 with its euro sign', () => {
    expect(parseXml(latin1('<?xml version="1.0" encoding="iso-8859-1"?><r a="ñ"/>')).attrs.get('a')).toBe('ñ');
    const cp1252 = Uint8Array.from([...Buffer.from('<?xml version="1.0" encoding="windows-1252"?><r a="'), 0x80, ...Buffer.from('"/>')]);
    expect(parseXml(cp1252).attrs.get('a')).toBe('€');
    expect(parseXml(Buffer.from('<?xml version="1.0" encoding="utf-8"?><r a="ñ"/>')).attrs.get('a')).toBe('ñ');
  });

  it('refuses UTF-16 and unknown encodings with a clear Spanish message', () => {
    const utf16 = Uint8Array.from(Buffer.from('\uFEFF<r/>', 'utf16le'));
    expect(expectRefused(utf16, 'encoding').message).toBe(
      'El XML usa la codificación UTF-16, que no se admite; guárdelo en UTF-8 (la que exige el Anexo 20)',
    );
    expectRefused(Buffer.from('<?xml version="1.0" encoding="Shift_JIS"?><r/>'), 'encoding');
  });

  it('still refuses bytes that are not UTF-8 when none other is declared', () => {
    expectRefused(latin1('<r a="ñ"/>'), 'not-well-formed');
  });
});

describe('xmlEncodingOf', () => {
  it('tells the encoding parseXml reads the bytes in', () => {
    expect(xmlEncodingOf(Buffer.from('<?xml version="1.0" encoding="iso-8859-1"?><r/>'))).toBe('ISO-8859-1');
    expect(xmlEncodingOf(Buffer.from("<?xml version='1.0' encoding='utf-8' standalone='yes'?><r/>"))).toBe('UTF-8');
    expect(xmlEncodingOf(Buffer.from('<r/>'))).toBe('UTF-8');
    expect(xmlEncodingOf(Buffer.from('\uFEFF<?xml version="1.0" encoding="ISO-8859-1"?><r/>'))).toBe('UTF-8');
    expect(xmlEncodingOf(Buffer.from('\uFEFF<r/>', 'utf16le'))).toBe('UTF-16');
  });
});
