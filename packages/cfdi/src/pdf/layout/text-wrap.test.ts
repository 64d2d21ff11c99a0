import { describe, expect, it } from 'vitest';
import { speedUpPdfkitKerning } from './pdfkit-kerning';
import { textWidth, wrapToWidth } from './text-wrap';

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('wrapToWidth (pre-wrapped conceptos for pdfmake)', () => {
  const text = 'Artículo 7 — TORNILLO HEX. 3/8" × 2½" acero inoxidable A&B  "Ñandú"  lote 7 '.repeat(12).trimEnd();

  it('keeps every line within the width and every word in order', () => {
    for (const [width, size] of [
      [187, 7.5],
      [177, 6],
      [60, 7.5],
    ]) {
      const lines = wrapToWidth(text, width, size);
      expect(lines.length).toBeGreaterThan(1);
      for (const line of lines) expect(textWidth(line, size)).toBeLessThanOrEqual(width);
      expect(squash(lines.join(' '))).toBe(squash(text));
      // Greedy: the next word would not have fitted on the line before it.
      for (let i = 0; i + 1 < lines.length; i++) {
        const next = lines[i + 1].split(' ')[0];
        expect(textWidth(`${lines[i]} ${next}`, size)).toBeGreaterThan(width);
      }
    }
  });

  it('cuts a word wider than the column by characters and keeps explicit line breaks', () => {
    const long = 'X'.repeat(200);
    const lines = wrapToWidth(`antes\n${long}\ndespués`, 100, 7.5);
    expect(lines[0]).toBe('antes');
    expect(lines.at(-1)).toBe('después');
    expect(lines.slice(1, -1).join('')).toBe(long);
    for (const line of lines) expect(textWidth(line, 7.5)).toBeLessThanOrEqual(100);
  });

  it('measures WinAnsi text: characters the standard fonts cannot draw are replaced first', () => {
    expect(wrapToWidth('café ☕ ﬁn', 500, 7.5)).toEqual(['café ? fin']);
  });
});

describe('pdfkit kerning lookup', () => {
  it('gives the same kerning values as the AFM table', () => {
    speedUpPdfkitKerning();
    // "AV" is kerned in Helvetica (-70/1000 em): the pair narrows the text, and so does our table.
    expect(textWidth('AV', 1000)).toBeLessThan(textWidth('A', 1000) + textWidth('V', 1000));
    expect(textWidth('AV', 1000)).toBeCloseTo(textWidth('A', 1000) + textWidth('V', 1000) - 70, 6);
  });
});
