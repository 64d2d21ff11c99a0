import type { Content, CustomTableLayout, TableCell } from 'pdfmake/interfaces';
import type { ComprobanteView, ConceptoView } from '../view/comprobante-view';
import { formatAmount, formatMoney } from '../view/format';
import { headerCells, sectionTitle } from './blocks';
import { afmMetrics, pdfNumber as num } from './afm-metrics';
import { textWidth, wrapToWidth } from './text-wrap';
import type { Theme } from './theme';

/**
 * The conceptos table: its frame laid out by pdfmake, its texts written straight with pdfkit.
 *
 * A pdfmake table cell costs about as much to measure, lay out and render as its text, and a
 * 3,000-concept CFDI has 21,000 cells and some 30,000 lines of text (4 s of CPU for its PDF, 8 s
 * with long descriptions). Here pdfmake still does what it is good at — the page breaks, the header
 * row repeated on every page, the outer rules and the zebra fills — but each concepto is ONE cell
 * spanning the seven columns, holding a canvas exactly as tall as the row with the inner column
 * rules. The row's texts are measured here (pdfkit's own AFM metrics, see text-wrap.ts), and, once
 * pdfmake has rendered, written at the position its pageBreakBefore hook reported for each canvas.
 * A canvas is atomic, so a row never splits across pages, as before.
 */

const WIDTHS = [48, 38, 50, '*', 62, 46, 62] as const;
const HEADERS = ['Clave prod./serv.', 'Cantidad', 'Clave unidad', 'Descripción', 'Valor unitario', 'Descuento', 'Importe'];
const RIGHT_ALIGNED = new Set([1, 4, 5, 6]);
const DESCRIPTION = 3;
const DETAIL_FONT_SIZE = 6;
/** LETTER (612 pt) less the 36 pt side margins of render-pdf.ts. */
const CONTENT_WIDTH = 540;
/** pdfmake's line height: the font's ascender − descender (no gap; Helvetica 718 + 207) × the document's 1.1. */
const LINE_HEIGHT_EM = 0.925 * 1.1;
const ROW_ID = 'concepto:';

// The themes' layout functions read only the index for paddings and vertical rules.
const NO_NODE = {} as never;

interface Column {
  /** Left of the column's text, from the left of the first column's text. */
  x: number;
  width: number;
}

interface Line {
  text: string;
  size: number;
  /** Width in points, measured only where the line is right-aligned (0 elsewhere). */
  width: number;
}

interface Row {
  cells: Line[][];
  height: number;
}

interface Position {
  pageNumber: number;
  left: number;
  top: number;
}

/** The column geometry pdfmake computes for this table (its table-width formula: rule + padding + width + padding). */
function columnsOf(layout: CustomTableLayout): { columns: Column[]; rules: number[] } {
  const pad = (i: number) => (layout.paddingLeft?.(i, NO_NODE) ?? 4) + (layout.paddingRight?.(i, NO_NODE) ?? 4);
  const rule = (i: number) => layout.vLineWidth?.(i, NO_NODE) ?? 1;
  let fixed = rule(WIDTHS.length);
  WIDTHS.forEach((w, i) => (fixed += (typeof w === 'number' ? w : 0) + pad(i) + rule(i)));
  const star = CONTENT_WIDTH - fixed;
  const columns: Column[] = [];
  const rules: number[] = [];
  let left = 0; // from the table's left edge
  WIDTHS.forEach((w, i) => {
    const width = typeof w === 'number' ? w : star;
    rules.push(left + rule(i) / 2);
    columns.push({ x: left + rule(i) + (layout.paddingLeft?.(i, NO_NODE) ?? 4), width });
    left += rule(i) + pad(i) + width;
  });
  const origin = columns[0].x;
  return { columns: columns.map((c) => ({ ...c, x: c.x - origin })), rules: rules.map((r) => r - origin) };
}

const lineHeight = (size: number) => size * LINE_HEIGHT_EM;
/** The Td operator from one line to the next of the same size: down one line height (made once per size). */
const stepOps = new Map<number, string>();
function stepOp(size: number): string {
  let op = stepOps.get(size);
  if (op === undefined) stepOps.set(size, (op = `0 ${num(-lineHeight(size))} Td`));
  return op;
}

/** The pdfkit internals the rows are written with (the same ones its text() uses). */
interface AfmFontInternals {
  id: string;
  ascender: number;
  ref(): unknown;
}
interface PdfkitInternals {
  _font: AfmFontInternals;
  page: { height: number; fonts: Record<string, unknown> };
  addContent(data: string): void;
}

function lines(text: string, width: number, size: number, measured = false): Line[] {
  return wrapToWidth(text, width, size).map((t) => ({ text: t, size, width: measured ? textWidth(t, size) : 0 }));
}

function rowOf(c: ConceptoView, columns: Column[], detailTexts: string[], baseSize: number, padding: number): Row {
  // One point narrower for the description, as before: a rounding difference never reaches the rule.
  const fit = (i: number, text: string) =>
    lines(text, i === DESCRIPTION ? columns[i].width - 1 : columns[i].width, baseSize, RIGHT_ALIGNED.has(i));
  const cells = [
    fit(0, c.claveProdServ),
    fit(1, formatAmount(c.cantidad, 0)),
    fit(2, `${c.claveUnidad}${c.unidad ? ` ${c.unidad}` : ''}`),
    [...fit(DESCRIPTION, c.descripcion), ...detailTexts.flatMap((d) => lines(d, columns[DESCRIPTION].width - 1, DETAIL_FONT_SIZE))],
    fit(4, formatMoney(c.valorUnitario)),
    c.descuento ? fit(5, formatMoney(c.descuento)) : [],
    fit(6, formatMoney(c.importe)),
  ];
  const tallest = Math.max(...cells.map((cell) => cell.reduce((h, l) => h + lineHeight(l.size), 0)));
  return { cells, height: padding + tallest + padding };
}

export interface ConceptosTable {
  /** The section title and the table frame, for pdfmake. */
  content: Content[];
  /** For pdfmake's pageBreakBefore hook: notes where each row's canvas landed. Never asks for a break. */
  notePosition(node: { id?: string; startPosition?: Position }): boolean;
  /** Writes every row's texts into the pdfkit document pdfmake rendered (its pages still buffered). */
  draw(doc: PDFKit.PDFDocument): void;
}

/** Conceptos with their taxes and details (`details` gives each concepto's small-print lines). */
export function conceptosTable(v: ComprobanteView, theme: Theme, details: (c: ConceptoView) => string[]): ConceptosTable {
  const base = theme.tableLayout;
  const { columns, rules } = columnsOf(base);
  const padding = base.paddingTop?.(1, NO_NODE) ?? 2;
  const rows = v.conceptos.map((c) => rowOf(c, columns, details(c), theme.baseFontSize, padding));
  const innerRules = (base.vLineWidth?.(1, NO_NODE) ?? 1) > 0 ? rules.slice(1) : [];
  const ruleWidth = base.vLineWidth?.(1, NO_NODE) ?? 1;
  const ruleColor = (typeof base.vLineColor === 'function' ? base.vLineColor(1, NO_NODE, 1) : base.vLineColor) ?? 'black';
  const topRule = base.hLineWidth?.(1, NO_NODE) ?? 1;

  const body: TableCell[][] = rows.map((row, i) => [
    {
      colSpan: WIDTHS.length,
      id: `${ROW_ID}${i}`,
      // An empty stroke that only gives the canvas the row's height (the rules are drawn per page in draw()).
      canvas: [{ type: 'line' as const, x1: 0, y1: row.height, x2: 0, y2: row.height, lineWidth: 0.01 }],
    },
    ...Array.from({ length: WIDTHS.length - 1 }, () => ({})),
  ]);
  // Body rows carry their padding inside the canvas: the canvas is the whole row between its rules.
  const layout: CustomTableLayout = {
    ...base,
    paddingTop: (i, node) => (i === 0 ? (base.paddingTop?.(i, node) ?? 2) : 0),
    paddingBottom: (i, node) => (i === 0 ? (base.paddingBottom?.(i, node) ?? 2) : 0),
  };

  const positions: Array<Position | undefined> = new Array(rows.length);
  return {
    content: [
      sectionTitle('Conceptos', theme),
      {
        table: { headerRows: 1, widths: [...WIDTHS], body: [headerCells(HEADERS, theme, RIGHT_ALIGNED), ...body] },
        layout,
        margin: [0, 0, 0, 4],
      },
    ],
    notePosition(node) {
      if (node.id?.startsWith(ROW_ID) && node.startPosition) positions[Number(node.id.slice(ROW_ID.length))] = node.startPosition;
      return false;
    },
    draw(doc) {
      const pdf = doc as unknown as PdfkitInternals;
      doc.font('Helvetica');
      const font = pdf._font;
      // The rows are all Helvetica: its TJ strings come from the per-character tables (afm-metrics.ts).
      const metrics = afmMetrics('Helvetica');
      let page = -1;
      let ops: string[] = [];
      let firstTop = 0;
      let bottom = 0;
      const flushPage = () => {
        if (page < 0) return;
        // The inner column rules, once per page from the first row to the last (they used to be six
        // strokes per row).
        const rulesOps = innerRules.map((x) => `${num(pageLeft + x)} ${num(firstTop - topRule)} m ${num(pageLeft + x)} ${num(bottom)} l S`);
        doc.save();
        // Whatever state pdfmake left at the end of the page (the watermark's opacity) stays outside.
        doc.opacity(1).fillColor('black').strokeColor(ruleColor).lineWidth(ruleWidth);
        if (pdf.page.fonts[font.id] == null) pdf.page.fonts[font.id] = font.ref();
        pdf.addContent([...rulesOps, `1 0 0 -1 0 ${num(pdf.page.height)} cm`, 'BT', ...ops, 'ET'].join('\n'));
        doc.restore();
        ops = [];
      };
      let pageLeft = 0;
      let size = 0;
      rows.forEach((row, i) => {
        const at = positions[i];
        if (!at) throw new Error(`pdfmake no informó la posición del concepto ${i + 1}`);
        if (at.pageNumber - 1 !== page) {
          flushPage();
          page = at.pageNumber - 1;
          doc.switchToPage(page);
          pageLeft = at.left;
          firstTop = at.top;
          size = 0;
        }
        bottom = at.top + row.height;
        const pageHeight = pdf.page.height;
        row.cells.forEach((cell, k) => {
          let y = at.top + padding;
          let baseline = 0;
          let previousSize = 0;
          cell.forEach((line, j) => {
            if (line.size !== size) ops.push(`/${font.id} ${num((size = line.size))} Tf`);
            // pdfkit's text(): baseline one ascender below the line's top, in the page's unflipped space.
            const next = pageHeight - y - (font.ascender / 1000) * size;
            if (j > 0 && !RIGHT_ALIGNED.has(k)) {
              // The next line of a left-aligned cell: down from the previous line's start (one number to
              // write instead of two; a long description is dozens of lines per row).
              ops.push(previousSize === size ? stepOp(size) : `0 ${num(next - baseline)} Td`);
            } else {
              const x = at.left + columns[k].x + (RIGHT_ALIGNED.has(k) ? columns[k].width - line.width : 0);
              ops.push(`1 0 0 1 ${num(x)} ${num(next)} Tm`);
            }
            ops.push(`${metrics.tj(line.text)} TJ`);
            baseline = next;
            previousSize = size;
            y += lineHeight(line.size);
          });
        });
      });
      flushPage();
    },
  };
}
