import type { RouteObject } from 'react-router';
import { UnderConstruction } from '../../shared/ui/under-construction';

/**
 * Route module of this area, mounted inside the guarded app shell.
 * Under construction: replace the elements with the real pages (paths stay as spec §2.1).
 */
export const payrollRoutes: RouteObject[] = [
  { path: '/payroll', element: <UnderConstruction areaKey="areas.payroll" /> },
  { path: '/payroll/emitted', element: <UnderConstruction areaKey="areas.payrollEmitted" /> },
  { path: '/payroll/received', element: <UnderConstruction areaKey="areas.payrollReceived" /> },
];
