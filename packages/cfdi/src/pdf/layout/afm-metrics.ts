import PDFDocument from 'pdfkit';
import { kerningTable } from './pdfkit-kerning';

/**
 * Widths and TJ strings of a standard (AFM) font from per-character tables, with pdfkit's own values.
 *
 * pdfkit measures and encodes a string by building, per character, a glyph-name array, an advances
 * array and one `{xAdvance, yAdvance, xOffset, yOffset, advanceWidth}` object, then looks every
 * kerning pair up by a new `left + '\0' + right` string. For the tens of thousands of lines of a
 * 3,000-concept CFDI that was over a tenth of the PDF's CPU, plus the garbage it left. Here each
 * character code is resolved once per font (through pdfkit's own `characterToGlyph`, `encodeText` and
 * glyph widths, so nothing is re-derived; the kerning pairs from pdfkit-kerning.ts's table), and a line
 * is measured or encoded in one pass over its codes.
 */

interface AfmFont {
  glyphWidths: Record<string, number>;
  kernPairs: Record<string, number>;
  encodeText(text: string): string[];
  characterToGlyph(code: number): string;
}

export interface AfmMetrics {
  /** Width of `text` at 1,000 pt: pdfkit's widthOfString(text, 1000). */
  widthEm(text: string): number;
  /** The TJ array pdfkit's text() writes for `text` (WinAnsi codes, kerning adjustments between pairs). */
  tj(text: string): string;
}

/** A number as pdfkit writes it into a content stream. */
export const pdfNumber = (n: number): string => String(Math.round(n * 1e4) / 1e4);

class Metrics implements AfmMetrics {
  private readonly glyphs: string[] = [];
  private readonly hexes: string[] = [];
  private readonly widths: number[] = [];
  private readonly kerning: Map<string, Map<string, number>>;

  constructor(private readonly font: AfmFont) {
    this.kerning = kerningTable(font);
  }

  /** Resolves a char code once: its glyph name, its hex code in the content stream and its width. */
  private glyph(code: number): string {
    let g = this.glyphs[code];
    if (g === undefined) {
      g = this.font.characterToGlyph(code);
      this.hexes[code] = this.font.encodeText(String.fromCharCode(code))[0];
      this.widths[code] = this.font.glyphWidths[g] || 0;
      this.glyphs[code] = g;
    }
    return g;
  }

  widthEm(text: string): number {
    let width = 0;
    let left = text.length > 0 ? this.glyph(text.charCodeAt(0)) : '';
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      width += this.widths[code];
      if (i + 1 < text.length) {
        const right = this.glyph(text.charCodeAt(i + 1));
        width += this.kerning.get(left)?.get(right) ?? 0;
        left = right;
      }
    }
    return width;
  }

  tj(text: string): string {
    let out = '[';
    let segment = '';
    let left = text.length > 0 ? this.glyph(text.charCodeAt(0)) : '';
    for (let i = 0; i < text.length; i++) {
      segment += this.hexes[text.charCodeAt(i)];
      if (i + 1 < text.length) {
        const right = this.glyph(text.charCodeAt(i + 1));
        const kern = this.kerning.get(left)?.get(right) ?? 0;
        left = right;
        if (kern !== 0) {
          out += `<${segment}> ${pdfNumber(-kern)} `;
          segment = '';
        }
      }
    }
    return `${out}<${segment}> 0]`;
  }
}

const byFont = new Map<string, AfmMetrics>();

/** The metrics of one of the standard fonts (`Helvetica`, `Helvetica-Bold`, …), built on first use. */
export function afmMetrics(fontName: string): AfmMetrics {
  let metrics = byFont.get(fontName);
  if (!metrics) {
    const doc = new PDFDocument({ autoFirstPage: false });
    const font = (doc.font(fontName) as unknown as { _font?: { font?: AfmFont } })._font?.font;
    if (!font || typeof font.characterToGlyph !== 'function' || typeof font.encodeText !== 'function' || !font.glyphWidths || !font.kernPairs) {
      throw new Error(`pdfkit ya no expone las métricas AFM de ${fontName}`);
    }
    metrics = new Metrics(font);
    byFont.set(fontName, metrics);
  }
  return metrics;
}
