import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-route';

/** Route module of the accounts area (spec §2.1): receivable from incomes, payable from outcomes. */
export const accountsRoutes: RouteObject[] = [
  { path: '/accounts/per-pay', lazy: lazyPage(() => import('../outcomes/public'), 'PerPayPage') },
  { path: '/accounts/per-receive', lazy: lazyPage(() => import('../accounts-receivable/public'), 'PerReceivePage') },
];
