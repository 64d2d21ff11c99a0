/**
 * A printable text PDF (PDF 1.4, Helvetica, WinAnsiEncoding): enough for the statement summary without a
 * layout engine. Each line is { text, bold?, size? }; pages break by themselves. Spanish accents travel as
 * Latin-1 bytes, which WinAnsi maps to the same letters.
 */
export interface PdfLine {
  text: string;
  bold?: boolean;
  size?: number;
}

const PAGE_W = 612;
const PAGE_H = 792;
const MARGIN = 50;

const escape = (s: string) => s.replace(/[^\x20-\xff]/g, '?').replace(/([\\()])/g, '\\$1');

export function textPdf(lines: PdfLine[], title: string): Buffer {
  const pages: string[] = [];
  let ops: string[] = [];
  let y = PAGE_H - MARGIN;
  for (const l of lines) {
    const size = l.size ?? 10;
    if (y - size < MARGIN) { pages.push(ops.join('\n')); ops = []; y = PAGE_H - MARGIN; }
    y -= size + 4;
    ops.push(`BT /${l.bold ? 'F2' : 'F1'} ${size} Tf ${MARGIN} ${y} Td (${escape(l.text)}) Tj ET`);
  }
  pages.push(ops.join('\n'));

  const objects: string[] = [];
  const add = (body: string) => { objects.push(body); return objects.length; };
  const catalog = add('');
  const pagesObj = add('');
  const f1 = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const f2 = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const info = add(`<< /Title (${escape(title)}) /Producer (Facturo) >>`);
  const kids: number[] = [];
  for (const content of pages) {
    const stream = add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
    kids.push(add(`<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 ${f1} 0 R /F2 ${f2} 0 R >> >> /Contents ${stream} 0 R >>`));
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
