import type { FastifyPluginAsync } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import type { LoginResponse } from '@facturo/contract';
import type { Db } from '../../db/client';
import { outbox, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { serve } from '../../http/serve';
import type { Mailer } from '../../providers/mail/mailer';

/**
 * Local-development aids. The outbox exists only while mail goes to the outbox table; the account
 * switches only under NODE_ENV=test (they let e2e tests reach the 402/451/premium paths).
 */
export const devRoutes = (db: Db, mailer: Mailer, env: string, session: (userId: number) => Promise<LoginResponse>): FastifyPluginAsync => async (app) => {
  serve(app, 'dev.outbox', async (req) => {
    if (mailer.kind !== 'outbox') throw notFound('El buzón local no está activo: el correo sale por SMTP');
    const rows = await db.select().from(outbox).where(eq(outbox.to, req.query.to)).orderBy(desc(outbox.id)).limit(50);
    return { data: rows.map((r) => ({ to: r.to, subject: r.subject, text: r.text, html: r.html, attachments: r.attachments, created_at: r.createdAt.toISOString() })) };
  });

  if (env !== 'test') return;
  serve(app, 'dev.accountFlags', async (req) => {
    const { rol, ...flags } = req.body;
    await db.update(users).set({ ...flags, ...(rol ? { rolId: rol, planId: rol === 10 ? 1 : 2 } : {}) }).where(eq(users.id, req.account.id));
    return session(req.account.id);
  });
};
