import { queryOptions } from '@tanstack/react-query';
import { routes, type OutcomesListQuery } from '@facturo/contract';
import { downloadAuthedFile } from '../../../shared/api/authed-file';
import { call, routeUrl } from '../../../shared/api/call';
import { confirmExternalLink } from '../../../shared/ui/confirm';
import type { Period } from '../../incomes/public';
import { saveBlob } from '../../invoicing/public';

/** What the outcomes list sends besides the period (spec §7.6: the incomes filters plus deductible). */
export type OutcomesFilter = Partial<Pick<OutcomesListQuery, 'status[type]' | 'status[filter]' | 'relatedocs' | 'deductible'>> & { cuentaspor?: boolean };
export interface OutcomesPageQuery extends OutcomesFilter { page: number; perPage: number; searchQuery: string; withBlacklist?: boolean }

/** Query keys start with the area and the tenant's RFC (STYLE "Data fetching"). */
export const outcomesKeys = { all: (rfc: string) => ['outcomes', rfc] as const };

/** `GET /api/outcomes/stats/{month}/{year}`: the month cards plus deducibles / no deducibles. */
export const outcomesStatsQuery = (rfc: string, p: Period) =>
  queryOptions({ queryKey: ['outcomes', rfc, 'stats', p], queryFn: ({ signal }) => call(routes['outcomes.stats'], { params: p, signal }) });

function listQuery(q: OutcomesPageQuery) {
  return {
    page: q.page, perPage: q.perPage, searchQuery: q.searchQuery || undefined, 'status[type]': q['status[type]'], 'status[filter]': q['status[filter]'],
    relatedocs: q.relatedocs, cuentaspor: q.cuentaspor || undefined, deductible: q.deductible || undefined,
    withBlacklist: q.withBlacklist || undefined,
  };
}

/** `GET /api/outcomes/{month}/{year}` with paging, search and the card's filter. */
export const outcomesListQuery = (rfc: string, p: Period, q: OutcomesPageQuery) =>
  queryOptions({
    queryKey: ['outcomes', rfc, 'list', p, q],
    queryFn: ({ signal }) => call(routes['outcomes.list'], { params: p, query: listQuery(q), signal }),
    placeholderData: (prev) => prev,
  });

/** The CSV of every row of the filter: the server answers a file for csv=true. */
export async function downloadOutcomesCsv(p: Period, q: OutcomesPageQuery): Promise<void> {
  const { page: _page, perPage: _perPage, withBlacklist: _withBlacklist, ...rest } = listQuery(q);
  // Straight to a download: re-reading the object URL with fetch() is refused by the CSP (connect-src has no blob:).
  await downloadAuthedFile(routeUrl(routes['outcomes.list'], p, { ...rest, csv: 'true' }), `egresos-${p.year}-${String(p.month).padStart(2, '0')}.csv`);
}

/** `GET /api/outcomes/related/{uuid}?mother=` (same signature as the incomes query, for the shared drawer). */
export const outcomesRelatedQuery = (rfc: string, uuid: string, mother: boolean) =>
  queryOptions({
    queryKey: ['outcomes', rfc, 'related', uuid, mother],
    queryFn: ({ signal }) => call(routes['outcomes.related'], { params: { uuid }, query: { mother: mother || undefined }, signal }).then((r) => r.data),
  });

/** `POST /api/outcomes/enable-payment`: paid on `fpago`, or unpaid again with an empty fpago. */
export const setOutcomePaid = (uuid: string, fpago: string) => call(routes['outcomes.enablePayment'], { body: { fpago, pIdPago: uuid, type: 2 } });
/** `POST /api/outcomes/not-count`. */
export const setOutcomeNotCount = (uuid: string, notCount: boolean) => call(routes['outcomes.notCount'], { body: { uuid, notCount } });
/** `POST /api/outcomes/iva-uso` (issue 24 §7): used only in taxed / only in exempt activities, or null (both: prorated). */
export const setIvaUso = (uuid: string, ivaUso: 'gravadas' | 'exentas' | null) => call(routes['outcomes.ivaUso'], { body: { uuid, ivaUso } });
/** `POST /api/outcomes/deductible`: the user's override of the import's decision. */
export const setDeductible = (uuid: string, deducible: boolean) => call(routes['outcomes.deductible'], { body: { uuid, deducible } });
/** `POST /api/outcomes/cancel`: the supplier cancelled it at SAT. */
export const markCancelled = (uuid: string) => call(routes['outcomes.cancel'], { body: { uuid } });
/** `POST /api/outcomes/complement-request`: e-mails the supplier for the missing payment complement. */
export const requestComplement = (uuid: string, email: string) => call(routes['outcomes.complementRequest'], { body: { uuid, email } });

/** The received XML / PDF, opened behind the §8 link confirm or saved. */
export async function viewOutcomePdf(uuid: string) {
  confirmExternalLink(URL.createObjectURL(await call(routes['outcomes.pdf'], { params: { uuid } })));
}
export async function viewOutcomeXml(uuid: string) {
  confirmExternalLink(URL.createObjectURL(new Blob([await call(routes['outcomes.xml'], { params: { uuid } })], { type: 'text/xml' })));
}
export async function downloadOutcomeXml(uuid: string, name: string) {
  saveBlob(await call(routes['outcomes.xml'], { params: { uuid } }), `${name}.xml`);
}

/** `GET /api/accounts/per-pay`: open balances of received invoices with and without related documents. */
export const perPayQuery = (rfc: string, q: { page: number; perPage: number; searchQuery: string; relatedocs: '' | '0' | '1' }) =>
  queryOptions({
    queryKey: ['outcomes', rfc, 'per-pay', q],
    queryFn: ({ signal }) => call(routes['outcomes.perPay'], { query: { page: q.page, perPage: q.perPage, searchQuery: q.searchQuery || undefined, relatedocs: q.relatedocs || undefined }, signal }),
    placeholderData: (prev) => prev,
  });
