/** What other features may use of this one (eslint facturo/no-cross-feature-imports); the rest is internal. */
export { RepDeadlineAlert, RepDeadlineBadge } from './components/rep-deadline';
export { BankCashBasis } from './components/bank-cash-basis';
