import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-route';

/** Dashboard route module. */
export const dashboardRoutes: RouteObject[] = [
  { path: '/dashboard/home', lazy: lazyPage(() => import('./dashboard-home-page'), 'DashboardHomePage') },
];
