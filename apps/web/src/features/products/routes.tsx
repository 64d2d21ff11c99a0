import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-route';

/** Route module of the products area, mounted inside the guarded app shell (spec §2.1). */
export const productsRoutes: RouteObject[] = [{ path: '/products', lazy: lazyPage(() => import('./pages/products-page'), 'ProductsPage') }];
