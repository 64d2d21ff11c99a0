/** What other features may use of this one (eslint facturo/no-cross-feature-imports); the rest is internal. */
export { perReceiveQuery } from './api/incomes-api';
export { INCOMES_FEATURES } from './model/use-plan-feature';
export { rowName } from './components/incomes-table';
