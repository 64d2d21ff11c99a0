import type { FastifyPluginAsync } from 'fastify';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { serve } from '../../http/serve';

/** Spec §7.16: the unread urgent notifications (shown as a modal on login). */
export const notificationsRoutes = (db: Db): FastifyPluginAsync => async (app) => {
  serve(app, 'notifications.urgent', async (req) => {
    const rows = await db.select().from(notifications)
      .where(and(eq(notifications.userId, req.account.id), eq(notifications.urgent, true), isNull(notifications.readAt)))
      .orderBy(desc(notifications.createdAt)).limit(20);
    return { data: rows.map((r) => ({ id: r.id, title: r.title, message: r.message, link: r.link, created_at: r.createdAt.toISOString() })) };
  });
};
