import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-route';

/** Contabilidad electrónica (issue 28): pólizas, balanza, catálogo, reglas and the SAT files. */
export const accountingRoutes: RouteObject[] = [
  { path: '/contabilidad', lazy: lazyPage(() => import('./pages/accounting-page'), 'AccountingPage') },
];
