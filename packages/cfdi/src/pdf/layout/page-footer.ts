import { afmMetrics, pdfNumber as num } from './afm-metrics';
import { toWinAnsi } from './win-ansi';

/**
 * The footer of every page («…representación impresa…» on the left, «Página n de N» on the right),
 * written straight into each buffered page after pdfmake has rendered.
 *
 * pdfmake lays a footer out as a document of its own on every page (measure, columns, lines, one text
 * operation per word). A 3,000-concept CFDI with long descriptions has a thousand pages, and that was
 * a tenth of its PDF. The geometry is pdfmake's for the footer it replaces: two star columns between
 * the side margins, at `marginTop` below the top of the bottom page margin, the right text aligned to
 * the right edge; the text's top sits there and its baseline one ascender lower, as pdfkit's text() puts it.
 */

export interface FooterSpec {
  left: string;
  /** The right-hand text of page `page` (1-based) of `pages`. */
  right: (page: number, pages: number) => string;
  fontSize: number;
  /** Side margins (pt): the footer spans the page between them. */
  side: number;
  /** The page's bottom margin (pt): the footer lives in it. */
  bottomMargin: number;
  /** From the top of the bottom margin to the top of the footer's text (pt). */
  marginTop: number;
}

interface PdfkitInternals {
  _font: { id: string; ascender: number; ref(): unknown };
  page: { width: number; height: number; fonts: Record<string, unknown> };
  addContent(data: string): void;
  bufferedPageRange(): { start: number; count: number };
  switchToPage(n: number): void;
}

/** Writes the footer on every buffered page of `doc`. */
export function drawPageFooters(doc: PDFKit.PDFDocument, spec: FooterSpec): void {
  const pdf = doc as unknown as PdfkitInternals;
  doc.font('Helvetica');
  const font = pdf._font;
  const metrics = afmMetrics('Helvetica');
  const left = toWinAnsi(spec.left);
  const { start, count } = pdf.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    pdf.switchToPage(i);
    const { width, height } = pdf.page;
    const columnWidth = (width - 2 * spec.side) / 2;
    const right = toWinAnsi(spec.right(i - start + 1, count));
    const rightX = spec.side + 2 * columnWidth - (metrics.widthEm(right) * spec.fontSize) / 1000;
    const top = height - spec.bottomMargin + spec.marginTop;
    const baseline = num(height - top - (font.ascender / 1000) * spec.fontSize);
    if (pdf.page.fonts[font.id] == null) pdf.page.fonts[font.id] = font.ref();
    doc.save();
    doc.opacity(1).fillColor('black');
    pdf.addContent(
      [
        `1 0 0 -1 0 ${num(height)} cm`,
        'BT',
        `/${font.id} ${num(spec.fontSize)} Tf`,
        `1 0 0 1 ${num(spec.side)} ${baseline} Tm`,
        `${metrics.tj(left)} TJ`,
        `1 0 0 1 ${num(rightX)} ${baseline} Tm`,
        `${metrics.tj(right)} TJ`,
        'ET',
      ].join('\n'),
    );
    doc.restore();
  }
}
