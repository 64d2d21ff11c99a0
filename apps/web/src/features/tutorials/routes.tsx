import type { RouteObject } from 'react-router';
import { TutorialsPage } from './pages/tutorials-page';

/** Tutoriales (spec §2.1 /tutorials): the help center. */
export const tutorialsRoutes: RouteObject[] = [
  { path: '/tutorials', element: <TutorialsPage /> },
];
