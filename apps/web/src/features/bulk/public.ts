/** What other features may use of this one (eslint facturo/no-cross-feature-imports); the rest is internal. */
export { BulkActions } from './components/bulk-actions';
export { CfdiExportButton } from './components/cfdi-export-button';
