import type { RouteObject } from 'react-router';
import { OutcomesPage } from './pages/outcomes-page';

/** Route module of the outcomes area, mounted inside the guarded app shell (spec §2.1). */
export const outcomesRoutes: RouteObject[] = [{ path: '/outcomes', element: <OutcomesPage /> }];
