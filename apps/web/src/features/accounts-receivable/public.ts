/** What other features may use of this one (eslint facturo/no-cross-feature-imports); the rest is internal. */
export { PerReceivePage } from './pages/per-receive-page';
export { OpenBalancesPage } from './pages/per-receive-page';
