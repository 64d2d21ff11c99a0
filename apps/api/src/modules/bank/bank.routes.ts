import type { FastifyPluginAsync } from 'fastify';
import type { JobContext } from '../../jobs/context';
import { serve } from '../../http/serve';
import * as bank from './bank.service';
import * as receivables from './receivables.service';
import { depositCustomer } from './deposit-customer.service';
import { getPayableReminders, savePayableReminders } from './upcoming-reminders.service';
import { invoicingProviders } from '../invoicing/providers';
import { complementsState, preview, startComplements, startStatementImport, statementImportState } from './bank-jobs.service';

/** Issue 27: bank reconciliation (entries in the contract's routes/bank.ts). */
export const bankRoutes = (ctx: JobContext): FastifyPluginAsync => async (app) => {
  const { db } = ctx;
  serve(app, 'bank.catalogs', () => ({ bancos: bank.bankCatalog() }));
  serve(app, 'bank.accounts', (req) => bank.listAccounts(db, req.account.id));
  serve(app, 'bank.createAccount', (req) => bank.createAccount(db, req.account.id, req.body));
  serve(app, 'bank.deleteAccount', (req) => bank.deleteAccount(db, req.account.id, req.params.id));
  serve(app, 'bank.mapping', (req) => bank.setMapping(db, req.account.id, req.params.id, req.body));
  serve(app, 'bank.preview', (req) => preview(ctx, req.account, req.params.id, req));
  serve(app, 'bank.import', (req) => startStatementImport(ctx, req.account, req.params.id, req));
  serve(app, 'bank.importState', (req) => statementImportState(ctx, req.account, req.params.id));
  serve(app, 'bank.movements', (req) => bank.listMovements(db, req.account.id, req.query));
  serve(app, 'bank.openCfdis', (req) => bank.searchOpen(db, req.account.id, req.query));
  serve(app, 'bank.reconcile', (req) => bank.reconcile(db, req.account.id, req.params.id, req.body));
  serve(app, 'bank.split', (req) => bank.split(db, req.account.id, req.params.id, req.body.importes, invoicingProviders(ctx).rates));
  serve(app, 'bank.noCfdi', (req) => bank.markNoCfdi(db, req.account.id, req.params.id));
  serve(app, 'bank.requestInvoice', (req) => bank.requestInvoice(db, ctx.mailer, req.account, req.params.id, req.body.email));
  serve(app, 'bank.ignore', (req) => bank.markNoCfdi(db, req.account.id, req.params.id, 'ignorado'));
  serve(app, 'bank.depositCustomer', (req) => depositCustomer(db, req.account.id, req.params.id));
  serve(app, 'bank.undo', (req) => bank.undo(db, req.account.id, req.params.id, invoicingProviders(ctx).rates));
  serve(app, 'bank.complements', (req) => startComplements(ctx, req.account, req.body.movimientos));
  serve(app, 'bank.months', (req) => bank.reconciledMonths(db, req.account.id, req.query));
  serve(app, 'bank.aging', (req) => bank.agingReport(db, req.account.id, req.query));
  serve(app, 'bank.customerStatement', async (req) => {
    const { emisor: _emisor, ...s } = await receivables.customerStatement(db, req.account.id, req.params.cliente, req.query.fecha);
    return s;
  });
  serve(app, 'bank.customerStatementPdf', async (req, reply) => {
    const s = await receivables.customerStatement(db, req.account.id, req.params.cliente);
    const pdf = await receivables.customerStatementPdf(s, { rfc: req.account.rfc, nombre: s.emisor });
    return reply.type('application/pdf').header('content-disposition', `inline; filename="estado-de-cuenta-${s.rfc}-${s.fecha}.pdf"`).send(pdf);
  });
  serve(app, 'bank.sendStatement', async (req) => ({ mensaje: (await receivables.sendStatement(db, ctx.mailer, req.account, req.params.cliente, { email: req.body.email })).mensaje }));
  serve(app, 'bank.reminderSettings', (req) => receivables.saveSettings(db, req.account.id, req.params.cliente, req.body));
  serve(app, 'bank.payableReminders', (req) => getPayableReminders(db, req.account.id));
  serve(app, 'bank.savePayableReminders', (req) => savePayableReminders(db, req.account.id, req.body));
  serve(app, 'bank.reminders', async (req) => ({ data: await receivables.reminderLog(db, req.account.id) }));
  serve(app, 'bank.pendingReps', (req) => bank.pendingReps(db, req.account.id));
  serve(app, 'bank.complementsState', (req) => complementsState(ctx, req.account, req.params.id));
};
