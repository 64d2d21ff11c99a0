/** What other features may use of this one (eslint facturo/no-cross-feature-imports); the rest is internal. */
export { ClientFormDrawer } from './components/client-form-drawer';
export { ClientV4Dialog } from './components/client-v4-dialog';
