import type { RouteObject } from 'react-router';
import { PerReceivePage } from '../accounts-receivable/public';
import { PerPayPage } from '../outcomes/public';

/** Route module of the accounts area (spec §2.1): receivable from incomes, payable from outcomes. */
export const accountsRoutes: RouteObject[] = [
  { path: '/accounts/per-pay', element: <PerPayPage /> },
  { path: '/accounts/per-receive', element: <PerReceivePage /> },
];
