import type { Content, Size, TableCell } from 'pdfmake/interfaces';
import type { Theme } from './theme';

/** A section title in the theme's colours. */
export function sectionTitle(text: string, theme: Theme): Content {
  return theme.headerBand
    ? {
        table: { widths: ['*'], body: [[{ text, bold: true, color: theme.onPrimary, fillColor: theme.primary, margin: [2, 1, 2, 1] }]] },
        layout: 'noBorders',
        margin: [0, 6, 0, 2],
      }
    : { text: text.toUpperCase(), bold: true, color: theme.primary, margin: [0, 6, 0, 2], decoration: 'underline' };
}

/** "Label: value" pairs laid out in `columns` columns; empty values are skipped. */
export function fieldGrid(pairs: Array<[string, string]>, theme: Theme, columns = 2): Content {
  const shown = pairs.filter(([, v]) => v !== '');
  if (shown.length === 0) return { text: '' };
  const rows: TableCell[][] = [];
  for (let i = 0; i < shown.length; i += columns) {
    const row: TableCell[] = [];
    for (let c = 0; c < columns; c++) {
      const pair = shown[i + c];
      row.push(pair ? { text: [{ text: `${pair[0]}: `, bold: true }, pair[1]] } : { text: '' });
    }
    rows.push(row);
  }
  return {
    table: { widths: Array(columns).fill('*'), body: rows },
    layout: theme.headerBand ? 'noBorders' : 'lightHorizontalLines',
    margin: [0, 0, 0, 2],
  };
}

/** A table's header row in the theme's colours. */
export function headerCells(header: string[], theme: Theme, rightAligned: ReadonlySet<number>): TableCell[] {
  return header.map((h, i) => ({
    text: h,
    bold: true,
    color: theme.onPrimary,
    fillColor: theme.primary,
    alignment: rightAligned.has(i) ? 'right' : 'left',
  }));
}

/** A table with a styled header row. */
export function dataTable(
  header: string[],
  rows: TableCell[][],
  widths: Size[],
  theme: Theme,
  rightAligned: number[] = [],
): Content {
  const head = headerCells(header, theme, new Set(rightAligned));
  const body = rows.map((r) =>
    r.map((cell, i): TableCell => (rightAligned.includes(i) && typeof cell === 'string' ? { text: cell, alignment: 'right' } : cell)),
  );
  return {
    table: { headerRows: 1, widths, body: [head, ...body], dontBreakRows: true },
    layout: theme.tableLayout,
    margin: [0, 0, 0, 4],
  };
}

/**
 * A long base64/cadena string in Courier, cut into fixed-length lines: base64 has no spaces, and
 * cutting by character count keeps every line inside its column at any length.
 */
export function longText(label: string, value: string, charsPerLine: number): Content {
  const lines = value.match(new RegExp(`.{1,${charsPerLine}}`, 'g')) ?? [''];
  return {
    stack: [
      { text: label, bold: true, fontSize: 6.5 },
      { text: lines.join('\n'), font: 'Courier', fontSize: 5.5, lineHeight: 1, margin: [0, 0, 0, 3] },
    ],
  };
}
