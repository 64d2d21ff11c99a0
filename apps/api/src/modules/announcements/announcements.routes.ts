import type { FastifyPluginAsync } from 'fastify';
import type { JobContext } from '../../jobs/context';
import { serve } from '../../http/serve';
import * as news from './announcements.service';

/** Novedades: every account reads; the administrator (access `admin` in the route table) publishes. */
export const announcementsRoutes = (ctx: JobContext): FastifyPluginAsync => async (app) => {
  const { db } = ctx;
  serve(app, 'announcements.list', (req) => news.listAnnouncements(db, req.account.id, req.query));
  serve(app, 'announcements.unread', (req) => news.unreadCount(db, req.account.id));
  serve(app, 'announcements.read', (req) => news.markRead(db, req.account.id, req.params.id));
  serve(app, 'announcements.readAll', (req) => news.markAllRead(db, req.account.id));
  serve(app, 'announcements.create', (req) => news.publish(db, req.account.id, req.body));
  serve(app, 'announcements.update', (req) => news.update(db, req.account.id, req.params.id, req.body));
  serve(app, 'announcements.delete', (req) => news.remove(db, req.params.id));
};
