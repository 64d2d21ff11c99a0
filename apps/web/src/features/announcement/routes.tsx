import type { RouteObject } from 'react-router';
import { AnnouncementsPage } from './pages/announcements-page';

/** Novedades (spec §2.1 /app/announcement). */
export const announcementRoutes: RouteObject[] = [
  { path: '/app/announcement', element: <AnnouncementsPage /> },
];
