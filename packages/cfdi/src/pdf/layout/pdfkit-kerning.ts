import PDFDocument from 'pdfkit';

/**
 * Faster kerning lookups for pdfkit's standard (AFM) fonts, same values.
 *
 * pdfkit looks a kerning pair up as `kernPairs[left + '\0' + right]`: a new string for every pair
 * of glyphs, twice per character (pdfmake measures, pdfkit draws). On a 3,000-concept CFDI that was
 * the largest single cost of the PDF (15 % plus the garbage it made). This replaces the method on
 * the AFM font class with a two-level Map built once per font from the same `kernPairs` table.
 * If a pdfkit update changes those internals, the patch is skipped and pdfkit's own method stays.
 */

const TABLE = Symbol('facturo kerning table');

interface AfmFont {
  kernPairs: Record<string, number>;
  getKernPair(left: string, right: string): number;
  // Kept on the font object itself: a WeakMap lookup per glyph pair cost as much as the original.
  [TABLE]?: Map<string, Map<string, number>>;
}

let done = false;

/** The font's kerning pairs as left glyph → right glyph → adjustment, built once per font object. */
export function kerningTable(font: Pick<AfmFont, 'kernPairs' | typeof TABLE>): Map<string, Map<string, number>> {
  let table = font[TABLE];
  if (!table) {
    table = new Map();
    for (const [key, value] of Object.entries(font.kernPairs)) {
      const [left, right] = key.split('\0');
      let row = table.get(left);
      if (!row) table.set(left, (row = new Map()));
      row.set(right, value);
    }
    font[TABLE] = table;
  }
  return table;
}

export function speedUpPdfkitKerning(): void {
  if (done) return;
  done = true;
  const doc = new PDFDocument({ autoFirstPage: false });
  const afm = (doc.font('Helvetica') as unknown as { _font?: { font?: AfmFont } })._font?.font;
  const proto = afm ? (Object.getPrototypeOf(afm) as AfmFont) : undefined;
  if (!afm || !proto || typeof proto.getKernPair !== 'function' || typeof afm.kernPairs !== 'object') return;
  proto.getKernPair = function getKernPair(this: AfmFont, left: string, right: string): number {
    return kerningTable(this).get(left)?.get(right) ?? 0;
  };
}
