import { messageResponseSchema } from '../auth';
import {
  portalDownloadParamsSchema, portalFacturadoSchema, portalFacturarSchema, portalGlobalBodySchema, portalGlobalResultSchema,
  portalConstanciaSchema, portalImportQuerySchema, portalImportResultSchema, portalPublicInfoSchema, portalReceptorLookupSchema, portalReceptorSchema,
  portalSettingsBodySchema, portalSettingsSchema, portalSlugParamsSchema, portalTicketCreateSchema, portalTicketIdParamsSchema,
  portalTicketListSchema, portalTicketLookupSchema, portalTicketSchema, portalTicketSummarySchema,
} from '../portal';
import { route } from '../route';

/** Invoicing (plan product 4), like the stamping the portal does. */
const access = { product: 4 } as const;
/** No login: the customers of the account. Rate-limited per IP (stricter than the app's limit, decision 310). */
const open = { public: true } as const;

/** Issue 29 §6 (decision 310): the self-invoicing portal. */
export const portalRoutes = {
  'portal.settings': route({ method: 'GET', path: '/api/portal', response: portalSettingsSchema, access }),
  'portal.update': route({
    method: 'PUT', path: '/api/portal', body: portalSettingsBodySchema, response: portalSettingsSchema, access: { ...access, role: 'contador' },
    summary: 'Habilita el portal de autofacturación /f/{slug} (slug único entre cuentas) y si los tickets vencen al fin de mes',
  }),
  'portal.tickets': route({ method: 'GET', path: '/api/portal/tickets', response: portalTicketListSchema, access }),
  'portal.ticketCreate': route({
    method: 'POST', path: '/api/portal/tickets', body: portalTicketCreateSchema, status: 201, response: portalTicketSchema, access,
    summary: 'Registra una venta (ticket) que el cliente podrá facturar en el portal con su folio y total',
  }),
  'portal.ticketImport': route({
    method: 'POST', path: '/api/portal/tickets/importar', query: portalImportQuerySchema, consumes: 'multipart', response: portalImportResultSchema, access,
    summary: 'Tickets desde CSV o XLSX (una fila por concepto, agrupadas por folio); ?confirmar=1 los registra',
  }),
  'portal.ticketDelete': route({ method: 'DELETE', path: '/api/portal/tickets/:id', params: portalTicketIdParamsSchema, response: messageResponseSchema, access }),
  'portal.global': route({
    method: 'POST', path: '/api/portal/factura-global', body: portalGlobalBodySchema, status: 201, response: portalGlobalResultSchema,
    access: { ...access, role: 'contador' },
    summary: 'Factura global del mes a público en general con los tickets vencidos (InformacionGlobal mensual)',
  }),
  'portal.download': route({
    method: 'GET', path: '/api/portal/descarga/:token', params: portalDownloadParamsSchema, produces: 'application/octet-stream', access: open,
    summary: 'XML o PDF de la factura de un ticket con el enlace firmado y temporal que entregó el portal',
  }),
  'portal.public': route({ method: 'GET', path: '/api/portal/:slug', params: portalSlugParamsSchema, response: portalPublicInfoSchema, access: open }),
  'portal.logo': route({ method: 'GET', path: '/api/portal/:slug/logo', params: portalSlugParamsSchema, produces: 'image/png', access: open }),
  'portal.ticket': route({
    method: 'POST', path: '/api/portal/:slug/ticket', params: portalSlugParamsSchema, body: portalTicketLookupSchema, response: portalTicketSummarySchema, access: open,
    summary: 'El ticket con ese folio y total (404 igual para folio desconocido, total distinto o portal inexistente)',
  }),
  'portal.receptor': route({
    method: 'POST', path: '/api/portal/:slug/receptor', params: portalSlugParamsSchema, body: portalReceptorLookupSchema, response: portalReceptorSchema, access: open,
    summary: 'Datos fiscales guardados de ese RFC exacto, solo con un folio y total válidos',
  }),
  'portal.constancia': route({
    method: 'POST', path: '/api/portal/:slug/constancia', params: portalSlugParamsSchema, consumes: 'multipart', response: portalConstanciaSchema, access: open,
    summary: 'RFC, nombre, CP y régimen leídos de la Constancia de Situación Fiscal (PDF) del cliente, solo con un folio y total válidos',
  }),
  'portal.facturar': route({
    method: 'POST', path: '/api/portal/:slug/facturar', params: portalSlugParamsSchema, body: portalFacturarSchema, status: 201, response: portalFacturadoSchema,
    access: { ...open, bodyRfcIsThirdParty: true },
    summary: 'Timbra el CFDI 4.0 del ticket al cliente y se lo envía por correo; un ticket se factura una sola vez',
  }),
};
