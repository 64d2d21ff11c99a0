import {
  incomesAlertSchema, invoicePageSchema, notCountBodySchema, perReceiveQuerySchema, perReceiveResponseSchema,
  periodParamsSchema, relatedQuerySchema, relatedResponseSchema, relatedUuidParamsSchema, yearParamsSchema, yearStatsSchema,
} from '../incomes';
import {
  alertResponseSchema, cancelOptionsResponseSchema, clientEmailQuerySchema, clientEmailResponseSchema, sendEmailBodySchema, uuidParamsSchema,
} from '../invoicing';
import {
  complementRequestBodySchema, deductibleBodySchema, ivaUsoBodySchema, outcomeCancelBodySchema, outcomesEnablePaymentBodySchema, outcomesListQuerySchema,
  outcomesMonthStatsSchema,
} from '../outcomes';
import { route } from '../route';

/** Plan product 3 "Egresos" (spec §6): 7 list, 8 deductible, 9 CSV, 57 payable, 58 complement request, 72 lista negra. */
const list = { product: 3, feature: 7 } as const;
const listWithModes = { ...list, modes: { csv: 9, cuentaspor: 57, withBlacklist: 72 }, filters: { deductible: 8 } } as const;
const deductible = { product: 3, feature: 8 } as const;
const payable = { product: 3, feature: 57 } as const;
const complement = { product: 3, feature: 58 } as const;

/** Spec §7.6 outcomes (received documents). */
export const outcomesRoutes = {
  'outcomes.stats': route({
    method: 'GET', path: '/api/outcomes/stats/:month/:year', params: periodParamsSchema, response: outcomesMonthStatsSchema, access: list,
    summary: 'Tarjetas del mes de los gastos (las de ingresos sobre CFDI recibidos) más deducibles y no deducibles',
  }),
  'outcomes.yearStats': route({ method: 'GET', path: '/api/outcomes/stats/:year', params: yearParamsSchema, response: yearStatsSchema, access: list }),
  'outcomes.list': route({
    method: 'GET', path: '/api/outcomes/:month/:year', params: periodParamsSchema, query: outcomesListQuerySchema, response: invoicePageSchema, access: listWithModes,
    summary: 'Gastos del mes (filtros de ingresos + deductible); con csv=true responde un archivo CSV',
  }),
  'outcomes.xml': route({
    method: 'GET', path: '/api/outcomes/:uuid/xml', params: uuidParamsSchema, produces: 'application/xml', access: list,
    summary: 'El XML recibido tal como se importó, byte por byte',
  }),
  'outcomes.pdf': route({
    method: 'GET', path: '/api/outcomes/:uuid/pdf', params: uuidParamsSchema, produces: 'application/pdf', access: list,
    summary: 'Representación impresa del CFDI recibido con la plantilla de la cuenta (sin el logotipo de la cuenta)',
  }),
  'outcomes.related': route({
    method: 'GET', path: '/api/outcomes/related/:uuid', params: relatedUuidParamsSchema, query: relatedQuerySchema, response: relatedResponseSchema, access: list,
  }),
  'outcomes.clientEmail': route({
    method: 'GET', path: '/api/outcomes/client-email', query: clientEmailQuerySchema, response: clientEmailResponseSchema, access: list,
    summary: 'Correos del proveedor que emitió el gasto (del catálogo de clientes, por su RFC) y su nombre',
  }),
  'outcomes.sendEmail': route({
    method: 'POST', path: '/api/outcomes/send-email', body: sendEmailBodySchema, response: alertResponseSchema, access: list,
    summary: 'Reenvía el XML recibido y su PDF por correo (p. ej. al contador)',
  }),
  'outcomes.cancelOptions': route({
    method: 'GET', path: '/api/outcomes/cancel-options', response: cancelOptionsResponseSchema, access: list,
    summary: 'Motivos de cancelación del SAT (01 a 04), los mismos de ingresos',
  }),
  'outcomes.enablePayment': route({
    method: 'POST', path: '/api/outcomes/enable-payment', body: outcomesEnablePaymentBodySchema, response: incomesAlertSchema, access: list,
    summary: 'Marca un gasto como pagado en fpago (sale de cuentas por pagar) o, con fpago vacío, como no pagado (vuelve a cuentas por pagar); type se ignora',
  }),
  'outcomes.notCount': route({ method: 'POST', path: '/api/outcomes/not-count', body: notCountBodySchema, response: incomesAlertSchema, access: list }),
  'outcomes.deductible': route({ method: 'POST', path: '/api/outcomes/deductible', body: deductibleBodySchema, response: incomesAlertSchema, access: deductible }),
  'outcomes.ivaUso': route({
    method: 'POST', path: '/api/outcomes/iva-uso', body: ivaUsoBodySchema, response: incomesAlertSchema, access: deductible,
    summary: 'Marca en qué actividades se usó un gasto (LIVA art. 5 fr. V): solo gravadas, solo exentas o ambas (null, se prorratea)',
  }),
  'outcomes.cancel': route({
    method: 'POST', path: '/api/outcomes/cancel', body: outcomeCancelBodySchema, response: incomesAlertSchema, access: list,
    summary: 'Marca un gasto como cancelado por el proveedor',
  }),
  'outcomes.complementRequest': route({
    method: 'POST', path: '/api/outcomes/complement-request', body: complementRequestBodySchema, response: incomesAlertSchema, access: complement,
  }),
  'outcomes.perPay': route({ method: 'GET', path: '/api/accounts/per-pay', query: perReceiveQuerySchema, response: perReceiveResponseSchema, access: payable }),
};
