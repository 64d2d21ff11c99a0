import type { RouteObject } from 'react-router';
import { DashboardHomePage } from './dashboard-home-page';

/** Dashboard route module. */
export const dashboardRoutes: RouteObject[] = [{ path: '/dashboard/home', element: <DashboardHomePage /> }];
