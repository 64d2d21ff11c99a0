import type { RouteObject } from 'react-router';
import { UnderConstruction } from '../../shared/ui/under-construction';
import { lazyPage } from '../../shared/routing/lazy-route';

/**
 * Route module of this area, mounted inside the guarded app shell.
 * Under construction: replace the elements with the real pages (paths stay as spec §2.1).
 */
export const accountsRoutes: RouteObject[] = [
  { path: '/accounts/per-pay', element: <UnderConstruction areaKey="areas.accountsPerPay" /> },
  { path: '/accounts/per-receive', lazy: lazyPage(() => import('../accounts-receivable/public'), 'PerReceivePage') },
];
