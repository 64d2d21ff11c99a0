import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-route';

/** Prenómina (spec §2.1 /pre-payroll). */
export const prePayrollRoutes: RouteObject[] = [
  { path: '/pre-payroll', lazy: lazyPage(() => import('./pages/pre-payroll-page'), 'PrePayrollPage') },
];
