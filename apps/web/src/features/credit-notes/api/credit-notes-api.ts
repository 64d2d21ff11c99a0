import { queryOptions } from '@tanstack/react-query';
import { routes, type CreditNoteListQuery } from '@facturo/contract';
import { call } from '../../../shared/api/call';
import type { Period } from '../../../shared/period/period-store';

/** 1 emitted (issued by the account), 2 received (spec §7.7). */
export type NoteSide = 1 | 2;

export const creditNoteKeys = { all: (rfc: string) => ['credit-notes', rfc] as const };

/** `GET /api/ncreditoMes/{month}/{year}`: both sides' cards in one answer. */
export const creditNoteStatsQuery = (rfc: string, p: Period) =>
  queryOptions({ queryKey: ['credit-notes', rfc, 'stats', p], queryFn: ({ signal }) => call(routes['creditNotes.stats'], { params: p, signal }) });

/** `GET /api/getNotasCredito/{month}/{year}/{1|2}` with the card's set, search and paging. */
export const creditNotesListQuery = (rfc: string, p: Period, side: NoteSide, q: Pick<CreditNoteListQuery, 'page' | 'perPage' | 'status'> & { searchQuery: string }) =>
  queryOptions({
    queryKey: ['credit-notes', rfc, 'list', p, side, q],
    queryFn: ({ signal }) => call(routes['creditNotes.list'], {
      params: { ...p, type: String(side) as '1' | '2' }, query: { ...q, searchQuery: q.searchQuery || undefined }, signal,
    }),
    placeholderData: (prev) => prev,
  });

/**
 * The XML or PDF of a note: issued notes come from the incomes documents, received ones from the outcomes
 * documents (the same stored bytes the account imported or stamped).
 */
export function fetchNoteFile(side: NoteSide, uuid: string, kind: 'xml' | 'pdf'): Promise<Blob> {
  const entry = side === 1 ? routes[kind === 'xml' ? 'invoicing.xml' : 'invoicing.pdf'] : routes[kind === 'xml' ? 'outcomes.xml' : 'outcomes.pdf'];
  return call(entry, { params: { uuid } });
}
