import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { urgentNotificationsSchema } from '@facturo/contract';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';

export const notificationsRoutes = (db: Db): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/notificaciones/urgentes', {
    config: { allowUnpaid: true },
    schema: { tags: ['notifications'], response: { 200: urgentNotificationsSchema } },
  }, async (req) => {
    const rows = await db.select().from(notifications)
      .where(and(eq(notifications.userId, req.account.id), eq(notifications.urgent, true), isNull(notifications.readAt)))
      .orderBy(desc(notifications.createdAt)).limit(20);
    return { data: rows.map((r) => ({ id: r.id, title: r.title, message: r.message, link: r.link, created_at: r.createdAt.toISOString() })) };
  });
};
