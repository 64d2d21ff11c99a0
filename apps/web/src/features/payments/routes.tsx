import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-route';

/** Guarded payments routes (spec §2.1): history, cards and «Comprar timbres». */
export const paymentsRoutes: RouteObject[] = [
  { path: '/payments', lazy: lazyPage(() => import('./pages/payments-page'), 'PaymentsPage') },
  { path: '/buy-stamps', lazy: lazyPage(() => import('./pages/buy-stamps-page'), 'BuyStampsPage') },
  { path: '/payment-cards', lazy: lazyPage(() => import('./pages/payment-cards-page'), 'PaymentCardsPage') },
];
