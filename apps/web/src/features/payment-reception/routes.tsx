import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-route';

/** Route module of the payment-reception area, mounted inside the guarded app shell (spec §2.1). */
export const paymentReceptionRoutes: RouteObject[] = [
  { path: '/payment-reception', lazy: lazyPage(() => import('./pages/payment-reception-page'), 'PaymentReceptionPage') },
];
