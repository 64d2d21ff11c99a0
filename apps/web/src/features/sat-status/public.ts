/** What other features may use of this one (eslint facturo/no-cross-feature-imports); the rest is internal. */
export { SatStatusModal } from './components/sat-status-modal';
export { BlacklistBadge } from './components/blacklist-badge';
export { confirmBlacklistedCustomer } from './components/blacklist-warning';
export { CancellationRequests } from './components/cancellation-requests';
export { blacklistQuery, requestConstancia, applyConstancia } from './api/sat-status-api';
export { usePlanHas, BLACKLIST_FEATURES } from './model/use-plan-has';
export { ConstanciaButtons } from './components/constancia-button';
