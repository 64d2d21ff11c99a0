import { OpenBalancesPage } from '../../accounts-receivable/public';
import { perPayQuery } from '../api/outcomes-api';
import { OUTCOMES_FEATURES } from '../model/stat-cards';

/** /accounts/per-pay (spec §2.7 accounts payable): open balances of received invoices; "marcar como pagado" on /outcomes takes one out. */
export function PerPayPage() {
  return <OpenBalancesPage query={perPayQuery} featureId={OUTCOMES_FEATURES.payable} texts="payable" listKey="per-pay" />;
}
