import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-route';

/** Route module of recurring invoices (issue 29 §3), mounted inside the guarded app shell. */
export const recurringRoutes: RouteObject[] = [{ path: '/invoicing/recurring', lazy: lazyPage(() => import('./pages/recurring-page'), 'RecurringPage') }];
