import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-route';

/** Declaraciones (spec §2.1, §2.7): tabs 0 statement and 1 settings, the DIOT and the tax-status certificates. */
export const statementsRoutes: RouteObject[] = [
  { path: '/statements', lazy: lazyPage(() => import('./pages/statements-page'), 'StatementsPage') },
];
