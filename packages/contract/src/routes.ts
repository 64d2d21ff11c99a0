import type { RouteDef } from './route';
import { announcementsRoutes } from './routes/announcements';
import { authRoutes } from './routes/auth';
import { catalogsRoutes } from './routes/catalogs';
import { cfdiImportRoutes } from './routes/cfdi-import';
import { clientsRoutes } from './routes/clients';
import { creditNotesRoutes } from './routes/credit-notes';
import { dashboardRoutes } from './routes/dashboard';
import { employeesRoutes } from './routes/employees';
import { incomesRoutes } from './routes/incomes';
import { invoicingRoutes } from './routes/invoicing';
import { outcomesRoutes } from './routes/outcomes';
import { paymentReceptionRoutes } from './routes/payment-reception';
import { paymentsRoutes } from './routes/payments';
import { payrollRoutes } from './routes/payroll';
import { productsRoutes } from './routes/products';
import { retentionsRoutes } from './routes/retentions';
import { profileRoutes } from './routes/profile';
import { sessionRoutes } from './routes/session';
import { statementsRoutes } from './routes/statements';
import { diotSuppliersRoutes } from './routes/diot-suppliers';
import { satStatusRoutes } from './routes/sat-status';
import { satDownloadsRoutes } from './routes/sat-downloads';
import { accountingRoutes } from './routes/accounting';
import { bankRoutes } from './routes/bank';
import { bulkRoutes, invoiceSheetRoutes } from './routes/bulk';
import { recurringRoutes } from './routes/recurring';
import { workspaceRoutes } from './routes/workspace';
import { apiKeysRoutes } from './routes/api-keys';
import { webhooksRoutes } from './routes/webhooks';
import { portalRoutes } from './routes/portal';

/**
 * The route table: every API endpoint, keyed by a stable name (`'clients.list'`), with its method, exact
 * spec §7 path, zod shapes and access. The API serves only what is here (apps/api/src/http/serve.ts) and the
 * web calls only what is here (apps/web/src/shared/api/call.ts); a test keeps the three in step.
 * Each area declares its entries in routes/<area>.ts.
 */
export const routes = {
  ...sessionRoutes,
  ...authRoutes,
  ...profileRoutes,
  ...catalogsRoutes,
  ...productsRoutes,
  ...clientsRoutes,
  ...employeesRoutes,
  ...invoicingRoutes,
  ...incomesRoutes,
  ...cfdiImportRoutes,
  ...outcomesRoutes,
  ...paymentReceptionRoutes,
  ...dashboardRoutes,
  ...paymentsRoutes,
  ...announcementsRoutes,
  ...creditNotesRoutes,
  ...payrollRoutes,
  ...retentionsRoutes,
  ...statementsRoutes,
  ...diotSuppliersRoutes,
  ...satStatusRoutes,
  ...satDownloadsRoutes,
  ...accountingRoutes,
  ...bankRoutes,
  ...bulkRoutes,
  ...invoiceSheetRoutes,
  ...recurringRoutes,
  ...workspaceRoutes,
  ...apiKeysRoutes,
  ...webhooksRoutes,
  ...portalRoutes,
} satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;
export type { RouteDef } from './route';
