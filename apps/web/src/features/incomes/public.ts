/** What other features may use of this one (eslint facturo/no-cross-feature-imports); the rest is internal. */
export { perReceiveQuery } from './api/incomes-api';
export { INCOMES_FEATURES } from './model/use-plan-feature';
export { rowName } from './components/incomes-table';
// Shared with outcomes (the same list pieces over received documents).
export { CfdiTable } from './components/cfdi-table';
export { StatCards } from './components/stat-cards';
export { RelatedDrawer } from './components/related-drawer';
export { EnablePaymentModal } from './components/enable-payment-modal';
export type { Period } from './api/incomes-api';
export { usePlanFeature, usePlanLacks } from './model/use-plan-feature';
export { LazyYearStats } from './components/year-stats-lazy';
