import {
  applyMultipleBodySchema, applyPayBodySchema, invoiceIdParamsSchema, invoicePaymentsSchema, motherStatusParamsSchema, mothersPageSchema,
  mothersQuerySchema, paymentCatalogsSchema, paymentStampedSchema,
} from '../payment-reception';
import { route } from '../route';

/** Plan product 8 "Recepción de pagos" (spec §6). */
const access = { product: 8 } as const;

/** Spec §7.7 payment reception. */
export const paymentReceptionRoutes = {
  'paymentReception.mothers': route({
    method: 'GET', path: '/api/getFacturasMadre/:status', params: motherStatusParamsSchema, query: mothersQuerySchema, response: mothersPageSchema, access,
    summary: 'Facturas PPD emitidas: status 1 con saldo pendiente, otro valor pagadas',
  }),
  'paymentReception.payments': route({ method: 'GET', path: '/api/getPagosFactura/:invoiceId', params: invoiceIdParamsSchema, response: invoicePaymentsSchema, access }),
  'paymentReception.catalogs': route({ method: 'GET', path: '/api/recepcionpagos', response: paymentCatalogsSchema, access }),
  'paymentReception.applyPay': route({
    method: 'POST', path: '/api/recepcionpagos/applyPay', consumes: 'form', body: applyPayBodySchema, status: 201, response: paymentStampedSchema, access,
    summary: 'Registra un pago a una factura PPD: sella y timbra un CFDI tipo P (Pagos 2.0)',
  }),
  'paymentReception.applyMultiple': route({
    method: 'POST', path: '/api/recepcionpagos/applyMultiplePayments', body: applyMultipleBodySchema, status: 201, response: paymentStampedSchema, access,
    summary: 'Un pago a varias facturas PPD de un mismo cliente: un CFDI tipo P con un DoctoRelacionado por factura',
  }),
};
