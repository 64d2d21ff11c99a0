import { queryOptions } from '@tanstack/react-query';
import { routes, type DiotBody, type DiotSupplierBodyIn, type StatementSettingsBody } from '@facturo/contract';
import { call, routeUrl } from '../../../shared/api/call';
import { downloadAuthedFile, fetchAuthedObjectUrl } from '../../../shared/api/authed-file';

/** Issue 11: statements (tab 0), settings (tab 1), DIOT and its history. */
export const statementKeys = {
  all: (rfc: string) => ['statements', rfc] as const,
  list: (rfc: string, page: number, perPage: number) => ['statements', rfc, 'list', page, perPage] as const,
  one: (rfc: string, id: number) => ['statements', rfc, 'one', id] as const,
  settings: (rfc: string) => ['statements', rfc, 'settings'] as const,
  diots: (rfc: string, year: number) => ['statements', rfc, 'diot', year] as const,
};

export const statementsQuery = (rfc: string, page: number, perPage: number) => queryOptions({
  queryKey: statementKeys.list(rfc, page, perPage),
  queryFn: ({ signal }) => call(routes['statements.list'], { query: { page, perPage }, signal }),
  placeholderData: (prev) => prev,
});

export const statementQuery = (rfc: string, id: number) => queryOptions({
  queryKey: statementKeys.one(rfc, id),
  queryFn: ({ signal }) => call(routes['statements.show'], { params: { id }, signal }),
});

export const settingsQuery = (rfc: string) => queryOptions({
  queryKey: statementKeys.settings(rfc),
  queryFn: ({ signal }) => call(routes['statements.settings'], { signal }),
});

export const diotHistoryQuery = (rfc: string, year: number) => queryOptions({
  queryKey: statementKeys.diots(rfc, year),
  queryFn: ({ signal }) => call(routes['diot.history'], { query: { year }, signal }),
});

export const startStatement = (month: number, year: number) => call(routes['statements.start'], { body: { month, year } });
/** Issue 24 §8: mark the statement filed with SAT (the dashboard stops calling its figures an estimate). */
export const markFiled = (id: number, presentada: boolean) => call(routes['statements.filed'], { params: { id }, body: { presentada } });
export const saveSettings = (body: StatementSettingsBody) => call(routes['statements.saveSettings'], { body });
export const createDiot = (body: Partial<DiotBody> & { month: number; year: number }) => call(routes['diot.create'], { body });
export const getDiot = (folio: number) => call(routes['diot.show'], { params: { folio } });
export const submitDiot = (folio: number) => call(routes['diot.submit'], { params: { folio } });

/** The DIOT supplier catalog with the month's paid suppliers (decision 250). */
export const diotSuppliersQuery = (rfc: string, month: number, year: number) => queryOptions({
  queryKey: [...statementKeys.all(rfc), 'diot-suppliers', year, month],
  queryFn: ({ signal }) => call(routes['diot.suppliers'], { query: { month, year }, signal }),
});
export const saveDiotSupplier = (body: DiotSupplierBodyIn) => call(routes['diot.saveSupplier'], { body });
export const deleteDiotSupplier = (id: number) => call(routes['diot.deleteSupplier'], { params: { id } });

export function uploadAcuse(folio: number, file: File) {
  const form = new FormData();
  form.append('acuse', file);
  return call(routes['diot.uploadAcuse'], { params: { folio }, body: form });
}

export const statementPdfUrl = (id: number) => fetchAuthedObjectUrl(routeUrl(routes['statements.pdf'], { id }));
export const acuseUrl = (folio: number) => fetchAuthedObjectUrl(routeUrl(routes['diot.acuse'], { folio }));
export const downloadDiotFile = (folio: number, rfc: string, year: number, month: number) =>
  downloadAuthedFile(routeUrl(routes['diot.file'], { folio }), `DIOT_${rfc}_${year}${String(month).padStart(2, '0')}_${folio}.txt`);

/** The profile's tax-status certificates (CSF history), reachable from /statements too (issue 11 §4). */
export const csfQuery = (rfc: string) => queryOptions({
  queryKey: ['statements', rfc, 'csf'],
  queryFn: ({ signal }) => call(routes['profile.csfList'], { query: { page: 1, perPage: 50 }, signal }),
});
export const csfFileUrl = (id: number) => fetchAuthedObjectUrl(routeUrl(routes['profile.csfFile'], { id }));
