import { queryOptions } from '@tanstack/react-query';
import { routes, type ApiKeyCreate, type WebhookEndpointCreate } from '@facturo/contract';
import { call } from '../../../shared/api/call';
import '../texts';

/** Query keys start with the area and the tenant's RFC. */
export const apiKeyKeys = { all: (rfc: string) => ['api-keys', rfc] as const };

export const apiKeysQuery = (rfc: string) =>
  queryOptions({ queryKey: apiKeyKeys.all(rfc), queryFn: ({ signal }) => call(routes['apiKeys.list'], { signal }) });

export const createApiKey = (body: ApiKeyCreate) => call(routes['apiKeys.create'], { body });
export const revokeApiKey = (id: number) => call(routes['apiKeys.revoke'], { params: { id } });

/** Issue 29 §5: webhook endpoints and their delivery log. */
export const webhookKeys = { endpoints: (rfc: string) => ['webhooks', rfc, 'endpoints'] as const, deliveries: (rfc: string) => ['webhooks', rfc, 'deliveries'] as const };
export const webhookEndpointsQuery = (rfc: string) =>
  queryOptions({ queryKey: webhookKeys.endpoints(rfc), queryFn: ({ signal }) => call(routes['webhooks.endpoints'], { signal }) });
export const webhookDeliveriesQuery = (rfc: string) =>
  queryOptions({ queryKey: webhookKeys.deliveries(rfc), queryFn: ({ signal }) => call(routes['webhooks.deliveries'], { signal }) });
export const createWebhookEndpoint = (body: WebhookEndpointCreate) => call(routes['webhooks.createEndpoint'], { body });
export const deleteWebhookEndpoint = (id: number) => call(routes['webhooks.deleteEndpoint'], { params: { id } });
export const redeliverWebhook = (id: number) => call(routes['webhooks.redeliver'], { params: { id } });
