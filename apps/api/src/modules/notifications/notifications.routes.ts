import type { FastifyPluginAsync } from 'fastify';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { serve } from '../../http/serve';

/**
 * Spec §7.16: the unread urgent notifications (shown as a modal on login and in the bell), and marking
 * them read (issue 25 §7) — one by id or all at once. Both marks are idempotent and tenant-scoped: an id
 * of another account marks nothing (200 with `marked: 0`, the same answer as an already-read one).
 */
export const notificationsRoutes = (db: Db): FastifyPluginAsync => async (app) => {
  serve(app, 'notifications.urgent', async (req) => {
    const rows = await db.select().from(notifications)
      .where(and(eq(notifications.userId, req.account.id), eq(notifications.urgent, true), isNull(notifications.readAt)))
      .orderBy(desc(notifications.createdAt)).limit(20);
    return { data: rows.map((r) => ({ id: r.id, title: r.title, message: r.message, link: r.link, created_at: r.createdAt.toISOString() })) };
  });

  serve(app, 'notifications.markRead', async (req) => {
    const rows = await db.update(notifications).set({ readAt: new Date() })
      .where(and(eq(notifications.userId, req.account.id), eq(notifications.id, req.params.id), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return { marked: rows.length };
  });

  serve(app, 'notifications.markAllRead', async (req) => {
    const rows = await db.update(notifications).set({ readAt: new Date() })
      .where(and(eq(notifications.userId, req.account.id), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return { marked: rows.length };
  });
};
