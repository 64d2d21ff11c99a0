import { queryOptions } from '@tanstack/react-query';
import type { PlansData } from '@facturo/contract';
import { apiGet } from '../../../shared/api/api-client';

/** Fetches the plan access of the logged-in user (`GET /api/user/plan`, body `{data}`). */
export async function getUserPlan(signal?: AbortSignal): Promise<PlansData> {
  const res = await apiGet<{ data: PlansData }>('/api/user/plan', { signal });
  return res.data;
}

/** Query options; keys start with the area and the RFC. */
export const userPlanQuery = (rfc: string) =>
  queryOptions({
    queryKey: ['plans', rfc, 'user-plan'],
    queryFn: ({ signal }) => getUserPlan(signal),
    // §2.5: plan access is fetched on every navigation; in-flight fetches are shared.
    staleTime: 0,
  });
