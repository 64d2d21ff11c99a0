// The entry (login, guard, session) imports its area's entries, not the whole table: /login stays small (issue 19).
import { sessionRoutes } from '@facturo/contract/routes/session';
import { queryOptions } from '@tanstack/react-query';
import { type PlansData } from '@facturo/contract';
import { call } from '../../../shared/api/call';

/** The plan access of the logged-in user (the answer's `data`). */
export async function getUserPlan(signal?: AbortSignal): Promise<PlansData> {
  return (await call(sessionRoutes['plans.userPlan'], { signal })).data;
}

/** Query options; keys start with the area and the RFC. */
export const userPlanQuery = (rfc: string) =>
  queryOptions({
    queryKey: ['plans', rfc, 'user-plan'],
    queryFn: ({ signal }) => getUserPlan(signal),
    // §2.5: plan access is fetched on every navigation; in-flight fetches are shared.
    staleTime: 0,
  });
