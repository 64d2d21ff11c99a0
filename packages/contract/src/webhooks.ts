import { z } from 'zod';
import { idParam } from './input-rules';

/** Issue 29 §5 (decision 308): the events an endpoint may subscribe to. */
export const WEBHOOK_EVENTS = ['invoice.stamped', 'invoice.cancelled', 'payment.stamped', 'cfdi.received', 'payroll.stamped', 'subscription.changed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const webhookEndpointCreateSchema = z.object({
  url: z.string({ error: 'La URL del webhook es obligatoria' }).trim().url({ error: 'La URL del webhook no es válida' }).max(500, { error: 'La URL del webhook admite hasta 500 caracteres' }),
  eventos: z.array(z.enum(WEBHOOK_EVENTS, { error: `Los eventos válidos son: ${WEBHOOK_EVENTS.join(', ')}` }), { error: 'Elige al menos un evento' })
    .min(1, { error: 'Elige al menos un evento' }),
});
export type WebhookEndpointCreate = z.infer<typeof webhookEndpointCreateSchema>;
/** The only answer that carries the signing secret. */
export const webhookEndpointCreatedSchema = z.object({ id: z.number().int(), secret: z.string() });
export const webhookEndpointSchema = z.object({ id: z.number().int(), url: z.string(), eventos: z.array(z.string()), creado: z.string() });
export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
// idParam: an id no row can have is a 404 like any missing one (hostile-input suite).
export const webhookIdParamsSchema = z.object({ id: idParam('El webhook o la entrega no existe') });

export const webhookAttemptSchema = z.object({ fecha: z.string(), status: z.number().int().nullable(), respuesta: z.string().nullable() });
export const webhookDeliverySchema = z.object({
  id: z.number().int(), eventoId: z.string(), evento: z.string(), endpointId: z.number().int(), url: z.string(),
  estado: z.enum(['pendiente', 'entregada', 'fallida']), intentos: z.array(webhookAttemptSchema), proximoIntento: z.string().nullable(), creado: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.object({ entregas: z.array(webhookDeliverySchema) });
