import { dashboardFilterSchema, dashboardMonthSchema, dashboardPaidSchema, dashboardParamsSchema, dashboardYearSchema } from '../dashboard';
import { route } from '../route';

/** Plan product 1 "Tablero" (spec §6); the cards' feature ids 62–70 decide what the web shows. */
const access = { product: 1 } as const;

/** Spec §7.1: the dashboard's month and year data for the account's own {rfc}. */
export const dashboardRoutes = {
  'dashboard.month': route({
    method: 'GET', path: '/api/getInMesDashboard/:rfc/:month/:year', params: dashboardParamsSchema, response: dashboardMonthSchema, access,
    summary: 'Cifras del mes en flujo de efectivo (docs/cash-basis.md) con su desglose y la facturación diaria',
  }),
  'dashboard.paid': route({ method: 'GET', path: '/api/getIngresosPDashboardV2/:rfc/:month/:year', params: dashboardParamsSchema, response: dashboardPaidSchema, access }),
  'dashboard.year': route({ method: 'GET', path: '/api/getIngresosDashboard/:rfc/:month/:year', params: dashboardParamsSchema, response: dashboardYearSchema, access }),
  'dashboard.filter': route({ method: 'GET', path: '/api/dashboardmes/:rfc/:month/:year', params: dashboardParamsSchema, response: dashboardFilterSchema, access }),
};
