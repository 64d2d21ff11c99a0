import { queryOptions } from '@tanstack/react-query';
import { routes, type CrearPrenominaBody, type EditDetalleBody } from '@facturo/contract';
import { call } from '../../../shared/api/call';

export const prePayrollKeys = { all: (rfc: string) => ['pre-payroll', rfc] as const };

/** `GET /api/prenomina` (newest first); `timbradas` lists only runs with stamped receipts (/payroll). */
export const prenominasQuery = (rfc: string, q: { page: number; perPage: number; timbradas?: boolean }) =>
  queryOptions({
    queryKey: ['pre-payroll', rfc, 'list', q],
    queryFn: ({ signal }) => call(routes['payroll.prePayrolls'], { query: { page: q.page, perPage: q.perPage, timbradas: q.timbradas }, signal }),
    placeholderData: (prev) => prev,
  });

export const prenominaQuery = (rfc: string, id: number) =>
  queryOptions({ queryKey: ['pre-payroll', rfc, 'one', id], queryFn: ({ signal }) => call(routes['payroll.prePayroll'], { params: { id }, signal }) });

/** `GET /api/timbres`: the stamp balance named in the confirmation before stamping several receipts (quiet on error). */
export const stampBalanceQuery = (rfc: string) =>
  queryOptions({
    queryKey: ['pre-payroll', rfc, 'stamps'],
    queryFn: ({ signal }) => call(routes['invoicing.stamps'], { signal, passThrough: true }),
    retry: false,
  });

/** The active employees to choose from (the first 100, A–Z by number). */
export const activeEmployeesQuery = (rfc: string) =>
  queryOptions({
    queryKey: ['pre-payroll', rfc, 'employees'],
    queryFn: ({ signal }) => call(routes['employees.list'], { query: { page: 1, perPage: 100, estatus: '1' }, signal }),
  });

export const createPrenomina = (body: CrearPrenominaBody) => call(routes['payroll.createPrePayroll'], { body, passThrough: true });
export const editDetail = (body: EditDetalleBody) => call(routes['payroll.editDetail'], { body, passThrough: true });
export const toggleDetail = (id: number) => call(routes['payroll.toggleDetail'], { body: { id } });
export const deletePrenomina = (id: number) => call(routes['payroll.deletePrePayroll'], { params: { id } });
export const releasePrenomina = (id: number) => call(routes['payroll.release'], { body: { id }, passThrough: true });
/** Issue 24 item 14: problems per employee before stamping, retry, e-mail, cancel. */
export const reviewQuery = (rfc: string, id: number) =>
  queryOptions({ queryKey: ['pre-payroll', rfc, 'review', id], queryFn: ({ signal }) => call(routes['payroll.review'], { params: { id }, signal }) });
export const retryPrenomina = (id: number) => call(routes['payroll.retry'], { body: { id }, passThrough: true });
export const sendReceipts = (id: number) => call(routes['payroll.sendReceipts'], { body: { id }, passThrough: true });
export const cancelReceipt = (id: number, motivo: '01' | '02') => call(routes['payroll.cancelReceipt'], { body: { id, motivo }, passThrough: true });
