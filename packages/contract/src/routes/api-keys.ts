import { messageResponseSchema } from '../auth';
import { apiKeyCreatedSchema, apiKeyCreateSchema, apiKeyIdParamsSchema, apiKeyListSchema } from '../api-keys';
import { route } from '../route';

/** Only the owner manages keys (a key acts for the whole account). */
const access = { role: 'duenio' } as const;

/** Issue 29 §4: API keys (decision 307). */
export const apiKeysRoutes = {
  'apiKeys.list': route({ method: 'GET', path: '/api/api-keys', response: apiKeyListSchema, access }),
  'apiKeys.create': route({
    method: 'POST', path: '/api/api-keys', body: apiKeyCreateSchema, status: 201, response: apiKeyCreatedSchema, access,
    summary: 'Crea una llave de API (test o live); la llave se muestra solo en esta respuesta',
  }),
  'apiKeys.revoke': route({ method: 'DELETE', path: '/api/api-keys/:id', params: apiKeyIdParamsSchema, response: messageResponseSchema, access }),
};
