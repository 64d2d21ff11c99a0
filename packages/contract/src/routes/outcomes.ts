import { incomesAlertSchema, invoicePageSchema, monthStatsSchema, perReceiveQuerySchema, perReceiveResponseSchema, periodParamsSchema } from '../incomes';
import { complementRequestBodySchema, deductibleBodySchema, outcomeCancelBodySchema, outcomesListQuerySchema } from '../outcomes';
import { route } from '../route';

/** Plan product 3 "Egresos" (spec §6): 7 list, 8 deductible, 9 CSV, 57 payable, 58 complement request, 72 lista negra. */
const list = { product: 3, feature: 7 } as const;
const listWithModes = { ...list, modes: { csv: 9, cuentaspor: 57, withBlacklist: 72 }, filters: { deductible: 8 } } as const;
const deductible = { product: 3, feature: 8 } as const;
const payable = { product: 3, feature: 57 } as const;
const complement = { product: 3, feature: 58 } as const;

/** Spec §7.6 outcomes (received documents). */
export const outcomesRoutes = {
  'outcomes.stats': route({ method: 'GET', path: '/api/outcomes/stats/:month/:year', params: periodParamsSchema, response: monthStatsSchema, access: list }),
  'outcomes.list': route({
    method: 'GET', path: '/api/outcomes/:month/:year', params: periodParamsSchema, query: outcomesListQuerySchema, response: invoicePageSchema, access: listWithModes,
    summary: 'Gastos del mes (filtros de ingresos + deductible); con csv=true responde un archivo CSV',
  }),
  'outcomes.deductible': route({ method: 'POST', path: '/api/outcomes/deductible', body: deductibleBodySchema, response: incomesAlertSchema, access: deductible }),
  'outcomes.cancel': route({
    method: 'POST', path: '/api/outcomes/cancel', body: outcomeCancelBodySchema, response: incomesAlertSchema, access: list,
    summary: 'Marca un gasto como cancelado por el proveedor',
  }),
  'outcomes.complementRequest': route({
    method: 'POST', path: '/api/outcomes/complement-request', body: complementRequestBodySchema, response: incomesAlertSchema, access: complement,
  }),
  'outcomes.perPay': route({ method: 'GET', path: '/api/accounts/per-pay', query: perReceiveQuerySchema, response: perReceiveResponseSchema, access: payable }),
};
