import { afmMetrics } from './afm-metrics';
import { toWinAnsi } from './win-ansi';

/**
 * Text broken into lines here instead of by pdfmake, for the long cells of big documents.
 *
 * pdfmake splits a text into one inline per word, then measures, lays out and draws each word as
 * a separate PDF text operation. A 3,000-concept CFDI with 1,000-character descriptions made about
 * half a million of them (10 s). The conceptos column is instead wrapped here with the very metrics
 * pdfmake uses (pdfkit's AFM widths with kerning, read through afm-metrics.ts; the standard fonts
 * being the only fonts the PDF uses) and handed to pdfmake as one `noWrap` text per line: one inline,
 * one text operation per line. (A `noWrap` text keeps "\n" as a glyph rather than breaking there,
 * hence a text per line.)
 *
 * Lines break at spaces like pdfmake; a word wider than the column is cut by characters (pdfmake
 * does the same). Text is converted to WinAnsi first (see win-ansi.ts), since that changes widths.
 */

// Widths at 1,000 pt per font, by text: catalog descriptions repeat the same words thousands of
// times. Bounded so a hostile document cannot grow it without limit.
const caches = { regular: new Map<string, number>(), bold: new Map<string, number>() };
const CACHE_LIMIT = 50_000;

/** Width in points of `text` in Helvetica (bold or not) at `size`, exactly as pdfkit measures it. */
export function textWidth(text: string, size: number, bold = false): number {
  const cache = bold ? caches.bold : caches.regular;
  let em = cache.get(text);
  if (em === undefined) {
    em = afmMetrics(bold ? 'Helvetica-Bold' : 'Helvetica').widthEm(text);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(text, em);
  }
  return (em * size) / 1000;
}

/**
 * `text` as lines that each fit `width` points.
 * Widths are summed per word and re-measured whole only near the limit, where the kerning between
 * two words could matter.
 */
export function wrapToWidth(text: string, width: number, size: number, bold = false): string[] {
  const lines: string[] = [];
  const slack = 0.1 * size; // more than any kerning pair moves (the largest is 0.06 em)
  for (const paragraph of toWinAnsi(text).split('\n')) {
    let line = '';
    let lineWidth = 0;
    const push = () => {
      lines.push(line.trimEnd());
      line = '';
      lineWidth = 0;
    };
    for (const token of paragraph.match(/\s*\S+\s*|\s+/g) ?? ['']) {
      const word = line === '' && lines.length > 0 ? token.trimStart() : token;
      const w = textWidth(word, size, bold);
      if (lineWidth + w <= width - slack || textWidth((line + word).trimEnd(), size, bold) <= width) {
        line += word;
        lineWidth += w;
        continue;
      }
      if (line.trim() !== '') push();
      const alone = word.trimStart();
      if (textWidth(alone.trimEnd(), size, bold) <= width) {
        line = alone;
        lineWidth = textWidth(alone, size, bold);
        continue;
      }
      // A word wider than the column: cut it by characters.
      for (const ch of alone) {
        if (line !== '' && textWidth((line + ch).trimEnd(), size, bold) > width) push();
        line += ch;
      }
      lineWidth = textWidth(line, size, bold);
    }
    push();
  }
  return lines;
}
