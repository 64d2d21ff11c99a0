import pdfmake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { winAnsiContent } from './layout/win-ansi';
import { configure } from './render-pdf';

/** One line of a text PDF: 10 pt Helvetica unless told otherwise. */
export interface PdfLine {
  text: string;
  bold?: boolean;
  size?: number;
}

/**
 * A printable text PDF (Letter, Helvetica, one paragraph per line, pages break by themselves) through the same
 * library and fonts as the CFDI's printed representation: for summaries that need no layout (a statement, a
 * locally made constancia). Characters the standard fonts cannot draw become their plain form or "?".
 */
export async function textPdf(lines: PdfLine[], title: string, opts: { compress?: boolean } = {}): Promise<Uint8Array> {
  configure();
  const content: Content[] = lines.map((l) => ({ text: l.text === '' ? ' ' : l.text, bold: l.bold ?? false, fontSize: l.size ?? 10, margin: [0, 0, 0, 2] }));
  const doc: TDocumentDefinitions = {
    pageSize: 'LETTER',
    pageMargins: [50, 50, 50, 50],
    version: '1.4',
    info: { title, producer: 'Facturo' },
    defaultStyle: { font: 'Helvetica', fontSize: 10 },
    content: winAnsiContent(content),
    compress: opts.compress ?? true,
  };
  const buffer = await pdfmake.createPdf(doc).getBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
