import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

/** One client for the app: route loaders (guards) and components share its cache. */
export const queryClient = new QueryClient({
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
