import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-route';

/** Guarded plans routes (inside the app shell). */
export const plansRoutes: RouteObject[] = [{ path: '/plans', lazy: lazyPage(() => import('./pages/plans-page'), 'PlansPage') }];
