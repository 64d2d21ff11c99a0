import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { isElement, parseXml, type XmlElement } from '@facturo/cfdi/xml';
import { CFDI_EXPORT_COLUMNS, type BulkFormat } from '@facturo/contract';
import type { Db } from '../../db/client';
import { cfdis } from '../cfdis/cfdis.schema';
import type { StoragePort } from '../../providers/storage/local-storage';
import { periodBounds } from '../incomes/cfdi-sets';
import { MIME, writeTable } from './sheet-io';
import type { FileAnswer } from './bulk.service';

/**
 * Issue 29 §1: the month's incomes (emitidos) or outcomes (recibidos) with their concepts, one row per concept (the
 * document's columns repeated), read from each stored XML. A document whose XML cannot be read keeps one row
 * without concepts rather than failing the export.
 */
type CfdiRow = typeof cfdis.$inferSelect;
const kids = (el: XmlElement | undefined, local: string) => (el ? el.children.filter((c): c is XmlElement => isElement(c) && c.local === local) : []);

export function cfdiRows(row: CfdiRow, xml: Buffer | undefined): string[][] {
  const head = [
    row.uuid, String(row.fecha).replace(' ', 'T').slice(0, 19), row.serie ?? '', row.folio ?? '', row.tipo, row.rfcEmisor, row.nombreEmisor ?? '',
    row.rfcReceptor, row.nombreReceptor ?? '', row.metodoPago ?? '', row.formaPago ?? '', row.moneda, row.subtotal ?? '', row.total ?? '', row.estado,
  ];
  let conceptos: XmlElement[] = [];
  try {
    if (xml) conceptos = kids(kids(parseXml(xml), 'Conceptos')[0], 'Concepto');
  } catch {
    conceptos = [];
  }
  if (!conceptos.length) return [[...head, '', '', '', '', '', '', '', '']];
  return conceptos.map((c) => [
    ...head, ...['ClaveProdServ', 'Cantidad', 'ClaveUnidad', 'Descripcion', 'ValorUnitario', 'Importe', 'Descuento', 'ObjetoImp'].map((a) => c.attrs.get(a) ?? ''),
  ]);
}

export async function exportCfdis(db: Db, storage: StoragePort, userId: number, rfc: string, p: { tipo: 'ingresos' | 'gastos'; month: number; year: number }, format: BulkFormat): Promise<FileAnswer> {
  const b = periodBounds(p);
  const docs = await db.select().from(cfdis).where(and(
    eq(cfdis.userId, userId), eq(cfdis.direction, p.tipo === 'ingresos' ? 'emitido' : 'recibido'),
    gte(cfdis.fecha, b.start), lt(cfdis.fecha, b.end),
  )).orderBy(asc(cfdis.fecha), asc(cfdis.id));
  const rows: string[][] = [];
  for (const d of docs) rows.push(...cfdiRows(d, await storage.get(d.xmlKey)));
  const body = await writeTable(format, CFDI_EXPORT_COLUMNS, rows, p.tipo);
  return { body, type: MIME[format], filename: `${p.tipo}-${rfc}-${p.year}-${String(p.month).padStart(2, '0')}.${format}` };
}
