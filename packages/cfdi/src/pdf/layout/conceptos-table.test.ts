import { describe, expect, it } from 'vitest';
import { largeCfdi } from '../../../test/real-world/large-document';
import { pdfTextLines } from '../pdf-text-for-tests';
import { renderPdf } from '../render-pdf';

/** The page-content streams of an uncompressed PDF, in page order (pdfkit writes them in order). */
function pageContents(pdf: Uint8Array): string[] {
  const source = Buffer.from(pdf).toString('latin1');
  return [...source.matchAll(/stream\n([\s\S]*?)\nendstream/g)].map((m) => m[1]).filter((s) => /\bBT\b/.test(s));
}

describe('conceptos table (frame by pdfmake, texts written with pdfkit)', () => {
  it('writes every concepto once, whole, on one page, with the header row on every page', async () => {
    const pdf = await renderPdf(largeCfdi(120, 300), { compress: false });
    const lines = pdfTextLines(pdf);
    for (let i = 0; i < 120; i++) {
      const sku = `No. identificación: SKU-${String(i).padStart(6, '0')}`;
      expect(lines.filter((l) => l === sku)).toHaveLength(1);
    }
    const pages = pageContents(pdf);
    expect(pages.length).toBeGreaterThan(5);
    for (const [n, page] of pages.entries()) {
      const text = pdfTextLines(Buffer.from(page, 'latin1')).join('');
      if (n < pages.length - 1) expect(text).toContain('Descripci'); // header row, repeated by pdfmake
      // A row never splits: the description of a concepto and its SKU line are on the same page.
      for (const m of text.matchAll(/SKU-(\d{6})/g)) expect(text).toContain(`Artículo ${Number(m[1])} `);
    }
  });

  it('places every row line inside the page margins', async () => {
    const pdf = await renderPdf(largeCfdi(3, 40), { compress: false });
    const source = Buffer.from(pdf).toString('latin1');
    // Each row line is placed with its own text matrix: none starts left of the page margin or right of the table.
    const xs = [...source.matchAll(/1 0 0 1 ([\d.]+) ([\d.]+) Tm\n\[[^\]]*\] TJ/g)].map((m) => Number(m[1]));
    expect(xs.length).toBeGreaterThan(20);
    for (const x of xs) {
      expect(x).toBeGreaterThanOrEqual(36);
      expect(x).toBeLessThan(576);
    }
  });
});
