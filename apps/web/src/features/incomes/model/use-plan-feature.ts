import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../shared/session/session-store';
import { userPlanQuery } from '../../plans/public';
import { hasFeature } from '../../plans/public';
import { openUpgradeDialog } from '../../plans/public';

/** Plan feature ids of the incomes product (spec §6, seed 0001): CSV export, e-mail, accounts receivable. */
export const INCOMES_FEATURES = { csv: 31, email: 59, receivable: 55 } as const;

/**
 * Runs `action` when the plan has the feature, else opens the upgrade dialog: the API would answer 403 and
 * §8 sends a 403 to the unauthorized page, which is not what a free user clicking "Descargar CSV" expects.
 */
export function usePlanFeature(featureId: number): (action: () => void) => void {
  const rfc = useSession().user?.username ?? '';
  const plan = useQuery({ ...userPlanQuery(rfc), staleTime: 30_000, enabled: Boolean(rfc) });
  return (action) => (plan.data && !hasFeature(plan.data, featureId) ? openUpgradeDialog() : action());
}
