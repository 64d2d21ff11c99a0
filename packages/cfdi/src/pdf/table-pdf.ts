import pdfmake from 'pdfmake';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { winAnsiContent } from './layout/win-ansi';
// pdfmake's fonts are process-wide: the one set-up shared with the CFDI and Retenciones PDFs.
import { configure } from './render-pdf';

/** A report as one table: the same shape the XLSX export takes, so both files carry the same rows. */
export interface TablaReporte {
  titulo: string;
  /** Lines under the title (RFC, period, "mes cerrado"…). */
  subtitulos: string[];
  columnas: string[];
  /** Indexes of the amount columns (right-aligned, formatted with thousands separators). */
  montos: number[];
  filas: string[][];
  /** Indexes of the rows drawn bold (section headers and totals). */
  negritas?: number[];
}

/** "1234567.5" → "1,234,567.50"; blanks stay blank. Text only: no arithmetic on the figure. */
export function formatoMonto(v: string): string {
  if (v.trim() === '') return '';
  const negative = v.startsWith('-');
  const [int = '0', dec = ''] = (negative ? v.slice(1) : v).split('.');
  return `${negative ? '-' : ''}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${dec.padEnd(2, '0').slice(0, 2)}`;
}

/**
 * A printable report (balance general, estado de resultados, libro diario or mayor): Letter, landscape when it has
 * more than five columns, header row repeated on every page, page numbers in the footer.
 */
export async function tablaPdf(t: TablaReporte, opts: { compress?: boolean } = {}): Promise<Uint8Array> {
  configure();
  const bold = new Set(t.negritas ?? []);
  const montos = new Set(t.montos);
  const head: TableCell[] = t.columnas.map((c, i) => ({ text: c, bold: true, fillColor: '#e5e7eb', alignment: montos.has(i) ? 'right' : 'left' }));
  const body: TableCell[][] = [head, ...t.filas.map((f, r) => f.map((v, i): TableCell => ({
    text: montos.has(i) ? formatoMonto(v) : v, bold: bold.has(r), alignment: montos.has(i) ? 'right' : 'left', noWrap: montos.has(i),
  })))];
  // Short columns (dates, numbers, accounts, amounts) take their width; the text columns share the rest and wrap
  // (a UUID wraps at its hyphens).
  const largo = t.columnas.map((c) => c.length);
  for (const f of t.filas) f.forEach((v, i) => { if (v.length > (largo[i] ?? 0)) largo[i] = v.length; });
  const widths = t.columnas.map((_, i) => (montos.has(i) || (largo[i] ?? 0) <= 16 ? 'auto' : '*'));
  const content: Content[] = [
    { text: t.titulo, bold: true, fontSize: 14, margin: [0, 0, 0, 2] },
    ...t.subtitulos.map((s): Content => ({ text: s, fontSize: 9, color: '#374151' })),
    { text: ' ', fontSize: 6 },
    { table: { headerRows: 1, widths, body }, layout: 'lightHorizontalLines', fontSize: 8 },
  ];
  const doc: TDocumentDefinitions = {
    pageSize: 'LETTER',
    pageOrientation: t.columnas.length > 5 ? 'landscape' : 'portrait',
    pageMargins: [36, 36, 36, 40],
    version: '1.4',
    info: { title: t.titulo, producer: 'Facturo' },
    defaultStyle: { font: 'Helvetica', fontSize: 8 },
    footer: (page, pages) => ({ text: `Página ${page} de ${pages}`, alignment: 'right', fontSize: 7, margin: [36, 12] }),
    content: winAnsiContent(content),
    compress: opts.compress ?? true,
  };
  const buffer = await pdfmake.createPdf(doc).getBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
