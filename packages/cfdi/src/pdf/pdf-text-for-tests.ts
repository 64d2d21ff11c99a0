// Test support only: reads the text of an uncompressed pdfmake/pdfkit PDF drawn with standard fonts.
/**
 * Text-showing operators of pdfkit hold hex strings of WinAnsi bytes (`[<48656c6c6f> 0] TJ`);
 * decoding them as latin1 gives back the text, one entry per drawn line.
 */
export function pdfTextLines(pdf: Uint8Array): string[] {
  const source = Buffer.from(pdf).toString('latin1');
  const lines: string[] = [];
  for (const match of source.matchAll(/\[((?:<[0-9a-fA-F]*>\s*-?[\d.]*\s*)+)\]\s*TJ/g)) {
    const hexes = [...match[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
    lines.push(Buffer.from(hexes, 'hex').toString('latin1'));
  }
  return lines;
}

/**
 * All text in drawing order. pdfkit draws word by word (each word keeps its trailing space), so
 * joining with nothing restores phrases; a line break simply joins the next line's first word.
 */
export function pdfText(pdf: Uint8Array): string {
  return pdfTextLines(pdf).join('');
}
