import {
  appClientsResponseSchema, appInvoiceDetailSchema, appInvoiceIdParamsSchema, appInvoicesQuerySchema, cfdiListQuerySchema,
  enablePaymentBodySchema, incomesAlertSchema, invoicePageSchema, monthStatsSchema, notCountBodySchema, perReceiveQuerySchema,
  perReceiveResponseSchema, periodParamsSchema, relatedQuerySchema, relatedResponseSchema, relatedUuidParamsSchema, yearParamsSchema,
  yearStatsSchema,
} from '../incomes';
import { route } from '../route';

/**
 * Plan product 2 "Ingresos" (spec §6) and its feature ids from the seed (0001_seed_plans.sql):
 * 5 incomes-list, 6 incomes-stats, 31 incomes-csv, 55 incomes-receivable, 59 incomes-email (E1's send-email),
 * 71 incomes-blacklist. The list's modes (csv, cuentaspor, withBlacklist) carry their own feature ids.
 */
const list = { product: 2, feature: 5 } as const;
const listWithModes = { ...list, modes: { csv: 31, cuentaspor: 55, withBlacklist: 71 } } as const;
const stats = { product: 2, feature: 6 } as const;
const receivable = { product: 2, feature: 55 } as const;
/** §7.3 apps/invoice: the issued invoices and the customers, as a generic invoice app reads them. */
const apps = { product: 2, feature: 5 } as const;

/** Spec §7.5 incomes (issued documents) and §7.3 apps/invoice. */
export const incomesRoutes = {
  'incomes.stats': route({ method: 'GET', path: '/api/incomes/stats/:month/:year', params: periodParamsSchema, response: monthStatsSchema, access: stats }),
  'incomes.yearStats': route({ method: 'GET', path: '/api/incomes/stats/:year', params: yearParamsSchema, response: yearStatsSchema, access: stats }),
  'incomes.list': route({
    method: 'GET', path: '/api/incomes/:month/:year', params: periodParamsSchema, query: cfdiListQuerySchema, response: invoicePageSchema, access: listWithModes,
    summary: 'Ingresos del mes; con csv=true responde un archivo CSV (text/csv, UTF-8 con BOM) con todas las filas del filtro',
  }),
  'incomes.related': route({
    method: 'GET', path: '/api/incomes/related/:uuid', params: relatedUuidParamsSchema, query: relatedQuerySchema, response: relatedResponseSchema, access: list,
  }),
  'incomes.enablePayment': route({ method: 'POST', path: '/api/incomes/enable-payment', body: enablePaymentBodySchema, response: incomesAlertSchema, access: list }),
  'incomes.notCount': route({ method: 'POST', path: '/api/incomes/not-count', body: notCountBodySchema, response: incomesAlertSchema, access: stats }),
  'incomes.perReceive': route({
    method: 'GET', path: '/api/accounts/per-receive', query: perReceiveQuerySchema, response: perReceiveResponseSchema, access: receivable,
    summary: 'Cuentas por cobrar: saldos abiertos con y sin documentos relacionados',
  }),
  'apps.invoices': route({ method: 'GET', path: '/api/apps/invoice/invoices', query: appInvoicesQuerySchema, response: invoicePageSchema, access: apps }),
  'apps.invoice': route({ method: 'GET', path: '/api/apps/invoice/invoices/:id', params: appInvoiceIdParamsSchema, response: appInvoiceDetailSchema, access: apps }),
  'apps.clients': route({ method: 'GET', path: '/api/apps/invoice/clients', response: appClientsResponseSchema, access: apps }),
};
