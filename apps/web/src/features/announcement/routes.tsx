import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-route';

/** Novedades (spec §2.1 /app/announcement). */
export const announcementRoutes: RouteObject[] = [
  { path: '/app/announcement', lazy: lazyPage(() => import('./pages/announcements-page'), 'AnnouncementsPage') },
];
