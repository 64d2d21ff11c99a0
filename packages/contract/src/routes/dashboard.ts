import { DASHBOARD_FEATURES, dashboardFilterSchema, dashboardMonthSchema, dashboardPaidSchema, dashboardParamsSchema, dashboardYearSchema } from '../dashboard';
import { route } from '../route';

/**
 * Plan product 1 "Tablero" (spec §6). The charts' features gate their routes here; the month's cards (62–67)
 * are masked card by card inside the answer (modules/dashboard/card-features.ts).
 */
const access = { product: 1 } as const;

/** Spec §7.1: the dashboard's month and year data for the account's own {rfc}. */
export const dashboardRoutes = {
  'dashboard.month': route({
    method: 'GET', path: '/api/getInMesDashboard/:rfc/:month/:year', params: dashboardParamsSchema, response: dashboardMonthSchema, access,
    summary: 'Cifras del mes en flujo de efectivo (docs/cash-basis.md) con su desglose y la facturación diaria',
  }),
  'dashboard.paid': route({
    method: 'GET', path: '/api/getIngresosPDashboardV2/:rfc/:month/:year', params: dashboardParamsSchema, response: dashboardPaidSchema,
    access: { ...access, feature: DASHBOARD_FEATURES.pagadosChart },
  }),
  'dashboard.year': route({
    method: 'GET', path: '/api/getIngresosDashboard/:rfc/:month/:year', params: dashboardParamsSchema, response: dashboardYearSchema,
    access: { ...access, feature: DASHBOARD_FEATURES.anual },
  }),
  'dashboard.filter': route({ method: 'GET', path: '/api/dashboardmes/:rfc/:month/:year', params: dashboardParamsSchema, response: dashboardFilterSchema, access }),
};
