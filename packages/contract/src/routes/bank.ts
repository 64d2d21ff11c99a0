import {
  agingQuerySchema, agingSchema, depositCustomerSchema, payableReminderBodySchema, payableReminderSchema, bankAccountBodySchema, monthsQuerySchema, monthsSchema, bankAccountListSchema, bankAccountSchema, bankCatalogsSchema, bankIdParamsSchema, bankMovementIdParamsSchema, bankJobParamsSchema, columnMappingSchema,
  complementsBodySchema, customerParamsSchema, customerStatementSchema, pendingRepsSchema, receivableSettingsBodySchema, receivableSettingsSchema, reminderLogListSchema, sendStatementBodySchema, complementsStateSchema, createdIdSchema, jobIdSchema, movementListSchema, movementResultSchema,
  movementsQuerySchema, openCfdiListSchema, openCfdiQuerySchema, previewSchema, reconcileBodySchema, statementImportStateSchema,
} from '../bank';
import { route } from '../route';
import { z } from 'zod';

/** Any paid account reconciles its bank (it feeds payment reception, incomes and outcomes). */
const access = {} as const;
const splitBodySchema = z.object({ importes: z.array(z.string().trim().regex(/^\d{1,15}(\.\d{1,2})?$/, 'Cada parte debe ser un importe con hasta 2 decimales')).min(2, 'Divide en al menos dos partes') });

/** Issue 27: bank accounts, statements, movements and their matches, payment complements from the bank. */
export const bankRoutes = {
  'bank.catalogs': route({ method: 'GET', path: '/api/bancos/catalogos', response: bankCatalogsSchema, access }),
  'bank.accounts': route({ method: 'GET', path: '/api/bancos/cuentas', response: bankAccountListSchema, access }),
  'bank.createAccount': route({
    method: 'POST', path: '/api/bancos/cuentas', body: bankAccountBodySchema, status: 201, response: createdIdSchema, access,
    summary: 'Registra una cuenta bancaria (banco del catálogo c_Banco, CLABE con dígito verificador, moneda)',
  }),
  'bank.deleteAccount': route({ method: 'DELETE', path: '/api/bancos/cuentas/:id', params: bankIdParamsSchema, response: z.object({ ok: z.boolean() }), access }),
  'bank.mapping': route({
    method: 'PUT', path: '/api/bancos/cuentas/:id/mapeo', params: bankIdParamsSchema, body: columnMappingSchema, response: bankAccountSchema, access,
    summary: 'Guarda el mapeo de columnas de los estados CSV/XLSX de la cuenta',
  }),
  'bank.preview': route({
    method: 'POST', path: '/api/bancos/cuentas/:id/vista-previa', params: bankIdParamsSchema, consumes: 'multipart', response: previewSchema, access,
    summary: 'Primeras filas de un CSV/XLSX para elegir el mapeo de columnas',
  }),
  'bank.import': route({
    method: 'POST', path: '/api/bancos/cuentas/:id/estados', params: bankIdParamsSchema, consumes: 'multipart', status: 202, response: jobIdSchema, access,
    summary: 'Importa un estado de cuenta (CAMT.053, OFX, CSV, XLSX) en segundo plano; responde el id del proceso',
  }),
  'bank.importState': route({ method: 'GET', path: '/api/bancos/estados/:id', params: bankJobParamsSchema, response: statementImportStateSchema, access }),
  'bank.movements': route({ method: 'GET', path: '/api/bancos/movimientos', query: movementsQuerySchema, response: movementListSchema, access }),
  'bank.openCfdis': route({
    method: 'GET', path: '/api/bancos/cfdis-abiertos', query: openCfdiQuerySchema, response: openCfdiListSchema, access,
    summary: 'CFDI con saldo que pueden conciliarse con el movimiento (facturas emitidas para depósitos, recibidas para retiros)',
  }),
  'bank.reconcile': route({
    method: 'POST', path: '/api/bancos/movimientos/:id/conciliar', params: bankMovementIdParamsSchema, body: reconcileBodySchema, response: movementResultSchema, access,
    summary: 'Acepta o cambia la conciliación de un movimiento con uno o varios CFDI',
  }),
  'bank.split': route({
    method: 'POST', path: '/api/bancos/movimientos/:id/dividir', params: bankMovementIdParamsSchema, body: splitBodySchema, response: movementListSchema, access,
    summary: 'Divide un movimiento en partes que suman su importe',
  }),
  'bank.noCfdi': route({ method: 'POST', path: '/api/bancos/movimientos/:id/sin-cfdi', params: bankMovementIdParamsSchema, response: movementResultSchema, access }),
  'bank.requestInvoice': route({
    method: 'POST', path: '/api/bancos/movimientos/:id/pedir-factura', params: bankMovementIdParamsSchema,
    body: z.object({ email: z.string({ message: 'Indica el correo del proveedor' }).trim().email('El correo del proveedor no es válido') }),
    response: z.object({ mensaje: z.string() }), access,
    summary: 'Pide la factura al proveedor por correo con los datos de un retiro sin CFDI',
  }),
  'bank.ignore': route({
    method: 'POST', path: '/api/bancos/movimientos/:id/ignorar', params: bankMovementIdParamsSchema, response: movementResultSchema, access,
    summary: 'Ignora un movimiento (traspaso entre cuentas propias, reverso): queda resuelto para cerrar el mes sin contar en nada',
  }),
  'bank.depositCustomer': route({
    method: 'GET', path: '/api/bancos/movimientos/:id/cliente', params: bankMovementIdParamsSchema, response: depositCustomerSchema, access,
    summary: 'Cliente reconocido en un depósito (RFC, nombre o cuenta ya conciliada con él) para facturarlo',
  }),
  'bank.undo': route({ method: 'POST', path: '/api/bancos/movimientos/:id/deshacer', params: bankMovementIdParamsSchema, response: movementResultSchema, access }),
  'bank.complements': route({
    method: 'POST', path: '/api/bancos/complementos', body: complementsBodySchema, status: 202, response: jobIdSchema, access,
    summary: 'Timbra en segundo plano los complementos de pago de los movimientos conciliados con facturas PPD',
  }),
  'bank.months': route({
    method: 'GET', path: '/api/bancos/meses', query: monthsQuerySchema, response: monthsSchema, access,
    summary: 'Meses de una cuenta bancaria con movimientos, y cuáles están conciliados (ningún movimiento pendiente)',
  }),
  'bank.aging': route({
    method: 'GET', path: '/api/bancos/antiguedad', query: agingQuerySchema, response: agingSchema, access,
    summary: 'Antigüedad de saldos por cliente (facturas emitidas con saldo) o proveedor (CFDI recibidos con saldo)',
  }),
  'bank.complementsState': route({ method: 'GET', path: '/api/bancos/complementos/:id', params: bankJobParamsSchema, response: complementsStateSchema, access }),
  'bank.customerStatement': route({
    method: 'GET', path: '/api/bancos/cobranza/:cliente', params: customerParamsSchema, query: z.object({ fecha: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'La fecha debe tener el formato AAAA-MM-DD').optional() }),
    response: customerStatementSchema, access,
    summary: 'Estado de cuenta de un cliente: facturas con saldo, vencimiento según su plazo de crédito, días vencidos, pagos y recordatorios enviados',
  }),
  'bank.customerStatementPdf': route({
    method: 'GET', path: '/api/bancos/cobranza/:cliente/pdf', params: customerParamsSchema, produces: 'application/pdf', access, summary: 'Estado de cuenta del cliente en PDF',
  }),
  'bank.sendStatement': route({
    method: 'POST', path: '/api/bancos/cobranza/:cliente/enviar', params: customerParamsSchema, body: sendStatementBodySchema, response: z.object({ mensaje: z.string() }), access,
    summary: 'Envía por correo el estado de cuenta en PDF al cliente',
  }),
  'bank.reminderSettings': route({
    method: 'PUT', path: '/api/bancos/cobranza/:cliente/recordatorios', params: customerParamsSchema, body: receivableSettingsBodySchema, response: receivableSettingsSchema, access,
    summary: 'Plazo de crédito y recordatorios automáticos de cobranza del cliente',
  }),
  'bank.payableReminders': route({
    method: 'GET', path: '/api/bancos/cuentas-por-pagar/recordatorios', response: payableReminderSchema, access,
    summary: 'Aviso a la propia cuenta de los CFDI de proveedores por vencer',
  }),
  'bank.savePayableReminders': route({
    method: 'PUT', path: '/api/bancos/cuentas-por-pagar/recordatorios', body: payableReminderBodySchema, response: payableReminderSchema, access,
    summary: 'Activa o cambia el aviso de CFDI de proveedores por vencer (días antes, plazo de pago, correo)',
  }),
  'bank.reminders': route({ method: 'GET', path: '/api/bancos/recordatorios', response: reminderLogListSchema, access, summary: 'Estados de cuenta y recordatorios de cobranza enviados' }),
  'bank.pendingReps': route({
    method: 'GET', path: '/api/bancos/rep-pendientes', response: pendingRepsSchema, access,
    summary: 'Facturas PPD cobradas en el banco sin complemento de pago timbrado, con su fecha límite (día 5 del mes siguiente al pago)',
  }),
};
