import { queryOptions } from '@tanstack/react-query';
import { routes, type CfdiListQuery } from '@facturo/contract';
import { fetchAuthedObjectUrl } from '../../../shared/api/authed-file';
import { call, routeUrl } from '../../../shared/api/call';

export interface Period { month: number; year: number }
/** What the list sends besides the period (spec §7.5). */
export type IncomesFilter = Partial<Pick<CfdiListQuery, 'status[type]' | 'status[filter]' | 'relatedocs'>> & { cuentaspor?: boolean };
export interface IncomesListQuery extends IncomesFilter { page: number; perPage: number; searchQuery: string; withBlacklist?: boolean }

/** Query keys start with the area and the tenant's RFC (STYLE "Data fetching"). */
export const incomesKeys = {
  all: (rfc: string) => ['incomes', rfc] as const,
};

/** `GET /api/incomes/stats/{month}/{year}`: the nine {count, total} cards. */
export const incomesStatsQuery = (rfc: string, p: Period) =>
  queryOptions({ queryKey: ['incomes', rfc, 'stats', p], queryFn: ({ signal }) => call(routes['incomes.stats'], { params: p, signal }) });

/** `GET /api/incomes/{month}/{year}` with paging, search and the card's filter. */
export const incomesListQuery = (rfc: string, p: Period, q: IncomesListQuery) =>
  queryOptions({
    queryKey: ['incomes', rfc, 'list', p, q],
    queryFn: ({ signal }) => call(routes['incomes.list'], { params: p, query: listQuery(q), signal }),
    placeholderData: (prev) => prev,
  });

function listQuery(q: IncomesListQuery) {
  return {
    page: q.page, perPage: q.perPage, searchQuery: q.searchQuery || undefined,
    'status[type]': q['status[type]'], 'status[filter]': q['status[filter]'], relatedocs: q.relatedocs, cuentaspor: q.cuentaspor || undefined,
    withBlacklist: q.withBlacklist || undefined,
  };
}

/** The CSV of every row of the filter (not just the page): the server answers a file for csv=true. */
export async function downloadIncomesCsv(p: Period, q: IncomesListQuery): Promise<void> {
  const { page: _page, perPage: _perPage, withBlacklist: _withBlacklist, ...rest } = listQuery(q);
  const url = await fetchAuthedObjectUrl(routeUrl(routes['incomes.list'], p, { ...rest, csv: 'true' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `ingresos-${p.year}-${String(p.month).padStart(2, '0')}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `GET /api/incomes/related/{uuid}?mother=`. */
export const relatedQuery = (rfc: string, uuid: string, mother: boolean) =>
  queryOptions({ queryKey: ['incomes', rfc, 'related', uuid, mother], queryFn: ({ signal }) => call(routes['incomes.related'], { params: { uuid }, query: { mother: mother || undefined }, signal }).then((r) => r.data) });

/** `POST /api/incomes/enable-payment` ("Habilitar Pago"): paid on that day. */
export const enablePayment = (uuid: string, fpago: string) => call(routes['incomes.enablePayment'], { body: { fpago, pIdPago: uuid, type: 1 } });
/** `POST /api/incomes/not-count`: leaves it out of the statistics (or counts it again). */
export const setNotCount = (uuid: string, notCount: boolean) => call(routes['incomes.notCount'], { body: { uuid, notCount } });

/** `GET /api/accounts/per-receive`: open balances with and without related documents. */
export const perReceiveQuery = (rfc: string, q: { page: number; perPage: number; searchQuery: string; relatedocs: '' | '0' | '1' }) =>
  queryOptions({
    queryKey: ['incomes', rfc, 'per-receive', q],
    queryFn: ({ signal }) => call(routes['incomes.perReceive'], { query: { page: q.page, perPage: q.perPage, searchQuery: q.searchQuery || undefined, relatedocs: q.relatedocs || undefined }, signal }),
    placeholderData: (prev) => prev,
  });
