import { queryOptions } from '@tanstack/react-query';
import { routes, type ClientInput, type ClientV4Input, type CsfExtract, type PostalCodeInfo } from '@facturo/contract';
import { ApiError } from '../../../shared/api/api-error';
import { call } from '../../../shared/api/call';

export interface ClientsListQuery { page: number; perPage: number; search: string }

/** Query keys start with the area and the tenant's RFC (STYLE "Data fetching"). */
export const clientKeys = {
  all: (rfc: string) => ['clients', rfc] as const,
  list: (rfc: string, q: ClientsListQuery) => ['clients', rfc, 'list', q] as const,
};

/** `GET /api/clients` (page, perPage, search). */
export const clientsQuery = (rfc: string, q: ClientsListQuery) =>
  queryOptions({
    queryKey: clientKeys.list(rfc, q),
    queryFn: ({ signal }) => call(routes['clients.list'], { query: { page: q.page, perPage: q.perPage, search: q.search }, signal }),
    placeholderData: (prev) => prev,
  });

/** `GET /api/clients/{id}/edit`. */
export const clientEditQuery = (rfc: string, id: number) =>
  queryOptions({ queryKey: ['clients', rfc, 'edit', id], queryFn: ({ signal }) => call(routes['clients.edit'], { params: { id }, signal }) });

/** Catalogs barely change: cached for the session. */
const forever = { staleTime: Infinity, gcTime: Infinity } as const;

export const statesQuery = () =>
  queryOptions({ queryKey: ['clients', 'catalog', 'states'], queryFn: ({ signal }) => call(routes['clients.states'], { signal }).then((r) => r.estados), ...forever });

/** §5: no state id → empty list without a call. */
export const municipalitiesQuery = (stateId: string | null) =>
  queryOptions({
    queryKey: ['clients', 'catalog', 'municipalities', stateId],
    queryFn: ({ signal }) => (stateId
      ? call(routes['clients.municipalities'], { params: { stateId }, signal }).then((r) => r.municipios)
      : Promise.resolve([])),
    ...forever,
  });

export const taxRegimesQuery = () =>
  queryOptions({ queryKey: ['clients', 'catalog', 'tax-regimes'], queryFn: ({ signal }) => call(routes['clients.taxRegimes'], { signal }).then((r) => r.regimen), ...forever });

export const usosCfdiQuery = (regimen: string | null, persona: 'fisica' | 'moral') =>
  queryOptions({
    queryKey: ['clients', 'catalog', 'usos', regimen, persona],
    queryFn: ({ signal }) => call(routes['catalogs.usosCfdi'], { query: { regimen: regimen ?? undefined, persona }, signal }).then((r) => r.usos),
    ...forever,
  });

export const countriesQuery = () =>
  queryOptions({ queryKey: ['clients', 'catalog', 'countries'], queryFn: ({ signal }) => call(routes['catalogs.countries'], { signal }).then((r) => r.data), ...forever });

/** The SAT data of a postal code; null when SAT has no such CP (404). */
export async function lookupPostalCode(cp: string): Promise<PostalCodeInfo | null> {
  try {
    return await call(routes['catalogs.postalCode'], { params: { cp }, passThrough: true });
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

// The forms show field errors themselves (§8 pass-through), so the default toast is skipped.
export const createClient = (input: ClientInput) => call(routes['clients.create'], { body: input, passThrough: true });
export const updateClient = (id: number, input: ClientInput) => call(routes['clients.update'], { params: { id }, body: input, passThrough: true });
export const deleteClient = (id: number) => call(routes['clients.delete'], { params: { id } });

/** `POST /api/clients/upload-csf` (multipart): the constancia's data to prefill the form. */
export function uploadCsf(file: File): Promise<CsfExtract> {
  const body = new FormData();
  body.append('file', file);
  return call(routes['clients.uploadCsf'], { body, passThrough: true });
}

/** `PATCH /api/clients/{id}/v4`: the CFDI 4.0 receptor data; field errors go on the dialog's fields. */
export const patchClientV4 = (id: number, body: ClientV4Input) => call(routes['clients.patchV4'], { params: { id }, body, passThrough: true });
