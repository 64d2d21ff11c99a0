import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cadenaOriginal } from '../../src/cadena';
import { readCfdi, summarizeCfdi } from '../../src/model';
import { pdfText } from '../../src/pdf/pdf-text-for-tests';
import { readTimbreView, renderPdf } from '../../src/pdf';
import { formatTotal10x6, formatTotal18x6 } from '../../src/qr';
import { SandboxPac, toMexicoCityLocal } from '../../src/stamp';
import { sealWithTestCsd } from '../../src/stamp/test-helpers';
import { verifyCfdi } from '../../src/verify';
import { findChild, isElement, parseXml, writeXml, type XmlElement } from '../../src/xml';
import { largeCfdi } from './large-document';

const vectorsDir = path.resolve(import.meta.dirname, '../vectors');
/** The hand-written complement documents (Carta Porte 3.1, CCE 2.0, Nómina, Pagos, implocal, INE, …). */
const complementDocs = readdirSync(vectorsDir)
  .filter((f) => f.startsWith('cfdi40-') && f.endsWith('.xml'))
  .map((f) => path.join(vectorsDir, f));
/** The same real CFDI written with other prefixes, default namespace, CRLF, ISO-8859-1… (./vectors). */
const quirkDocs = readdirSync(path.join(import.meta.dirname, 'vectors'))
  .filter((f) => f.startsWith('cfdi40-') && f.endsWith('.xml'))
  .map((f) => path.join(import.meta.dirname, 'vectors', f));

const anHourAgo = () => toMexicoCityLocal(new Date(Date.now() - 3_600_000));

/** Takes a received document as if we had issued it now: drop its TFD, re-date, seal with the test CSD. */
function reissue(root: XmlElement): string {
  const complemento = findChild(root, root.ns, 'Complemento');
  if (complemento) complemento.children = complemento.children.filter((c) => !isElement(c) || c.local !== 'TimbreFiscalDigital');
  root.attrs.set('Fecha', anHourAgo());
  findChild(root, root.ns, 'Emisor')!.attrs.set('Rfc', 'EKU9003173C9');
  return writeXml(sealWithTestCsd(root));
}

describe('sandbox PAC, verify and PDF on documents with real-world complements', () => {
  const pac = new SandboxPac({ validate: false });

  it('has the complement documents', () => {
    expect(complementDocs.length).toBeGreaterThanOrEqual(7);
  });

  it.each([...complementDocs, ...quirkDocs].map((f) => [path.basename(f), f]))('%s: stamps, verifies and prints', async (_name, file) => {
    const xml = reissue(parseXml(new Uint8Array(readFileSync(file))));
    const stamped = await pac.stamp(xml);
    expect(verifyCfdi(stamped.xml).ok).toBe(true);
    const root = parseXml(stamped.xml);
    expect(summarizeCfdi(readCfdi(root)).uuid).toBe(stamped.uuid);
    const text = pdfText(await renderPdf(root, { compress: false }));
    expect(text).toContain(stamped.uuid);
    expect(text).toContain('SIN VALIDEZ FISCAL');
  });
});

describe('PDF and QR of a received document with unreadable amounts', () => {
  const broken = () => {
    const root = parseXml(readFileSync(path.join(vectorsDir, 'cfdi40-nomina12.xml')));
    root.attrs.set('Total', '1e3');
    const nomina = findChild(findChild(root, root.ns, 'Complemento')!, 'http://www.sat.gob.mx/nomina12', 'Nomina')!;
    nomina.attrs.set('TotalDeducciones', 'mil pesos');
    return root;
  };

  it('prints the values as written instead of crashing on them', async () => {
    const text = pdfText(await renderPdf(broken(), { compress: false }));
    expect(text).toContain('1e3');
    expect(text).toContain('mil pesos');
    // No "importe con letra" is invented for a Total that is not a number.
    expect(text).not.toMatch(/MIL PESOS 00\/100/);
  });

  it('prints no QR with a made-up total when the document is stamped', async () => {
    const images = (pdf: Uint8Array) => (Buffer.from(pdf).toString('latin1').match(/\/Subtype\s*\/Image/g) ?? []).length;
    const root = parseXml(readFileSync(path.join(vectorsDir, 'cfdi40-texto-especial.xml')));
    expect(images(await renderPdf(root, { compress: false }))).toBeGreaterThan(0);
    root.attrs.set('Total', 'N/A');
    const pdf = await renderPdf(root, { compress: false });
    expect(pdfText(pdf)).toContain('N/A');
    expect(images(pdf)).toBe(0);
  });

  it('refuses exponent and garbage totals in the QR text with a Spanish message', () => {
    expect(() => formatTotal18x6('1e3')).toThrow('"1e3" no es un número decimal válido');
    expect(() => formatTotal10x6('Infinity')).toThrow('no es un número decimal válido');
    expect(formatTotal18x6(' 1160.00 ')).toBe('1160.0');
  });
});

describe('a 3,000-concept CFDI (about 5 MB)', () => {
  it('parses, gives its cadena, stamps, verifies and indexes within seconds', async () => {
    const root = largeCfdi(3000, 1000, anHourAgo());
    const xml = writeXml(sealWithTestCsd(root));
    expect(Buffer.byteLength(xml)).toBeGreaterThan(5_000_000);
    const parsed = parseXml(Buffer.from(xml));
    expect(cadenaOriginal(parsed)).toBe(cadenaOriginal(root));
    const stamped = await new SandboxPac({ validate: false }).stamp(xml);
    expect(verifyCfdi(stamped.xml).ok).toBe(true);
    const summary = summarizeCfdi(readCfdi(parseXml(stamped.xml)));
    expect(summary.total).toBe(root.attrs.get('Total'));
    // Speed is printed by bench/large-cfdi.bench.ts; the timeout only catches quadratic work.
  }, 120_000);

  it('renders its PDF (short descriptions) in bounded time', async () => {
    const pdf = await renderPdf(largeCfdi(3000, 80), { compress: true });
    const pages = (Buffer.from(pdf).toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []).length;
    expect(pages).toBeGreaterThan(100);
    // Speed is printed by bench/large-cfdi.bench.ts; the timeout only catches quadratic work.
  }, 180_000);
});

describe('QR of a received CFDI 3.2 (lowercase attribute names)', () => {
  it('uses the 3.2 expression with the lowercase rfc/total of the document', () => {
    const xml =
      '<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/3" xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" version="3.2" fecha="2016-05-01T10:00:00" sello="abc" subTotal="1000.00" total="1160.50" tipoDeComprobante="ingreso">' +
      '<cfdi:Emisor rfc="AAA010101AAA" nombre="EMISOR"/><cfdi:Receptor rfc="BBB010101BBB"/><cfdi:Conceptos/>' +
      '<cfdi:Complemento><tfd:TimbreFiscalDigital version="1.0" UUID="ABCDEFAB-1234-1234-1234-ABCDEFABCDEF" FechaTimbrado="2016-05-01T10:00:01" selloCFD="abc" noCertificadoSAT="1" selloSAT="x"/></cfdi:Complemento></cfdi:Comprobante>';
    expect(readTimbreView(parseXml(xml))?.qrUrl).toBe(
      'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?re=AAA010101AAA&rr=BBB010101BBB&tt=0000001160.500000&id=ABCDEFAB-1234-1234-1234-ABCDEFABCDEF',
    );
  });
});

describe('PDF text outside the standard fonts (WinAnsi)', () => {
  it('prints "?" or the accent-free letter instead of garbage glyphs, keeps Spanish and € intact', async () => {
    const root = parseXml(readFileSync(path.join(vectorsDir, 'cfdi40-texto-especial.xml')));
    const concepto = findChild(findChild(root, root.ns, 'Conceptos')!, root.ns, 'Concepto')!;
    concepto.attrs.set('Descripcion', 'Café ☕ 日本 Кир ā ﬁ € “Ñandú”\u200b fin');
    const text = pdfText(await renderPdf(root, { compress: false }));
    // pdfText decodes as latin1, so €, “ and ” (WinAnsi 0x80, 0x93, 0x94) read back as C1 controls.
    expect(text).toContain('Café ? ?? ??? a fi \u0080 \u0093Ñandú\u0094 fin');
  });

  it('toWinAnsi leaves WinAnsi text untouched', async () => {
    const { toWinAnsi } = await import('../../src/pdf/layout/win-ansi');
    const spanish = 'ÁÉÍÓÚÜÑ áéíóúüñ ¿¡ «» ° ª º € — … “” ‘’ • \t\n';
    expect(toWinAnsi(spanish)).toBe(spanish);
    expect(toWinAnsi('😀x')).toBe('?x');
  });
});
