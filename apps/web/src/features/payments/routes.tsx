import type { RouteObject } from 'react-router';
import { UnderConstruction } from '../../shared/ui/under-construction';

/**
 * Route module of this area, mounted inside the guarded app shell.
 * Under construction: replace the elements with the real pages (paths stay as spec §2.1).
 */
export const paymentsRoutes: RouteObject[] = [
  { path: '/payments', element: <UnderConstruction areaKey="areas.payments" /> },
  { path: '/payment-cards', element: <UnderConstruction areaKey="areas.paymentCards" /> },
];
