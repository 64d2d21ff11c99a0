import { messageResponseSchema } from '../auth';
import { route } from '../route';
import {
  diotBodySchema, diotFolioParamsSchema, diotHistoryQuerySchema, diotHistorySchema, diotSchema, statementIdParamsSchema,
  statementFiledBodySchema, statementListQuerySchema, statementPageSchema, statementPeriodBodySchema, statementSchema, statementSettingsBodySchema,
  statementSettingsSchema,
} from '../statements';

/** Plan product 12 "Declaraciones" (spec §6, seed 0001). */
const access = { product: 12 } as const;

/** Spec §7.13 statements and DIOT (issue 11). */
export const statementsRoutes = {
  'statements.list': route({ method: 'GET', path: '/api/statements', query: statementListQuerySchema, response: statementPageSchema, access }),
  'statements.start': route({
    method: 'POST', path: '/api/statements/start', body: statementPeriodBodySchema, status: 201, response: statementSchema, access,
    summary: 'Calcula y guarda la declaración del mes: pago provisional de ISR según el régimen e IVA definitivo, en base de flujo',
  }),
  'statements.settings': route({ method: 'GET', path: '/api/statements/settings', response: statementSettingsSchema, access }),
  'statements.saveSettings': route({ method: 'PUT', path: '/api/statements/settings', body: statementSettingsBodySchema, response: statementSettingsSchema, access }),
  'statements.show': route({ method: 'GET', path: '/api/statements/:id', params: statementIdParamsSchema, response: statementSchema, access }),
  'statements.pdf': route({
    method: 'GET', path: '/api/statements/:id/pdf', params: statementIdParamsSchema, produces: 'application/pdf', access, summary: 'Resumen imprimible de la declaración',
  }),
  'statements.filed': route({
    method: 'POST', path: '/api/statements/:id/presentada', params: statementIdParamsSchema, body: statementFiledBodySchema, response: statementSchema, access,
    summary: 'Marca la declaración como presentada ante el SAT (o no presentada); el tablero deja de llamarla estimada',
  }),
  'diot.create': route({
    method: 'POST', path: '/api/diot', body: diotBodySchema, status: 201, response: diotSchema, access,
    summary: 'Genera la DIOT del mes con los CFDI recibidos efectivamente pagados, por proveedor, y la compara con la última presentada',
  }),
  'diot.history': route({ method: 'GET', path: '/api/diot', query: diotHistoryQuerySchema, response: diotHistorySchema, access }),
  'diot.show': route({ method: 'GET', path: '/api/diot/:folio', params: diotFolioParamsSchema, response: diotSchema, access }),
  'diot.file': route({
    method: 'GET', path: '/api/diot/:folio/file', params: diotFolioParamsSchema, produces: 'text/plain', access,
    summary: 'Archivo de carga batch de la DIOT (layout SAT 2025, 54 campos separados por |, UTF-8)',
  }),
  'diot.uploadAcuse': route({
    method: 'POST', path: '/api/diot/:folio/acuse', params: diotFolioParamsSchema, consumes: 'multipart', response: messageResponseSchema, access,
    summary: 'Guarda el acuse (PDF) de la DIOT presentada; la DIOT queda como presentada',
  }),
  'diot.acuse': route({ method: 'GET', path: '/api/diot/:folio/acuse', params: diotFolioParamsSchema, produces: 'application/pdf', access }),
};
