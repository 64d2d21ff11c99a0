import { QueryClient, type InvalidateOptions, type InvalidateQueryFilters, type QueryKey } from '@tanstack/react-query';
import { isApiError } from './api-error';

/**
 * A QueryClient whose invalidation also restarts a first read still in flight. TanStack Query cancels a running
 * fetch on invalidation only when the query already has data; a first read is joined instead, so a list opened
 * just before a save answered with what the server held before it, and showed that until its next refresh.
 */
export class RestartingQueryClient extends QueryClient {
  override async invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>, options?: InvalidateOptions,
  ): Promise<void> {
    // Only reads the invalidation refetches (a screen shows them): back to their state before the read (no data,
    // idle), so the refetch below starts a new one. A prefetch nobody watches yet keeps its read.
    const firstReads = filters?.refetchType === 'none' ? [] : this.getQueryCache()
      .findAll({ ...filters, type: 'active', fetchStatus: 'fetching' }).filter((q) => q.state.data === undefined);
    await Promise.all(firstReads.map((q) => q.cancel({ revert: true })));
    return super.invalidateQueries(filters, options);
  }
}

/** One client for the app: route loaders (guards) and components share its cache. */
export const queryClient = new RestartingQueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors are answers, not glitches: retry only network/5xx once.
      retry: (count, err) => count < 1 && (!isApiError(err) || err.status === 0 || err.status >= 500),
    },
    mutations: { retry: false },
  },
});
