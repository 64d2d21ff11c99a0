import type { RouteObject } from 'react-router';
import { ClientsPage } from './pages/clients-page';

/** Route module of the customers area, mounted inside the guarded app shell (spec §2.1). */
export const clientsRoutes: RouteObject[] = [{ path: '/clients', element: <ClientsPage /> }];
