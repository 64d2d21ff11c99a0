import type { RouteObject } from 'react-router';
import { UnderConstruction } from '../../shared/ui/under-construction';

/**
 * Route module of this area, mounted inside the guarded app shell.
 * Under construction: replace the elements with the real pages (paths stay as spec §2.1).
 */
export const invoicingRoutes: RouteObject[] = [
  { path: '/invoicing/add', element: <UnderConstruction areaKey="areas.invoicingAdd" /> },
  { path: '/invoicing/template', element: <UnderConstruction areaKey="areas.invoicingTemplate" /> },
];
