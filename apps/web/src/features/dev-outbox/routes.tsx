import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-route';

/** /dev/outbox: full layout, no guard. */
export const devOutboxRoutes: RouteObject[] = [{ path: '/dev/outbox', lazy: lazyPage(() => import('./pages/outbox-page'), 'OutboxPage') }];
