import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { afmMetrics, pdfNumber } from './afm-metrics';

// pdfkit's own path, the one afm-metrics replaces: encode() gives the codes and, per glyph, the advance
// with kerning and the width without it.
interface StandardFont {
  encode(text: string): [string[], Array<{ xAdvance: number; advanceWidth: number }>];
}
function pdfkitFont(name: string): StandardFont {
  return (new PDFDocument({ autoFirstPage: false }).font(name) as unknown as { _font: StandardFont })._font;
}
function pdfkitTj(font: StandardFont, text: string): string {
  const [encoded, positions] = font.encode(text);
  let out = '[';
  let segment = '';
  encoded.forEach((code, i) => {
    segment += code;
    const kern = positions[i].xAdvance - positions[i].advanceWidth;
    if (kern !== 0) {
      out += `<${segment}> ${pdfNumber(-kern)} `;
      segment = '';
    }
  });
  return `${out}<${segment}> 0]`;
}

const SAMPLES = [
  '',
  'A',
  'AVATAR Wave "Ñandú" — TORNILLO 3/8" × 2½" A&B',
  'Artículo 7 — acero inoxidable, lote 7: P.Ya. T.V. LT Yo',
  '€ ‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ ¡¿ÁÉÍÓÚáéíóúüÜ\t°',
  '  espacios   al final  ',
];

describe('afmMetrics (per-character tables with pdfkit values)', () => {
  for (const name of ['Helvetica', 'Helvetica-Bold']) {
    it(`${name}: the same widths as pdfkit's widthOfString`, () => {
      const doc = new PDFDocument({ autoFirstPage: false }).font(name).fontSize(1000);
      for (const text of SAMPLES) expect(afmMetrics(name).widthEm(text)).toBe(doc.widthOfString(text));
    });

    it(`${name}: the same TJ arrays as pdfkit's encoder`, () => {
      const font = pdfkitFont(name);
      for (const text of SAMPLES) expect(afmMetrics(name).tj(text)).toBe(pdfkitTj(font, text));
      // Kerned pairs are split with their adjustment ("AV" is -70/1000 em in Helvetica).
      expect(afmMetrics(name).tj('AV')).toMatch(/^\[<41> \d+ <56> 0\]$/);
    });
  }
});
