/** What other features may use of this one (eslint facturo/no-cross-feature-imports); the rest is internal. */
export { userPlanQuery } from './api/get-user-plan';
export { hasFeature } from './model/product-route-access';
export { openUpgradeDialog } from './model/upgrade-dialog-store';
export { FeatureGate, LockedFeature } from './components/locked-feature';
