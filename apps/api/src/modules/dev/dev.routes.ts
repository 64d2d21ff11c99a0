import type { FastifyPluginAsync } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import type { LoginResponse } from '@facturo/contract';
import type { Db } from '../../db/client';
import { notifications, outbox, users } from '../../db/schema';
import { stampBalances } from '../cfdis/cfdis.schema';
import { notFound } from '../../http/errors';
import { serve } from '../../http/serve';
import type { Mailer } from '../../providers/mail/mailer';
import { outboxOpenTo } from './outbox-access';

export interface DevRoutesOptions {
  env: 'development' | 'test' | 'production';
  /** MAIL_OUTBOX_PUBLIC=true: any peer may read the outbox (a demo server). */
  outboxPublic: boolean;
  session: (userId: number, person?: { pid: number; tv: number }) => Promise<LoginResponse>;
}

/**
 * Local-development aids. The outbox exists only outside production and while mail goes to the
 * outbox table, and answers only a loopback peer unless MAIL_OUTBOX_PUBLIC=true (issue 17 §1: it used
 * to hand any stranger a password-reset code). The account switches exist only under NODE_ENV=test
 * (they let e2e tests reach the 402/451/premium paths).
 */
export const devRoutes = (db: Db, mailer: Mailer, opts: DevRoutesOptions): FastifyPluginAsync => async (app) => {
  if (opts.env !== 'production') {
    serve(app, 'dev.outbox', async (req) => {
      if (!outboxOpenTo(req, opts)) throw notFound();
      if (mailer.kind !== 'outbox') throw notFound('El buzón local no está activo: el correo sale por SMTP');
      const rows = await db.select().from(outbox).where(eq(outbox.to, req.query.to)).orderBy(desc(outbox.id)).limit(50);
      return { data: rows.map((r) => ({ to: r.to, subject: r.subject, text: r.text, html: r.html, attachments: r.attachments, created_at: r.createdAt.toISOString() })) };
    });
  }

  if (opts.env !== 'test') return;
  serve(app, 'dev.accountFlags', async (req) => {
    const { rol, timbres, ...flags } = req.body;
    const set = { ...flags, ...(rol ? { rolId: rol, planId: rol === 10 ? 1 : 2 } : {}) };
    // A body with only `timbres` changes no user column (drizzle refuses an empty SET).
    if (Object.keys(set).length) await db.update(users).set(set).where(eq(users.id, req.account.id));
    if (timbres !== undefined) {
      await db.insert(stampBalances).values({ userId: req.account.id, balance: timbres })
        .onConflictDoUpdate({ target: stampBalances.userId, set: { balance: timbres } });
    }
    return opts.session(req.account.id, req.account.tokenPerson);
  });
  serve(app, 'dev.notification', async (req) => {
    const [row] = await db.insert(notifications)
      .values({ userId: req.account.id, title: req.body.title, message: req.body.message, link: req.body.link, urgent: true })
      .returning();
    return { id: row!.id, title: row!.title, message: row!.message, link: row!.link, created_at: row!.createdAt.toISOString() };
  });
};
