import { jobStartedSchema } from '../background';
import {
  blacklistEntrySchema, blacklistParamsSchema, cancellationAnswerBodySchema, cancellationAnswerResponseSchema, cancellationRequestsSchema,
  cfdiSatStatusSchema, cfdiUuidParamsSchema, constanciaApplyParamsSchema, constanciaApplyResponseSchema, constanciaBodySchema,
} from '../sat-status';
import { route } from '../route';

/** Issue 15 §2-§5: SAT services behind the SAT port (any private account: the status of one's own documents). */
export const satStatusRoutes = {
  'sat.cfdiStatus': route({
    method: 'GET', path: '/api/cfdi/:uuid/sat-status', params: cfdiUuidParamsSchema, response: cfdiSatStatusSchema, access: {},
    summary: 'Consulta en el SAT el estado de un CFDI emitido o recibido (expresión impresa del documento); registra la cancelación que el SAT reporte',
  }),
  'sat.blacklist': route({
    method: 'GET', path: '/api/blacklist/:rfcContribuyente', params: blacklistParamsSchema, response: blacklistEntrySchema, access: {},
    summary: 'Busca un RFC en el listado del artículo 69-B del CFF (operaciones presuntamente inexistentes)',
  }),
  'sat.cancellationRequests': route({
    method: 'GET', path: '/api/cancelaciones/solicitudes', response: cancellationRequestsSchema, access: {},
    summary: 'Solicitudes de cancelación que esperan tu aceptación como receptor (plazo de 72 horas)',
  }),
  'sat.answerCancellation': route({
    method: 'POST', path: '/api/cancelaciones/solicitudes/:uuid', params: cfdiUuidParamsSchema, body: cancellationAnswerBodySchema,
    response: cancellationAnswerResponseSchema, access: {}, summary: 'Acepta o rechaza, por el PAC, una solicitud de cancelación recibida',
  }),
  'sat.requestConstancia': route({
    method: 'POST', path: '/api/sat/constancia', body: constanciaBodySchema, status: 202, response: jobStartedSchema, access: {},
    summary: 'Obtiene del SAT (con la CIEC o la e.firma registradas) la constancia de situación fiscal o la cédula de identificación fiscal, como proceso en segundo plano',
  }),
  'sat.applyConstancia': route({
    method: 'POST', path: '/api/sat/constancia/:id/aplicar', params: constanciaApplyParamsSchema, response: constanciaApplyResponseSchema, access: {},
    summary: 'Actualiza el régimen y el código postal del perfil con lo que dice una constancia obtenida del SAT',
  }),
};
