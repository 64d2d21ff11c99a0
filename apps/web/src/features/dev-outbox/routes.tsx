import type { RouteObject } from 'react-router';
import { OutboxPage } from './pages/outbox-page';

/** /dev/outbox: full layout, no guard. */
export const devOutboxRoutes: RouteObject[] = [{ path: '/dev/outbox', element: <OutboxPage /> }];
