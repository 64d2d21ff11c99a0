import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-route';

/** Route module of the bank-reconciliation area (issue 27), mounted inside the guarded app shell. */
export const bankRoutes: RouteObject[] = [
  { path: '/bancos', lazy: lazyPage(() => import('./pages/bank-page'), 'BankPage') },
];
