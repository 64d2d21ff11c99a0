import type { RouteObject } from 'react-router';
import { ProfilePage } from './pages/profile-page';

/** Route module of the profile area, mounted inside the guarded app shell (spec §2.1: /profile/{section?}). */
export const profileRoutes: RouteObject[] = [{ path: '/profile/:section?', element: <ProfilePage /> }];
