import { messageResponseSchema } from '../auth';
import { recurringCreateSchema, recurringIdParamsSchema, recurringListSchema, recurringSchema, recurringUpdateSchema } from '../recurring';
import { route } from '../route';

/** Invoicing (plan product 4), like the stamping it schedules. */
const access = { product: 4 } as const;

/** Issue 29 §3: recurring invoices made from a stamped one. */
export const recurringRoutes = {
  'recurring.list': route({ method: 'GET', path: '/api/recurrentes', response: recurringListSchema, access }),
  'recurring.create': route({
    method: 'POST', path: '/api/recurrentes', body: recurringCreateSchema, status: 201, response: recurringSchema, access,
    summary: 'Repite una factura timbrada cada mes, semana o número de días, hasta una fecha o un número de veces',
  }),
  'recurring.update': route({ method: 'PATCH', path: '/api/recurrentes/:id', params: recurringIdParamsSchema, body: recurringUpdateSchema, response: recurringSchema, access }),
  'recurring.delete': route({ method: 'DELETE', path: '/api/recurrentes/:id', params: recurringIdParamsSchema, response: messageResponseSchema, access }),
};
