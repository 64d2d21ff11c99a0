import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-route';

/** Route module of the profile area, mounted inside the guarded app shell (spec §2.1: /profile/{section?}). */
export const profileRoutes: RouteObject[] = [{ path: '/profile/:section?', lazy: lazyPage(() => import('./pages/profile-page'), 'ProfilePage') }];
