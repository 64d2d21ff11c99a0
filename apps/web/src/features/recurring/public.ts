/** What other features may use of this one (eslint facturo/no-cross-feature-imports); the rest is internal. */
export { RepeatInvoiceButton } from './components/repeat-invoice-dialog';
