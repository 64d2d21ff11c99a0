import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-route';

/** Issue 26: the workspace screens inside the guarded app shell. */
export const workspaceRoutes: RouteObject[] = [
  { path: '/cuenta/miembros', lazy: lazyPage(() => import('./pages/members-page'), 'MembersPage') },
  { path: '/cuenta/actividad', lazy: lazyPage(() => import('./pages/activity-page'), 'ActivityPage') },
  { path: '/cuenta/mis-datos', lazy: lazyPage(() => import('./pages/my-details-page'), 'MyDetailsPage') },
  { path: '/cuenta/seguridad', lazy: lazyPage(() => import('./pages/security-page'), 'SecurityPage') },
  { path: '/despacho', lazy: lazyPage(() => import('./pages/despacho-page'), 'DespachoPage') },
];

/** The invitation link: no guard (a new person has no session yet). */
export const invitationRoute: RouteObject = { path: '/invitacion/:token', lazy: lazyPage(() => import('./pages/invitation-page'), 'InvitationPage') };

/** Decision 315: the link that confirms a new e-mail address: no guard (it may be opened on another device). */
export const emailConfirmRoute: RouteObject = { path: '/confirmar-correo/:token', lazy: lazyPage(() => import('./pages/confirm-email-page'), 'ConfirmEmailPage') };
