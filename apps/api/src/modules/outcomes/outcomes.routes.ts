import type { FastifyPluginAsync } from 'fastify';
import type { JobContext } from '../../jobs/context';
import { serve } from '../../http/serve';
import { listCfdis, cfdiCsv } from '../incomes/cfdi-list';
import { yearStats } from '../incomes/cfdi-stats';
import { openBalancesPage, relatedCfdis, setNotCount } from '../incomes/cfdi-actions';
import { documentFileName } from '../invoicing/documents.service';
import { cancelOptions } from '../invoicing/cancel.service';
import { invoicingProviders } from '../invoicing/providers';
import {
  deductibleWhere, markCancelledBySupplier, outcomesMonthStats, overrideDeductible, receivedPdf, receivedXml, requestComplement, sendReceivedEmail, setIvaUso, setOutcomePaid,
  supplierEmail,
} from './outcomes.service';

/**
 * Spec §7.6 (entries in the contract's routes/outcomes.ts): the incomes pattern over received documents.
 * What does not apply to received CFDIs (cancelling at SAT): docs/outcomes.md.
 */
export const outcomesRoutes = (ctx: JobContext): FastifyPluginAsync => async (app) => {
  const { db } = ctx;
  const D = 'recibido' as const;
  const storage = () => invoicingProviders(ctx).storage;
  serve(app, 'outcomes.stats', (req) => outcomesMonthStats(db, req.account.id, req.params));
  serve(app, 'outcomes.yearStats', (req) => yearStats(db, req.account.id, D, req.params.year));
  serve(app, 'outcomes.list', async (req, reply) => {
    const { deductible, ...q } = req.query;
    const opts = { extraWhere: deductibleWhere(deductible) };
    if (!q.csv) return listCfdis(db, req.account.id, D, req.params, q, opts);
    const name = `egresos-${req.params.year}-${String(req.params.month).padStart(2, '0')}.csv`;
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(cfdiCsv(db, req.account.id, D, req.params, q, opts));
  });
  serve(app, 'outcomes.xml', async (req, reply) => {
    const { row, xml } = await receivedXml(db, storage(), req.account.id, req.params.uuid);
    return reply.type('application/xml').header('content-disposition', `inline; filename="${documentFileName(row, 'xml')}"`).send(xml);
  });
  serve(app, 'outcomes.pdf', async (req, reply) => {
    const { row, pdf } = await receivedPdf(db, storage(), req.account.id, req.params.uuid);
    return reply.type('application/pdf').header('content-disposition', `inline; filename="${documentFileName(row, 'pdf')}"`).send(Buffer.from(pdf));
  });
  serve(app, 'outcomes.related', (req) => relatedCfdis(db, req.account.id, D, req.params.uuid, req.query.mother));
  serve(app, 'outcomes.clientEmail', (req) => supplierEmail(db, req.account.id, req.query.pIdPago));
  serve(app, 'outcomes.sendEmail', (req) => sendReceivedEmail(db, storage(), ctx.mailer, req.account.id, req.body));
  serve(app, 'outcomes.cancelOptions', () => cancelOptions());
  serve(app, 'outcomes.enablePayment', (req) => setOutcomePaid(db, req.account.id, req.body.pIdPago, req.body.fpago));
  serve(app, 'outcomes.notCount', (req) => setNotCount(db, req.account.id, D, req.body.uuid, req.body.notCount));
  serve(app, 'outcomes.ivaUso', (req) => setIvaUso(db, req.account.id, req.body.uuid, req.body.ivaUso));
  serve(app, 'outcomes.deductible', (req) => overrideDeductible(db, req.account.id, req.body.uuid, req.body.deducible, req.body.motivo));
  serve(app, 'outcomes.cancel', (req) => markCancelledBySupplier(db, req.account.id, req.body.uuid));
  serve(app, 'outcomes.complementRequest', (req) => requestComplement(db, ctx.mailer, req.account, req.body.uuid, req.body.email));
  serve(app, 'outcomes.perPay', (req) => openBalancesPage(db, req.account.id, D, req.query));
};
