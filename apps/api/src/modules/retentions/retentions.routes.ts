import type { FastifyPluginAsync } from 'fastify';
import type { JobContext } from '../../jobs/context';
import { serve } from '../../http/serve';
import { idempotencyKeyOf } from '../../http/idempotency-key';
import { invoicingProviders } from '../invoicing/providers';
import * as retentions from './retentions.service';

/** Spec §7.12 retentions (entries in the contract's routes/retentions.ts). */
export const retentionsRoutes = (ctx: JobContext): FastifyPluginAsync => async (app) => {
  const deps = invoicingProviders(ctx);
  serve(app, 'retentions.issue', (req) => retentions.issueRetention(deps, req.account, req.body, idempotencyKeyOf(req)));
  serve(app, 'retentions.catalogs', () => retentions.retentionCatalogs());
  serve(app, 'retentions.issued', (req) => retentions.listRetentions(ctx.db, req.account.id, 'emitida', req.params, req.query));
  serve(app, 'retentions.received', (req) => retentions.listRetentions(ctx.db, req.account.id, 'recibida', req.params, req.query));
  serve(app, 'retentions.receivedStats', (req) => retentions.receivedStats(ctx.db, req.account.id, req.params));
  serve(app, 'retentions.xml', async (req, reply) => {
    const { row, xml } = await retentions.retentionXml(deps, req.account.id, req.params.uuid);
    return reply.type('application/xml; charset=utf-8').header('content-disposition', `attachment; filename="${retentions.retentionFileName(row, 'xml')}"`).send(xml);
  });
  serve(app, 'retentions.pdf', async (req, reply) => {
    const { row, pdf } = await retentions.retentionPdf(deps, req.account.id, req.params.uuid);
    return reply.type('application/pdf').header('content-disposition', `inline; filename="${retentions.retentionFileName(row, 'pdf')}"`).send(Buffer.from(pdf));
  });
  serve(app, 'retentions.cancel', (req) => retentions.cancelRetention(deps, req.account, req.body));
};
