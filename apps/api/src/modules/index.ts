import type { FastifyInstance } from 'fastify';
import type { JobContext } from '../jobs/context';
import { outcomesRoutes } from './outcomes/outcomes.routes';
import { paymentReceptionRoutes } from './payment-reception/payment-reception.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { cfdiImportRoutes } from './cfdi-import/cfdi-import.routes';
import { employeesRoutes } from './employees/employees.routes';
import { profileRoutes } from './profile/profile.routes';
import { catalogsRoutes } from './catalogs/catalogs.routes';
import { clientsRoutes } from './clients/clients.routes';
import { productsRoutes } from './products/products.routes';
import { invoicingRoutes } from './invoicing/invoicing.routes';
import { incomesRoutes } from './incomes/incomes.routes';
import { paymentsRoutes } from './payments/payments.routes';
import { announcementsRoutes } from './announcements/announcements.routes';
import { creditNotesRoutes } from './credit-notes/credit-notes.routes';
import { payrollRoutes } from './payroll/payroll.routes';
import { retentionsRoutes } from './retentions/retentions.routes';
import { statementsRoutes } from './statements/statements.routes';
import { satRoutes } from './sat/sat.routes';
import { satDownloadsRoutes } from './sat-downloads/sat-downloads.routes';
import { accountingRoutes } from './accounting/accounting.routes';
import { bankRoutes } from './bank/bank.routes';
import { bulkRoutes } from './bulk/bulk.routes';
import { recurringRoutes } from './recurring/recurring.routes';
import { workspaceRoutes } from './workspace/workspace.routes';
import { apiKeysRoutes } from './api-keys/api-keys.routes';
import { portalRoutes } from './portal/portal.routes';
import { webhooksRoutes } from './webhooks/webhooks.routes';
import { registerWebhookHook } from './webhooks/webhooks.hook';

/**
 * Feature modules (customers, products, employees, profile, catalogs, …) register here, each as
 * one line, so app.ts stays the map of cross-cutting concerns.
 */
export async function registerFeatureModules(app: FastifyInstance, ctx: JobContext): Promise<void> {
  // Issue 29 §5: on the root instance, before the modules, so every stamping/cancelling route raises its event.
  registerWebhookHook(app, ctx);
  await app.register(employeesRoutes(ctx.db));
  await app.register(catalogsRoutes());
  await app.register(clientsRoutes(ctx));
  await app.register(productsRoutes(ctx));
  await app.register(profileRoutes(ctx));
  await app.register(cfdiImportRoutes(ctx));
  await app.register(outcomesRoutes(ctx));
  await app.register(paymentReceptionRoutes(ctx));
  await app.register(dashboardRoutes(ctx));
  await app.register(incomesRoutes(ctx));
  await app.register(invoicingRoutes(ctx));
  await app.register(paymentsRoutes(ctx));
  await app.register(announcementsRoutes(ctx));
  await app.register(creditNotesRoutes(ctx));
  await app.register(payrollRoutes(ctx));
  await app.register(retentionsRoutes(ctx));
  await app.register(statementsRoutes(ctx));
  await app.register(satRoutes(ctx));
  await app.register(satDownloadsRoutes(ctx));
  await app.register(accountingRoutes(ctx));
  await app.register(bankRoutes(ctx));
  await app.register(bulkRoutes(ctx));
  await app.register(recurringRoutes(ctx));
  await app.register(workspaceRoutes(ctx));
  await app.register(apiKeysRoutes(ctx.db));
  await app.register(webhooksRoutes(ctx));
  await app.register(portalRoutes(ctx));
}
