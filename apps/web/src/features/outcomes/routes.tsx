import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-route';

/** Route module of the outcomes area, mounted inside the guarded app shell (spec §2.1). */
export const outcomesRoutes: RouteObject[] = [{ path: '/outcomes', lazy: lazyPage(() => import('./pages/outcomes-page'), 'OutcomesPage') }];
