import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-route';

/** Tutoriales (spec §2.1 /tutorials): the help center. */
export const tutorialsRoutes: RouteObject[] = [
  { path: '/tutorials', lazy: lazyPage(() => import('./pages/tutorials-page'), 'TutorialsPage') },
];
