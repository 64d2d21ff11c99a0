import type { RouteObject } from 'react-router';
import { lazyPage, loadChunk } from '../../shared/routing/lazy-route';

const receipts = (type: 1 | 2): NonNullable<RouteObject['lazy']> => async () => {
  const { PayrollReceiptsPage } = await loadChunk(() => import('./pages/payroll-page'));
  return { element: <PayrollReceiptsPage key={type} type={type} /> };
};

/** Nómina (spec §2.1): the payroll runs, and the receipts issued and received. */
export const payrollRoutes: RouteObject[] = [
  { path: '/payroll', lazy: lazyPage(() => import('./pages/payroll-page'), 'PayrollRunsPage') },
  { path: '/payroll/emitted', lazy: receipts(1) },
  { path: '/payroll/received', lazy: receipts(2) },
];
