import type { RouteObject } from 'react-router';
import { ProductsPage } from './pages/products-page';

/** Route module of the products area, mounted inside the guarded app shell (spec §2.1). */
export const productsRoutes: RouteObject[] = [{ path: '/products', element: <ProductsPage /> }];
