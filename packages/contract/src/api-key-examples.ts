/**
 * Issue 29 §4 (decision 307): one example request and answer per entry an API key reaches, next to the route
 * table they describe. The API puts them in the OpenAPI document (/api/docs); the contract's test parses each
 * one with its entry's own schemas, so an example cannot drift from the contract.
 */

export interface ApiExample {
  /** Path and query values, and the JSON body (absent: the entry takes none). */
  request?: { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  /** The JSON answer; for a file answer, a short description of the file. */
  response: unknown;
}

const UUID = '5FB2822E-396D-4725-8521-CDC4BDD20CCF';
const PAYMENT_UUID = '8A1C3E55-1D2B-4C6F-9A0E-3B7D2F4C5E61';
const AT = '2026-11-28T18:00:00.000Z';

const clientBody = {
  rfc: 'XOJI740919U48', r_social: 'INGRID XODAR JIMENEZ', email: ['ingrid@ejemplo.mx'], regimen: '612', uso_cfdi: 'G03', domicilio: { cp: '88965' },
};
const client = {
  id: 42, ...clientBody, persona: 'fisica', regimen_descripcion: 'Personas Físicas con Actividades Empresariales y Profesionales',
  uso_cfdi_descripcion: 'Gastos en general', state: null, state_name: null, municipality: null, municipality_name: null, pais: null,
  num_reg_id_trib: null, v4_missing: [], display: 'XOJI740919U48 - INGRID XODAR JIMENEZ', created_at: AT, updated_at: AT,
};

const iva16 = { impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000' } as const;
const productBody = {
  claveProducto: '84111506', claveUnidad: 'E48', descripcionUnidad: 'Servicio', descripcionProducto: 'Consultoría contable',
  valorUnitario: '1500.00', objetoImp: '02', impuestos: { traslados: [iva16] },
};
const product = {
  id: 7, ...productBody, claveProductoDescripcion: 'Servicios de facturación', claveUnidadDescripcion: 'Unidad de servicio',
  objetoImpDescripcion: 'Sí objeto de impuesto.', impuestos: { traslados: [iva16], retenciones: [] }, cadastral: false, cve_catastral: null,
  sku: 'CONS-01', created_at: AT, updated_at: AT,
};

const invoiceBody = {
  clientId: 42, usoCFDI: 'G03', formaPago: '03', metodoPago: 'PUE', serie: 'A',
  conceptos: [{
    claveProdServ: '84111506', cantidad: '2', claveUnidad: 'E48', unidad: 'Servicio', descripcion: 'Consultoría contable',
    valorUnitario: '1500.00', objetoImp: '02', traslados: [iva16],
  }],
};

const row = {
  id: 901, uuid: UUID, serie: 'A', folio: '128', rfc: 'XOJI740919U48', client: 'INGRID XODAR JIMENEZ', f_emi: '2026-11-28T10:15:00',
  f_pago: null, total: '3480.00', subtotal: '3000.00', saldo: '3480.00', moneda: 'MXN', tc: '1', estado: 'vigente', estatusCancelacion: null,
  tipoDeComprobante: 'I', metodoPago: 'PPD', formaPago: '99', status: 1, notCount: false, pagoManual: false, blacklisted: false,
  hasRelated: false, madre_uuid: null, num_parcialidad: null, imp_saldo_ant: null, imp_pagado: null, imp_saldo_insoluto: null,
  metodo_pago_dr: null, tipo_cambio: null, documentos: 0,
};
const paymentRow = {
  ...row, id: 955, uuid: PAYMENT_UUID, serie: 'P', folio: '12', total: '0.00', subtotal: '0.00', saldo: '0.00', tipoDeComprobante: 'P',
  metodoPago: null, formaPago: null, status: 2, hasRelated: true, madre_uuid: UUID, num_parcialidad: 1, imp_saldo_ant: '3480.00',
  imp_pagado: '3480.00', imp_saldo_insoluto: '0.00', metodo_pago_dr: 'PPD', documentos: 1,
};
const page = <T>(data: T[]) => ({ data, total: data.length, current_page: 1, per_page: 10 });
const count = (n: number, total: string) => ({ count: n, total });
const clave = (c: string, descripcion: string) => ({ clave: c, descripcion });
const stampedPayment = { uuid: PAYMENT_UUID, xmlUrl: `/api/incomes/${PAYMENT_UUID}/xml`, pdfUrl: `/api/incomes/${PAYMENT_UUID}/pdf` };
const paymentFields = { fechaPago: '2026-11-28T12:00:00', formaDePagoP: '03', monto: '3480.00', numOperacion: 'SPEI-778812' };

// A shop's sale that its customer can invoice on the self-invoicing portal (decision 310).
const ticketBody = {
  folio: 'T-000981', fecha: '2026-11-28', total: '348.00', formaPago: '04',
  conceptos: [{ ...invoiceBody.conceptos[0]!, claveProdServ: '50192100', cantidad: '3', claveUnidad: 'H87', unidad: 'Pieza', descripcion: 'Torta de pierna', valorUnitario: '100.00' }],
};
const ticket = {
  id: 77, folio: 'T-000981', fecha: '2026-11-28', total: '348.00', formaPago: '04', estado: 'pendiente', uuid: null, global: false,
  conceptos: [{ descripcion: 'Torta de pierna', cantidad: '3', valorUnitario: '100.00' }], created_at: AT,
};

export const API_KEY_EXAMPLES: Readonly<Record<string, ApiExample>> = {
  'clients.list': { request: { query: { page: 1, perPage: 10, search: 'XODAR' } }, response: page([client]) },
  'clients.create': { request: { body: clientBody }, response: client },
  'clients.edit': { request: { params: { id: 42 } }, response: client },
  'clients.update': { request: { params: { id: 42 }, body: { ...clientBody, email: ['facturas@ejemplo.mx'] } }, response: { ...client, email: ['facturas@ejemplo.mx'] } },
  'clients.patchV4': { request: { params: { id: 42 }, body: { regimen: '612', cp: '88965', uso_cfdi: 'G03' } }, response: client },
  'clients.delete': { request: { params: { id: 42 } }, response: { message: 'Cliente eliminado' } },
  'products.list': { request: { query: { page: 1, perPage: 10, search: 'consultoría' } }, response: page([product]) },
  'products.create': { request: { body: productBody }, response: product },
  'products.update': { request: { params: { id: 7 }, body: { ...productBody, valorUnitario: '1650.00' } }, response: { ...product, valorUnitario: '1650.00' } },
  'products.delete': { request: { params: { id: 7 } }, response: { message: 'Producto eliminado' } },
  'invoicing.stamp40': {
    request: { body: invoiceBody },
    response: { uuid: UUID, serie: 'A', folio: '128', total: '3480.00', xmlUrl: `/api/incomes/${UUID}/xml`, pdfUrl: `/api/incomes/${UUID}/pdf`, fixes: [] },
  },
  'invoicing.preview40': { request: { body: invoiceBody }, response: 'PDF (application/pdf) de la factura sin timbrar, marcado como vista previa' },
  'invoicing.xml': { request: { params: { uuid: UUID } }, response: 'XML timbrado (application/xml), byte por byte como lo devolvió el PAC' },
  'invoicing.pdf': { request: { params: { uuid: UUID } }, response: 'PDF (application/pdf) de la factura con la plantilla de la cuenta' },
  'invoicing.sendEmail': {
    request: { body: { pEmail: 'ingrid@ejemplo.mx', pXml: true, pPdf: true, pIdPago: UUID } },
    response: { msj: 'La factura se envió a ingrid@ejemplo.mx', rspns: true },
  },
  'invoicing.cancelOptions': {
    response: { data: [{ value: '02', text: '02 - Comprobante emitido con errores sin relación' }, { value: '03', text: '03 - No se llevó a cabo la operación' }] },
  },
  'invoicing.cancel': {
    request: { body: { pIdPago: UUID, option: '02' } },
    response: { msj: 'La factura quedó cancelada ante el SAT', rspns: true, uuid: UUID, estado: 'cancelada' },
  },
  'invoicing.cancelAcuse': { request: { params: { uuid: UUID } }, response: 'Acuse de cancelación del SAT (application/xml)' },
  'invoicing.catalogs': {
    response: {
      formasPago: [clave('03', 'Transferencia electrónica de fondos')], metodosPago: [clave('PUE', 'Pago en una sola exhibición')],
      monedas: [{ clave: 'MXN', descripcion: 'Peso Mexicano', decimales: 2 }],
      usosCfdi: [{ clave: 'G03', descripcion: 'Gastos en general', fisica: true, moral: true }],
      objetosImp: [clave('02', 'Sí objeto de impuesto.')], tiposRelacion: [clave('04', 'Sustitución de los CFDI previos')],
      exportaciones: [clave('01', 'No aplica')], periodicidades: [clave('04', 'Mensual')], meses: [clave('11', 'Noviembre')],
      tiposComprobante: [clave('I', 'Ingreso')], series: [{ serie: 'A', nextFolio: 129 }], lugarExpedicion: { cp: '42501', regionFronteriza: false },
    },
  },
  'invoicing.nextFolio': { request: { query: { serie: 'A' } }, response: { serie: 'A', folio: 129 } },
  'incomes.list': { request: { params: { month: 11, year: 2026 }, query: { page: 1, perPage: 10 } }, response: page([row]) },
  'incomes.stats': {
    request: { params: { month: 11, year: 2026 } },
    response: {
      ingresos: count(1, '3480.00'), pagados: count(0, '0.00'), pagadosotros: count(0, '0.00'), pagadosdeotros: count(0, '0.00'),
      nopagados: count(1, '3480.00'), cancelados: count(0, '0.00'), complementos: count(0, '0.00'), madres: count(1, '3480.00'), cuentaspor: count(1, '3480.00'),
    },
  },
  'incomes.related': { request: { params: { uuid: UUID } }, response: { data: [{ ...paymentRow, relacion: 'Complemento de pago' }] } },
  'paymentReception.mothers': { request: { params: { status: 1 }, query: { page: 1, perPage: 10 } }, response: page([row]) },
  'paymentReception.payments': { request: { params: { invoiceId: UUID } }, response: { data: [paymentRow] } },
  'paymentReception.catalogs': {
    response: { formasPago: [clave('03', 'Transferencia electrónica de fondos')], monedas: [{ clave: 'MXN', descripcion: 'Peso Mexicano', decimales: 2 }] },
  },
  'paymentReception.applyPay': { request: { body: { invoiceId: UUID, ...paymentFields } }, response: stampedPayment },
  'paymentReception.applyMultiple': {
    request: { body: { ...paymentFields, documentos: [{ invoiceId: UUID, impPagado: '3480.00' }] } },
    response: stampedPayment,
  },
  'portal.ticketCreate': { request: { body: ticketBody }, response: ticket },
  'portal.tickets': { response: { data: [ticket, { ...ticket, id: 76, folio: 'T-000980', estado: 'facturado', uuid: UUID }] } },
};
