import type { FastifyPluginAsync } from 'fastify';
import formbody from '@fastify/formbody';
import type { JobContext } from '../../jobs/context';
import { serve } from '../../http/serve';
import { invoicingProviders } from '../invoicing/providers';
import { applyMultiple, applyPay, invoicePayments, motherInvoices, paymentCatalogs } from './payment-reception.service';

/**
 * Spec §7.7 payment reception (entries in the contract's routes/payment-reception.ts). applyPay is
 * form-encoded: the form parser is registered inside this plugin only (encapsulated), so no other route
 * starts accepting application/x-www-form-urlencoded bodies.
 */
export const paymentReceptionRoutes = (ctx: JobContext): FastifyPluginAsync => async (app) => {
  await app.register(formbody);
  const { db } = ctx;
  serve(app, 'paymentReception.mothers', (req) => motherInvoices(db, req.account.id, req.params.status, req.query));
  serve(app, 'paymentReception.payments', (req) => invoicePayments(db, req.account.id, req.params.invoiceId));
  serve(app, 'paymentReception.catalogs', () => paymentCatalogs());
  serve(app, 'paymentReception.applyPay', (req) => applyPay(invoicingProviders(ctx), req.account, req.body));
  serve(app, 'paymentReception.applyMultiple', (req) => applyMultiple(invoicingProviders(ctx), req.account, req.body));
};
