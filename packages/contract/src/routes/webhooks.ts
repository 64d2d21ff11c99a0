import { messageResponseSchema } from '../auth';
import {
  webhookDeliveryListSchema, webhookDeliverySchema, webhookEndpointCreatedSchema, webhookEndpointCreateSchema, webhookEndpointListSchema, webhookIdParamsSchema,
} from '../webhooks';
import { route } from '../route';

/** Only the owner registers where the account's events go. */
const access = { role: 'duenio' } as const;

/** Issue 29 §5: webhooks (decision 308). */
export const webhooksRoutes = {
  'webhooks.endpoints': route({ method: 'GET', path: '/api/webhooks/endpoints', response: webhookEndpointListSchema, access }),
  'webhooks.createEndpoint': route({
    method: 'POST', path: '/api/webhooks/endpoints', body: webhookEndpointCreateSchema, status: 201, response: webhookEndpointCreatedSchema, access,
    summary: 'Registra una URL HTTPS para eventos; el secreto de firma se muestra solo en esta respuesta',
  }),
  'webhooks.deleteEndpoint': route({ method: 'DELETE', path: '/api/webhooks/endpoints/:id', params: webhookIdParamsSchema, response: messageResponseSchema, access }),
  'webhooks.deliveries': route({ method: 'GET', path: '/api/webhooks/entregas', response: webhookDeliveryListSchema, access }),
  'webhooks.redeliver': route({ method: 'POST', path: '/api/webhooks/entregas/:id/reenviar', params: webhookIdParamsSchema, response: webhookDeliverySchema, access }),
};
