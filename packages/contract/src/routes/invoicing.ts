import {
  alertResponseSchema, buyStampsBodySchema, buyStampsResponseSchema, cancelBodySchema, cancelOptionsResponseSchema, cancelResponseSchema,
  clientEmailQuerySchema, clientEmailResponseSchema, devCancellationAnswerBodySchema, devCancellationAnswerResponseSchema, cpParamsSchema, customersCatalogBodySchema, customersCatalogResponseSchema,
  exchangeRateQuerySchema, exchangeRateResponseSchema, invoiceBodySchema, invoiceStampedSchema, invoicingAddressSchema,
  folioHistoryQuerySchema, folioHistoryResponseSchema, invoicingCatalogsSchema, nextFolioQuerySchema, nextFolioResponseSchema, pdfTemplatesResponseSchema, productsCatalogQuerySchema,
  productsCatalogResponseSchema, regimeDetailSchema, regimeParamsSchema, sendEmailBodySchema, stampBalanceSchema,
  substitutionParamsSchema, substitutionQuerySchema, substitutionResponseSchema, userTemplateBodySchema, userTemplateResponseSchema, uuidParamsSchema,
} from '../invoicing';
import { route } from '../route';

/** Plan product "Facturación" (spec §6). The customer's RFC in a body is a third party's. */
const invoicing = { product: 4, bodyRfcIsThirdParty: true } as const;
/** Plan product "Ingresos": documents, e-mail and cancellation of issued invoices. */
const incomes = { product: 2 } as const;
/** Feature 59 "Enviar facturas por correo" (spec §6, seed 0001). */
const email = { product: 2, feature: 59 } as const;

/** Issue 9 / spec §7.4, §7.5, §7.17: issue, preview, stamp, deliver and cancel invoices. */
export const invoicingRoutes = {
  'invoicing.stamp40': route({
    method: 'POST', path: '/api/invoice40', body: invoiceBodySchema, status: 201, response: invoiceStampedSchema, access: invoicing,
    summary: 'Sella y timbra un CFDI 4.0 (cabecera Idempotency-Key opcional)',
  }),
  'invoicing.stamp33': route({
    method: 'POST', path: '/api/invoice', body: invoiceBodySchema, status: 201, response: invoiceStampedSchema, access: invoicing,
    summary: 'Sella y timbra un CFDI 3.3 (solo con un PAC configurado para aceptarlo)',
  }),
  'invoicing.preview40': route({
    method: 'POST', path: '/api/preview40', body: invoiceBodySchema, produces: 'application/pdf', access: invoicing,
    summary: 'PDF de vista previa (sin sello ni timbre) de un CFDI 4.0',
  }),
  'invoicing.preview33': route({
    method: 'POST', path: '/api/preview', body: invoiceBodySchema, produces: 'application/pdf', access: invoicing,
    summary: 'PDF de vista previa (sin sello ni timbre) de un CFDI 3.3',
  }),
  'invoicing.xml': route({ method: 'GET', path: '/api/incomes/:uuid/xml', params: uuidParamsSchema, produces: 'application/xml', access: incomes }),
  'invoicing.pdf': route({ method: 'GET', path: '/api/incomes/:uuid/pdf', params: uuidParamsSchema, produces: 'application/pdf', access: incomes }),
  'invoicing.pdfTemplates': route({ method: 'GET', path: '/api/pdf-templates', response: pdfTemplatesResponseSchema, access: invoicing }),
  'invoicing.userTemplate': route({ method: 'GET', path: '/api/user-template', response: userTemplateResponseSchema, access: invoicing }),
  'invoicing.setUserTemplate': route({
    method: 'POST', path: '/api/user-template', body: userTemplateBodySchema, response: userTemplateResponseSchema, access: invoicing,
  }),
  'invoicing.clientEmail': route({
    method: 'GET', path: '/api/incomes/client-email', query: clientEmailQuerySchema, response: clientEmailResponseSchema, access: email,
  }),
  'invoicing.sendEmail': route({
    method: 'POST', path: '/api/incomes/send-email', body: sendEmailBodySchema, response: alertResponseSchema, access: email,
    summary: 'Envía el XML y el PDF de una factura por correo',
  }),
  'invoicing.cancelOptions': route({ method: 'GET', path: '/api/incomes/cancel-options', response: cancelOptionsResponseSchema, access: incomes }),
  'invoicing.cancel': route({
    method: 'POST', path: '/api/incomes/cancel', body: cancelBodySchema, response: cancelResponseSchema, access: incomes,
    summary: 'Solicita al SAT, por el PAC, la cancelación de una factura (motivos 01 a 04)',
  }),
  'invoicing.cancelAcuse': route({
    method: 'GET', path: '/api/cfdi/:uuid/acuse-cancelacion', params: uuidParamsSchema, produces: 'application/xml', access: {},
    summary: 'Acuse de cancelación que entregó el PAC (XML) de un CFDI emitido, recibo de nómina, complemento de pago o retención; 404 si no se ha cancelado',
  }),
  'dev.pacCancellationAnswer': route({
    method: 'POST', path: '/api/dev/pac/cancelaciones/:uuid', params: uuidParamsSchema, body: devCancellationAnswerBodySchema,
    response: devCancellationAnswerResponseSchema, access: incomes,
    summary: 'Solo pruebas (PAC sandbox): el receptor acepta o rechaza la cancelación en proceso de un CFDI propio',
  }),
  'invoicing.substitution': route({
    method: 'GET', path: '/api/invoicing/substitution/:rfc/:month/:year', params: substitutionParamsSchema, query: substitutionQuerySchema,
    response: substitutionResponseSchema,
    access: invoicing, summary: 'Facturas vigentes de un cliente en un mes, candidatas a sustituir o relacionar',
  }),
  'invoicing.stamps': route({ method: 'GET', path: '/api/timbres', response: stampBalanceSchema, access: invoicing }),
  'invoicing.buyStamps': route({
    method: 'POST', path: '/api/timbres', body: buyStampsBodySchema, status: 201, response: buyStampsResponseSchema, access: invoicing,
  }),
  'invoicing.catalogs': route({ method: 'GET', path: '/api/invoicing/catalogs', response: invoicingCatalogsSchema, access: invoicing }),
  'invoicing.address': route({ method: 'GET', path: '/api/invoicing/address/:cp', params: cpParamsSchema, response: invoicingAddressSchema, access: invoicing }),
  'invoicing.customers': route({
    method: 'POST', path: '/api/invoicing/customers', body: customersCatalogBodySchema, response: customersCatalogResponseSchema, access: invoicing,
  }),
  'invoicing.products': route({
    method: 'GET', path: '/api/invoicing/products', query: productsCatalogQuerySchema, response: productsCatalogResponseSchema, access: invoicing,
  }),
  'invoicing.regime': route({ method: 'GET', path: '/api/invoicing/regime/:clave', params: regimeParamsSchema, response: regimeDetailSchema, access: invoicing }),
  'invoicing.nextFolio': route({
    method: 'GET', path: '/api/invoicing/next-folio', query: nextFolioQuerySchema, response: nextFolioResponseSchema, access: invoicing,
  }),
  'invoicing.folioHistory': route({
    method: 'GET', path: '/api/invoicing/folios', query: folioHistoryQuerySchema, response: folioHistoryResponseSchema, access: invoicing,
  }),
  'invoicing.exchangeRate': route({
    method: 'GET', path: '/api/invoicing/exchange-rate', query: exchangeRateQuerySchema, response: exchangeRateResponseSchema, access: invoicing,
  }),
};
