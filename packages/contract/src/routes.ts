import type { RouteDef } from './route';
import { clientsRoutes } from './routes/clients';

/**
 * The route table: every API endpoint, keyed by a stable name (`'clients.list'`), with its method, exact
 * spec §7 path, zod shapes and access. The API serves only what is here (apps/api/src/http/serve.ts) and the
 * web calls only what is here (apps/web/src/shared/api/call.ts); a test keeps the three in step.
 * Each area declares its entries in routes/<area>.ts.
 */
export const routes = {
  ...clientsRoutes,
} satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;
export type { RouteDef } from './route';
