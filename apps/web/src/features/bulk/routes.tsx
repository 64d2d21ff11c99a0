import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-route';

/** Invoices from a spreadsheet (issue 29 §2), mounted inside the guarded app shell. */
export const bulkRoutes: RouteObject[] = [{ path: '/invoicing/sheet', lazy: lazyPage(() => import('./pages/invoice-sheet-page'), 'InvoiceSheetPage') }];
