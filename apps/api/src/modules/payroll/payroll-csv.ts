import { csvCell } from '../incomes/cfdi-list';
import type { Db } from '../../db/client';
import { listPayroll } from './payroll.service';

/** The month's receipts as CSV (UTF-8 with BOM for spreadsheets), every row of the filter. */
export async function payrollCsv(db: Db, userId: number, period: { month: number; year: number }, type: 1 | 2, searchQuery?: string): Promise<string> {
  const header = ['UUID', 'Serie', 'Folio', 'RFC', 'Nombre', 'Fecha de emisión', 'Total', 'ISR retenido', 'IMSS', 'Estado'];
  const lines = [header.map(csvCell).join(',')];
  for (let page = 1; ; page += 1) {
    const { facturas } = await listPayroll(db, userId, period, type, { page, perPage: 500, searchQuery });
    for (const r of facturas.data) {
      lines.push([r.uuid, r.serie ?? '', r.folio ?? '', r.rfc, r.client, r.f_emi.replace('T', ' '), r.total, r.isr, r.imss, r.estado].map(csvCell).join(','));
    }
    if (page * 500 >= facturas.total) break;
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
