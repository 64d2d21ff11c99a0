import { messageResponseSchema } from '../auth';
import {
  cancelReceiptBodySchema, cancelReceiptResponseSchema, payrollReviewSchema, sendReceiptsBodySchema, sendReceiptsResponseSchema,
  crearPrenominaBodySchema, detailToggleResponseSchema, editDetalleBodySchema, payrollDetailIdBodySchema, payrollListParamsSchema,
  payrollListQuerySchema, payrollResponseSchema, prenominaDetalleSchema, prenominaIdParamsSchema, prenominaPageSchema, prenominaQuerySchema,
  prenominaSchema, releasePrenominaBodySchema, releaseResponseSchema,
} from '../payroll';
import { route } from '../route';
import { z } from 'zod';

/** Plan products 10 "Empleados y nómina" and 11 "Recibos de nómina" (spec §6, seed 0001). */
const prePayroll = { product: 10, bodyRfcIsThirdParty: true } as const;
const receipts = { product: 11 } as const;

/** Spec §7.11 pre-payroll and payroll (issue 10). */
export const payrollRoutes = {
  'payroll.createPrePayroll': route({
    method: 'POST', path: '/api/crearPrenomina', body: crearPrenominaBodySchema, status: 201, response: z.object({ id: z.number().int() }), access: prePayroll,
    summary: 'Crea una prenómina con un registro por empleado (todos los activos si no se indica la lista), con ISR, subsidio e IMSS calculados',
  }),
  'payroll.prePayrolls': route({ method: 'GET', path: '/api/prenomina', query: prenominaQuerySchema, response: prenominaPageSchema, access: prePayroll }),
  'payroll.prePayroll': route({ method: 'GET', path: '/api/prenomina/:id', params: prenominaIdParamsSchema, response: prenominaSchema, access: prePayroll }),
  'payroll.editDetail': route({
    method: 'POST', path: '/api/prenomina', body: editDetalleBodySchema, response: prenominaDetalleSchema, access: prePayroll,
    summary: 'Edita las percepciones, deducciones y otros pagos de un registro pendiente; recalcula ISR, subsidio e IMSS',
  }),
  'payroll.deletePrePayroll': route({ method: 'DELETE', path: '/api/prenomina/:id', params: prenominaIdParamsSchema, response: messageResponseSchema, access: prePayroll }),
  'payroll.toggleDetail': route({
    method: 'POST', path: '/api/enableDisablePayrollDetail', body: payrollDetailIdBodySchema, response: detailToggleResponseSchema, access: prePayroll,
  }),
  'payroll.release': route({
    method: 'POST', path: '/api/releasePrenomina', body: releasePrenominaBodySchema, status: 202, response: releaseResponseSchema, access: prePayroll,
    summary: 'Timbra en segundo plano cada registro pendiente (avance en vivo); reanudable sin timbrar dos veces',
  }),
  'payroll.review': route({
    method: 'GET', path: '/api/prenomina/:id/revision', params: prenominaIdParamsSchema, response: payrollReviewSchema, access: prePayroll,
    summary: 'Lo que el SAT o el PAC rechazarían, por empleado, antes de timbrar (registro patronal, NSS, CURP, RFC, CP)',
  }),
  'payroll.retry': route({
    method: 'POST', path: '/api/prenomina/reintentar', body: releasePrenominaBodySchema, status: 202, response: releaseResponseSchema, access: prePayroll,
    summary: 'Vuelve a timbrar los recibos que fallaron',
  }),
  'payroll.sendReceipts': route({
    method: 'POST', path: '/api/prenomina/enviar', body: sendReceiptsBodySchema, response: sendReceiptsResponseSchema, access: prePayroll,
    summary: 'Envía a cada empleado su recibo timbrado (PDF y XML) por correo',
  }),
  'payroll.cancelReceipt': route({
    method: 'POST', path: '/api/prenomina/cancelar', body: cancelReceiptBodySchema, response: cancelReceiptResponseSchema, access: prePayroll,
    summary: 'Cancela un recibo: 02 y queda pendiente para corregir y volver a timbrar; 01 timbra antes el sustituto (relación 04)',
  }),
  'payroll.list': route({
    method: 'GET', path: '/api/getNomina/:month/:year/:type', params: payrollListParamsSchema, query: payrollListQuerySchema, response: payrollResponseSchema,
    access: receipts, summary: 'Recibos de nómina del mes: 1 emitidos, 2 recibidos; con csv=true un archivo CSV',
  }),
};
