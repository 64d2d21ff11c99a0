/** What other features may use of this one (eslint facturo/no-cross-feature-imports); the rest is internal. */
export { DashboardFigures } from './components/dashboard-figures';
export { dashboardKeys } from './api/dashboard-api';
