import { queryOptions } from '@tanstack/react-query';
import { routes, type ApiKeyCreate } from '@facturo/contract';
import { call } from '../../../shared/api/call';
import '../texts';

/** Query keys start with the area and the tenant's RFC. */
export const apiKeyKeys = { all: (rfc: string) => ['api-keys', rfc] as const };

export const apiKeysQuery = (rfc: string) =>
  queryOptions({ queryKey: apiKeyKeys.all(rfc), queryFn: ({ signal }) => call(routes['apiKeys.list'], { signal }) });

export const createApiKey = (body: ApiKeyCreate) => call(routes['apiKeys.create'], { body });
export const revokeApiKey = (id: number) => call(routes['apiKeys.revoke'], { params: { id } });
