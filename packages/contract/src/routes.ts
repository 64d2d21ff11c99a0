import type { RouteDef } from './route';
import { outcomesRoutes } from './routes/outcomes';
import { paymentReceptionRoutes } from './routes/payment-reception';
import { dashboardRoutes } from './routes/dashboard';
import { cfdiImportRoutes } from './routes/cfdi-import';
import { clientsRoutes } from './routes/clients';
import { invoicingRoutes } from './routes/invoicing';
import { incomesRoutes } from './routes/incomes';

/**
 * The route table: every API endpoint, keyed by a stable name (`'clients.list'`), with its method, exact
 * spec §7 path, zod shapes and access. The API serves only what is here (apps/api/src/http/serve.ts) and the
 * web calls only what is here (apps/web/src/shared/api/call.ts); a test keeps the three in step.
 * Each area declares its entries in routes/<area>.ts.
 */
export const routes = {
  ...outcomesRoutes,
  ...paymentReceptionRoutes,
  ...dashboardRoutes,
  ...cfdiImportRoutes,
  ...clientsRoutes,
  ...invoicingRoutes,
  ...incomesRoutes,
} satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;
export type { RouteDef } from './route';
