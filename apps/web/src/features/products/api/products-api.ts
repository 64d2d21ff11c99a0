import { queryOptions } from '@tanstack/react-query';
import { routes, type ProductInput } from '@facturo/contract';
import { call } from '../../../shared/api/call';

export interface ProductsListQuery { page: number; perPage: number; search: string }

/** Query keys start with the area and the tenant's RFC (STYLE "Data fetching"). */
export const productKeys = {
  all: (rfc: string) => ['products', rfc] as const,
  list: (rfc: string, q: ProductsListQuery) => ['products', rfc, 'list', q] as const,
};

/** `GET /api/products` (page, perPage, search). */
export const productsQuery = (rfc: string, q: ProductsListQuery) =>
  queryOptions({
    queryKey: productKeys.list(rfc, q),
    queryFn: ({ signal }) => call(routes['products.list'], { query: { page: q.page, perPage: q.perPage, search: q.search }, signal }),
    placeholderData: (prev) => prev,
  });

/** Which SAT catalog a search box reads: c_ClaveProdServ or c_ClaveUnidad (spec §7.8 find service / find unit). */
export type CatalogKind = 'service' | 'unit';

/** `GET /api/products/find-service|find-unit?search=`: best match first. */
export const catalogSearchQuery = (kind: CatalogKind, search: string) =>
  queryOptions({
    queryKey: ['products', 'catalog', kind, search],
    queryFn: ({ signal }) => call(routes[kind === 'service' ? 'products.findService' : 'products.findUnit'], { query: { search }, signal }),
    staleTime: Infinity,
  });

export const objetosImpuestoQuery = () =>
  queryOptions({
    queryKey: ['products', 'catalog', 'objetos-impuesto'],
    queryFn: ({ signal }) => call(routes['catalogs.taxObjects'], { signal }).then((r) => r.data),
    staleTime: Infinity,
  });

// The form shows field errors itself (§8 pass-through).
export const createProduct = (input: ProductInput) => call(routes['products.create'], { body: input, passThrough: true });
export const updateProduct = (id: number, input: ProductInput) => call(routes['products.update'], { params: { id }, body: input, passThrough: true });
export const deleteProduct = (id: number) => call(routes['products.delete'], { params: { id } });
