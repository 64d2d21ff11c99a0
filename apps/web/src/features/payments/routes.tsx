import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-route';

/** Guarded payments routes (spec §2.1): history and cards. */
export const paymentsRoutes: RouteObject[] = [
  { path: '/payments', lazy: lazyPage(() => import('./pages/payments-page'), 'PaymentsPage') },
  { path: '/payment-cards', lazy: lazyPage(() => import('./pages/payment-cards-page'), 'PaymentCardsPage') },
];
