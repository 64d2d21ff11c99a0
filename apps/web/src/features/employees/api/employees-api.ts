import { queryOptions } from '@tanstack/react-query';
import { routes, type EmployeeInput } from '@facturo/contract';
import { call } from '../../../shared/api/call';

export interface EmployeesListQuery { page: number; perPage: number; search: string; estatus: '' | '0' | '1' }

/** Query keys start with the area and the tenant's RFC (STYLE "Data fetching"). */
export const employeeKeys = {
  all: (rfc: string) => ['employees', rfc] as const,
  list: (rfc: string, q: EmployeesListQuery) => ['employees', rfc, 'list', q] as const,
  edit: (rfc: string, id: number) => ['employees', rfc, 'edit', id] as const,
  preview: (rfc: string, id: number) => ['employees', rfc, 'preview', id] as const,
};

/** `GET /api/employees` (page, perPage, search, estatus). */
export const employeesQuery = (rfc: string, q: EmployeesListQuery) =>
  queryOptions({
    queryKey: employeeKeys.list(rfc, q),
    queryFn: ({ signal }) => call(routes['employees.list'], { query: { ...q, estatus: q.estatus || undefined }, signal }),
    placeholderData: (prev) => prev,
  });

/** `GET /api/employees/{id}/edit`. */
export const employeeEditQuery = (rfc: string, id: number) =>
  queryOptions({ queryKey: employeeKeys.edit(rfc, id), queryFn: ({ signal }) => call(routes['employees.edit'], { params: { id }, signal }) });

/** `GET /api/employees/preview/{id}`: the employee and its period's ISR/IMSS. */
export const employeePreviewQuery = (rfc: string, id: number) =>
  queryOptions({
    queryKey: employeeKeys.preview(rfc, id),
    queryFn: ({ signal }) => call(routes['employees.preview'], { params: { id }, signal }),
  });

/** Catalogs barely change: cached for the session. */
export const employeeCatalogsQuery = () =>
  queryOptions({
    queryKey: ['employees', 'catalogs'],
    queryFn: ({ signal }) => call(routes['employees.catalogs'], { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });

// Forms show field errors themselves (§8 pass-through), so the default toast is skipped for them.
export const createEmployee = (input: EmployeeInput) => call(routes['employees.create'], { body: input, passThrough: true });
export const updateEmployee = (id: number, input: EmployeeInput) => call(routes['employees.update'], { params: { id }, body: input, passThrough: true });
export const deleteEmployee = (id: number) => call(routes['employees.delete'], { params: { id } });
export const toggleEmployee = (id: number) => call(routes['employees.enable'], { params: { id } });

/** `POST /api/employees/preview`: ISR/IMSS of the form's values, nothing stored. */
export const previewUnsaved = (input: EmployeeInput) =>
  call(routes['employees.previewUnsaved'], { body: input, passThrough: true });
