import { queryOptions } from '@tanstack/react-query';
import type {
  Employee, EmployeeCatalogs, EmployeeInput, Page, PayrollCalculation,
} from '@facturo/contract';
import { apiGet, apiRequest } from '../../../shared/api/api-client';

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
    queryFn: ({ signal }) => apiGet<Page<Employee>>('/api/employees', { query: { ...q }, signal }),
    placeholderData: (prev) => prev,
  });

/** `GET /api/employees/{id}/edit`. */
export const employeeEditQuery = (rfc: string, id: number) =>
  queryOptions({ queryKey: employeeKeys.edit(rfc, id), queryFn: ({ signal }) => apiGet<Employee>(`/api/employees/${id}/edit`, { signal }) });

/** `GET /api/employees/preview/{id}`: the employee and its period's ISR/IMSS. */
export const employeePreviewQuery = (rfc: string, id: number) =>
  queryOptions({
    queryKey: employeeKeys.preview(rfc, id),
    queryFn: ({ signal }) => apiGet<{ employee: Employee; calculo: PayrollCalculation }>(`/api/employees/preview/${id}`, { signal }),
  });

/** Catalogs barely change: cached for the session. */
export const employeeCatalogsQuery = () =>
  queryOptions({
    queryKey: ['employees', 'catalogs'],
    queryFn: ({ signal }) => apiGet<EmployeeCatalogs>('/api/employees/catalogs', { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });

// Forms show field errors themselves (§8 pass-through), so the default toast is skipped for them.
export const createEmployee = (input: EmployeeInput) => apiRequest<Employee>('/api/employees', { method: 'POST', body: input, passThrough: true });
export const updateEmployee = (id: number, input: EmployeeInput) => apiRequest<Employee>(`/api/employees/${id}`, { method: 'PUT', body: input, passThrough: true });
export const deleteEmployee = (id: number) => apiRequest<{ message: string }>(`/api/employees/${id}`, { method: 'DELETE' });
export const toggleEmployee = (id: number) => apiRequest<{ message: string; employee: Employee }>(`/api/employees/enable/${id}`, { method: 'PUT' });

/** `POST /api/employees/preview`: ISR/IMSS of the form's values, nothing stored. */
export const previewUnsaved = (input: EmployeeInput) =>
  apiRequest<{ calculo: PayrollCalculation }>('/api/employees/preview', { method: 'POST', body: input, passThrough: true });

/** Spec §7.10 concept endpoints: path segment of each concept table. */
const CONCEPT_PATHS = { percepciones: 'perceptions', deducciones: 'deductions', otrosPagos: 'other-payments' } as const;
type ConceptTable = keyof typeof CONCEPT_PATHS;

/**
 * On the edit page one concept row is stored at once: `POST /api/employees/{id}/{kind}` adds it,
 * `PUT …/{conceptId}` changes it (both answer the whole employee).
 */
export const saveConcept = (employeeId: number, kind: ConceptTable, row: Record<string, unknown>, conceptId?: string) =>
  apiRequest<Employee>(`/api/employees/${employeeId}/${CONCEPT_PATHS[kind]}${conceptId ? `/${conceptId}` : ''}`, {
    method: conceptId ? 'PUT' : 'POST', body: row, passThrough: true,
  });
/** `DELETE /api/employees/{id}/{kind}/{conceptId}` → the whole employee. */
export const removeConcept = (employeeId: number, kind: ConceptTable, conceptId: string) =>
  apiRequest<Employee>(`/api/employees/${employeeId}/${CONCEPT_PATHS[kind]}/${conceptId}`, { method: 'DELETE', passThrough: true });

/** `GET /api/employees/calculate/{employeeId}?fecha=`: ISR and IMSS of a saved employee for another pay date. */
export const employeeCalculationQuery = (rfc: string, id: number, fecha: string) =>
  queryOptions({
    queryKey: [...employeeKeys.all(rfc), 'calculate', id, fecha] as const,
    queryFn: ({ signal }) => apiGet<PayrollCalculation>(`/api/employees/calculate/${id}`, { query: { fecha }, signal }),
  });

/**
 * `POST /api/employees/{id}/salary`: stores the salario diario and the SDI; without an SDI the API
 * computes it with the LSS art. 27 factor and says so (`calculado`, `factor`).
 */
export const setEmployeeSalary = (id: number, body: { salario_diario: string; salario_base: string | null }) =>
  apiRequest<{ employee: Employee; calculado: boolean; factor: string | null }>(`/api/employees/${id}/salary`, { method: 'POST', body, passThrough: true });
