import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-route';

/** Retenciones (spec §2.1, §2.7): issued and received lists with statistics. */
export const retentionsRoutes: RouteObject[] = [
  { path: '/retentions/issued', lazy: lazyPage(() => import('./pages/retentions-pages'), 'RetentionsIssuedPage') },
  { path: '/retentions/received', lazy: lazyPage(() => import('./pages/retentions-pages'), 'RetentionsReceivedPage') },
];
