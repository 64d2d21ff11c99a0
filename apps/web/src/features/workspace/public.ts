export { AccountSwitcher } from './components/account-switcher';
export { useMyRole } from './api/workspace-api';
export { workspaceRoutes, invitationRoute } from './routes';
