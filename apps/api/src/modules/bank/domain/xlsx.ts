import { parseXml, isElement, type XmlElement } from '@facturo/cfdi/xml';
import { readZip } from '../../cfdi-import/zip';
import { StatementFormatError } from './statement';

/**
 * The first worksheet of an XLSX as rows of text. An XLSX is a ZIP of XML parts: the repo's ZIP reader (yauzl,
 * with its bomb limits) and XML parser (saxes) read it, so no spreadsheet library is added for one sheet of
 * values (decision 295).
 */
const kids = (e: XmlElement | undefined, local: string) => (e ? e.children.filter((c): c is XmlElement => isElement(c) && c.local === local) : []);
const textOf = (e: XmlElement | undefined): string =>
  !e ? '' : e.children.map((c) => (isElement(c) ? (c.local === 'rPh' ? '' : textOf(c)) : c.text)).join('');

const column = (ref: string) => {
  let n = 0;
  for (const ch of /^[A-Z]+/.exec(ref)?.[0] ?? 'A') n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
};

export async function xlsxRows(buffer: Buffer): Promise<string[][]> {
  let entries;
  try {
    ({ entries } = await readZip(buffer, { accept: (n) => /^xl\/(sharedStrings\.xml|worksheets\/sheet\d+\.xml|workbook\.xml)$/.test(n) }));
  } catch (e) {
    throw new StatementFormatError(`El XLSX no se pudo abrir: ${(e as Error).message}`);
  }
  const part = (name: string) => entries.find((e) => e.name === name)?.data;
  const shared = part('xl/sharedStrings.xml');
  const strings = shared ? kids(parseXml(shared, { maxBytes: 200 * 1024 * 1024 }), 'si').map(textOf) : [];
  const sheetName = entries.map((e) => e.name).filter((n) => n.startsWith('xl/worksheets/')).sort()[0];
  if (!sheetName) throw new StatementFormatError('El XLSX no tiene hojas');
  const sheet = parseXml(part(sheetName)!, { maxBytes: 200 * 1024 * 1024 });
  const rows: string[][] = [];
  for (const row of kids(kids(sheet, 'sheetData')[0], 'row')) {
    const out: string[] = [];
    for (const c of kids(row, 'c')) {
      const t = c.attrs.get('t');
      const v = textOf(kids(c, 'v')[0]);
      const value = t === 's' ? (strings[Number(v)] ?? '') : t === 'inlineStr' ? textOf(kids(c, 'is')[0]) : v;
      out[column(c.attrs.get('r') ?? '')] = value;
    }
    rows.push(Array.from(out, (v) => v ?? ''));
  }
  return rows;
}
