import {
  announcementIdParamsSchema, announcementInputSchema, announcementPageSchema, announcementQuerySchema, announcementSchema, unreadCountSchema,
} from '../announcements';
import { messageResponseSchema } from '../auth';
import { route } from '../route';

/** Reading is for every signed-in account (also while unpaid: news may be about the payment itself). */
const reader = { allowUnpaid: true } as const;
/** Publishing is the administrator's (role 1). */
const admin = { admin: true } as const;

/** Novedades: product news and SAT changes (issue 19 §5; the spec names only the screen, /app/announcement). */
export const announcementsRoutes = {
  'announcements.list': route({ method: 'GET', path: '/api/announcements', query: announcementQuerySchema, response: announcementPageSchema, access: reader }),
  'announcements.unread': route({ method: 'GET', path: '/api/announcements/unread', response: unreadCountSchema, access: reader }),
  'announcements.read': route({
    method: 'POST', path: '/api/announcements/:id/read', params: announcementIdParamsSchema, response: unreadCountSchema, access: reader,
  }),
  'announcements.readAll': route({ method: 'POST', path: '/api/announcements/read-all', response: unreadCountSchema, access: reader }),
  'announcements.create': route({
    method: 'POST', path: '/api/announcements', body: announcementInputSchema, status: 201, response: announcementSchema, access: admin,
  }),
  'announcements.update': route({
    method: 'PUT', path: '/api/announcements/:id', params: announcementIdParamsSchema, body: announcementInputSchema, response: announcementSchema, access: admin,
  }),
  'announcements.delete': route({
    method: 'DELETE', path: '/api/announcements/:id', params: announcementIdParamsSchema, response: messageResponseSchema, access: admin,
  }),
};
