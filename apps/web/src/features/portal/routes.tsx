import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-route';

/** The owner's screen of the self-invoicing portal (issue 29 §6), mounted inside the guarded app shell. */
export const portalRoutes: RouteObject[] = [{ path: '/invoicing/portal', lazy: lazyPage(() => import('./pages/portal-page'), 'PortalPage') }];

/** The customers' page /f/{slug}: outside the shell, no guard, no login. */
export const portalPublicRoutes: RouteObject[] = [{ path: '/f/:slug', lazy: lazyPage(() => import('./pages/public-portal-page'), 'PublicPortalPage') }];
