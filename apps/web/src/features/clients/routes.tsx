import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-route';

/** Route module of the customers area, mounted inside the guarded app shell (spec §2.1). */
export const clientsRoutes: RouteObject[] = [{ path: '/clients', lazy: lazyPage(() => import('./pages/clients-page'), 'ClientsPage') }];
