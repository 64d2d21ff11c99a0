import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-route';

/** Route module of the account's API keys (issue 29 §4), mounted inside the guarded app shell. */
export const apiKeysRoutes: RouteObject[] = [{ path: '/cuenta/llaves-api', lazy: lazyPage(() => import('./pages/api-keys-page'), 'ApiKeysPage') }];
