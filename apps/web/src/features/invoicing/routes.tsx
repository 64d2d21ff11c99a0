import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-route';

/** Route module of the invoicing area, mounted inside the guarded app shell (spec §2.1). */
export const invoicingRoutes: RouteObject[] = [
  { path: '/invoicing/add', lazy: lazyPage(() => import('./pages/invoice-add-page'), 'InvoiceAddPage') },
  { path: '/invoicing/template', lazy: lazyPage(() => import('./pages/template-page'), 'TemplatePage') },
];
