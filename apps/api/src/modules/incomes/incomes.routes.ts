import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../http/serve';
import type { JobContext } from '../../jobs/context';
import { clients } from '../clients/clients.schema';
import { and, asc, eq } from 'drizzle-orm';
import { appInvoice, appInvoices, enablePayment, openBalancesPage, relatedCfdis, setNotCount } from './cfdi-actions';
import { cfdiCsv, listCfdis } from './cfdi-list';
import { monthStats, yearStats } from './cfdi-stats';

/** Spec §7.5 incomes (issued documents: direction 'emitido'), accounts receivable and §7.3 apps/invoice. */
export const incomesRoutes = (ctx: JobContext): FastifyPluginAsync => async (app) => {
  const { db } = ctx;
  const D = 'emitido' as const;

  serve(app, 'incomes.stats', (req) => monthStats(db, req.account.id, D, req.params));
  serve(app, 'incomes.yearStats', (req) => yearStats(db, req.account.id, D, req.params.year));
  serve(app, 'incomes.list', async (req, reply) => {
    const q = req.query;
    if (!q.csv) return listCfdis(db, req.account.id, D, req.params, q);
    const name = `ingresos-${req.params.year}-${String(req.params.month).padStart(2, '0')}.csv`;
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(cfdiCsv(db, req.account.id, D, req.params, q));
  });
  serve(app, 'incomes.related', (req) => relatedCfdis(db, req.account.id, D, req.params.uuid, req.query.mother));
  serve(app, 'incomes.enablePayment', (req) => enablePayment(db, req.account.id, req.body.type === 2 ? 'recibido' : D, req.body.pIdPago, req.body.fpago));
  serve(app, 'incomes.notCount', (req) => setNotCount(db, req.account.id, D, req.body.uuid, req.body.notCount));
  serve(app, 'incomes.perReceive', (req) => openBalancesPage(db, req.account.id, D, req.query));
  serve(app, 'apps.invoices', (req) => appInvoices(db, req.account.id, req.query));
  serve(app, 'apps.invoice', (req) => appInvoice(db, req.account.id, req.params.id));
  serve(app, 'apps.clients', async (req) => {
    const rows = await db
      .select({ id: clients.id, rfc: clients.rfc, rSocial: clients.rSocial, emails: clients.emails })
      .from(clients)
      .where(and(eq(clients.userId, req.account.id)))
      .orderBy(asc(clients.rSocial));
    return { clients: rows.map((c) => ({ id: c.id, rfc: c.rfc, r_social: c.rSocial, email: c.emails[0] ?? null })) };
  });
};
