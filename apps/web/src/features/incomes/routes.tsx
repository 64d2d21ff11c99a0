import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-route';

/** Route module of the incomes area, mounted inside the guarded app shell (spec §2.1). */
export const incomesRoutes: RouteObject[] = [{ path: '/incomes', lazy: lazyPage(() => import('./pages/incomes-page'), 'IncomesPage') }];
