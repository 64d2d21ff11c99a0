import type { RouteObject } from 'react-router';
import { InvoiceAddPage } from './pages/invoice-add-page';
import { TemplatePage } from './pages/template-page';

/** Route module of the invoicing area, mounted inside the guarded app shell (spec §2.1). */
export const invoicingRoutes: RouteObject[] = [
  { path: '/invoicing/add', element: <InvoiceAddPage /> },
  { path: '/invoicing/template', element: <TemplatePage /> },
];
