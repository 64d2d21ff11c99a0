import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { JobContext } from '../../jobs/context';
import { serve } from '../../http/serve';
import { exportList, importFile, template, type FileAnswer } from './bulk.service';
import { invoicingProviders } from '../invoicing/providers';
import { exportCfdis } from './cfdi-export';
import { invoiceBatchState, invoiceSheet, invoiceSheetTemplate } from './invoice-sheet.service';

const send = (reply: FastifyReply, f: FileAnswer) =>
  reply.type(f.type).header('content-disposition', `attachment; filename="${f.filename}"`).send(f.body);

/** Issue 29 §1: spreadsheet templates, import (preview / confirm) and export (entries in the contract's routes/bulk.ts). */
export const bulkRoutes = (ctx: JobContext): FastifyPluginAsync => async (app) => {
  serve(app, 'bulk.template', async (req, reply) => send(reply, await template(ctx, req.account, req.params.entidad, req.query.formato)));
  serve(app, 'bulk.import', (req) => importFile(ctx, req.account, req.params.entidad, req, req.query.confirmar));
  serve(app, 'bulk.export', async (req, reply) => send(reply, await exportList(ctx, req.account, req.params.entidad, req.query.formato)));
  serve(app, 'bulk.exportCfdi', async (req, reply) =>
    send(reply, await exportCfdis(ctx.db, invoicingProviders(ctx).storage, req.account.id, req.account.rfc, req.params, req.query.formato)));
  // Issue 29 §2: invoices from a spreadsheet.
  serve(app, 'invoiceSheet.template', async (req, reply) => send(reply, await invoiceSheetTemplate(req.query.formato)));
  serve(app, 'invoiceSheet.upload', (req) => invoiceSheet(ctx, req.account, req, req.query));
  serve(app, 'invoiceSheet.status', (req) => invoiceBatchState(ctx, req.account.id, req.params.id));
};
