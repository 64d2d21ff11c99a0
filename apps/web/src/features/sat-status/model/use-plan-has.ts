import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../shared/session/session-store';
import { hasFeature, userPlanQuery } from '../../plans/public';

/** Plan feature ids of the 69-B check in the lists (spec §6, seed 0001). */
export const BLACKLIST_FEATURES = { incomes: 71, outcomes: 72 } as const;

/** Whether the plan has a feature (false while the plan loads): the lists only ask for the 69-B flag when it does. */
export function usePlanHas(featureId: number): boolean {
  const rfc = useSession().user?.username ?? '';
  const plan = useQuery({ ...userPlanQuery(rfc), staleTime: 30_000, enabled: Boolean(rfc) });
  return Boolean(plan.data && hasFeature(plan.data, featureId));
}
