import type { RouteObject } from 'react-router';
import { IncomesPage } from './pages/incomes-page';

/** Route module of the incomes area, mounted inside the guarded app shell (spec §2.1). */
export const incomesRoutes: RouteObject[] = [{ path: '/incomes', element: <IncomesPage /> }];
