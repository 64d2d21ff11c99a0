import { queryOptions } from '@tanstack/react-query';
import { routes } from '@facturo/contract';
import { call, routeUrl } from '../../../shared/api/call';
import { downloadAuthedFile } from '../../../shared/api/authed-file';
import type { Period } from '../../../shared/period/period-store';

/** `GET /api/getNomina/{month}/{year}/{1|2}`: the month's receipts and their totals. */
export const payrollQuery = (rfc: string, p: Period, type: 1 | 2, q: { page: number; perPage: number; searchQuery: string }) =>
  queryOptions({
    queryKey: ['payroll', rfc, p, type, q],
    queryFn: ({ signal }) => call(routes['payroll.list'], {
      params: { ...p, type: String(type) as '1' | '2' }, query: { page: q.page, perPage: q.perPage, searchQuery: q.searchQuery || undefined }, signal,
    }),
    placeholderData: (prev) => prev,
  });

/** The CSV of every receipt of the filter (the server answers a file for csv=true). */
export function downloadPayrollCsv(p: Period, type: 1 | 2, searchQuery: string): Promise<void> {
  return downloadAuthedFile(
    routeUrl(routes['payroll.list'], { ...p, type: String(type) as '1' | '2' }, { csv: 'true', ...(searchQuery ? { searchQuery } : {}) }),
    `nomina-${type === 1 ? 'emitida' : 'recibida'}-${p.year}-${String(p.month).padStart(2, '0')}.csv`,
  );
}

/** A receipt's XML or PDF: issued ones from the incomes documents, received ones from the outcomes documents. */
export const receiptFile = (type: 1 | 2, uuid: string, kind: 'xml' | 'pdf'): Promise<Blob> =>
  call(type === 1 ? routes[kind === 'xml' ? 'invoicing.xml' : 'invoicing.pdf'] : routes[kind === 'xml' ? 'outcomes.xml' : 'outcomes.pdf'], { params: { uuid } });
