import type { RouteObject } from 'react-router';
import { PlansPage } from './pages/plans-page';

/** Guarded plans routes (inside the app shell). */
export const plansRoutes: RouteObject[] = [{ path: '/plans', element: <PlansPage /> }];
