import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../shared/session/session-store';
import { userPlanQuery } from '../../plans/public';
import { hasFeature } from '../../plans/public';
import { openUpgradeDialog } from '../../plans/public';

/** Plan feature ids of the incomes product (spec §6, seed 0001): list, stats, CSV export, e-mail, accounts receivable. */
export const INCOMES_FEATURES = { list: 5, stats: 6, csv: 31, email: 59, receivable: 55 } as const;

/**
 * True once the plan is known and lacks the feature (spec §6): the screen shows the locked panel in that
 * part's place and does not ask the API for it (the server would answer 403). Unknown yet → false.
 */
export function usePlanLacks(featureId: number): boolean {
  const rfc = useSession().user?.username ?? '';
  const plan = useQuery({ ...userPlanQuery(rfc), staleTime: 30_000, enabled: Boolean(rfc) });
  return Boolean(plan.data && !hasFeature(plan.data, featureId));
}

/**
 * Runs `action` when the plan has the feature, else opens the upgrade dialog: the API would answer 403 and
 * §8 sends a 403 to the unauthorized page, which is not what a free user clicking "Descargar CSV" expects.
 */
export function usePlanFeature(featureId: number): (action: () => void) => void {
  const rfc = useSession().user?.username ?? '';
  const plan = useQuery({ ...userPlanQuery(rfc), staleTime: 30_000, enabled: Boolean(rfc) });
  return (action) => (plan.data && !hasFeature(plan.data, featureId) ? openUpgradeDialog() : action());
}
