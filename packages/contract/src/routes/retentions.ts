import {
  retentionBodySchema, retentionCancelBodySchema, retentionCancelResponseSchema, retentionCatalogsSchema, retentionListParamsSchema,
  retentionListQuerySchema, retentionPageSchema, retentionStampedSchema, retentionStatsSchema, retentionUuidParamsSchema,
} from '../retentions';
import { route } from '../route';

/** Plan product 9 "Retenciones" (spec §6, seed 0001). A receptor's RFC in the body is a third party's. */
const retentions = { product: 9, bodyRfcIsThirdParty: true } as const;

/** Spec §7.12 retentions (issue 10 point 4). */
export const retentionsRoutes = {
  'retentions.issue': route({
    method: 'POST', path: '/api/retenciones', body: retentionBodySchema, status: 201, response: retentionStampedSchema, access: retentions,
    summary: 'Sella con tu CSD y timbra una constancia de Retenciones 2.0 (con complementos dividendos, intereses, pagos a extranjeros o plataformas tecnológicas)',
  }),
  'retentions.catalogs': route({ method: 'GET', path: '/api/retenciones/catalogs', response: retentionCatalogsSchema, access: retentions }),
  'retentions.issued': route({
    method: 'GET', path: '/api/getRetencionesEmitidas/:month/:year', params: retentionListParamsSchema, query: retentionListQuerySchema,
    response: retentionPageSchema, access: retentions,
  }),
  'retentions.received': route({
    method: 'GET', path: '/api/getRetencionesRecibidas/:month/:year', params: retentionListParamsSchema, query: retentionListQuerySchema,
    response: retentionPageSchema, access: retentions,
  }),
  'retentions.receivedStats': route({
    method: 'GET', path: '/api/getEstadisticasRetencionesRecibidas/:month/:year', params: retentionListParamsSchema, response: retentionStatsSchema,
    access: retentions, summary: 'ISR e IVA retenidos, total retenido y monto de operación de las retenciones recibidas vigentes del mes',
  }),
  'retentions.xml': route({ method: 'GET', path: '/api/retenciones/:uuid/xml', params: retentionUuidParamsSchema, produces: 'application/xml', access: retentions }),
  'retentions.pdf': route({ method: 'GET', path: '/api/retenciones/:uuid/pdf', params: retentionUuidParamsSchema, produces: 'application/pdf', access: retentions }),
  'retentions.cancel': route({
    method: 'POST', path: '/api/retenciones/cancel', body: retentionCancelBodySchema, response: retentionCancelResponseSchema, access: retentions,
    summary: 'Solicita al SAT, por el PAC, la cancelación de una retención emitida',
  }),
};
