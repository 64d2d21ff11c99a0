import { pageQuerySchema } from '../pagination';
import { messageResponseSchema } from '../auth';
import { stateParamsSchema } from '../catalogs';
import {
  clientIdParamsSchema, clientInputSchema, clientPageSchema, clientSchema, clientsMunicipalitiesSchema, clientsStatesSchema,
  clientsTaxRegimesSchema, clientV4InputSchema, csfExtractSchema,
} from '../clients';
import { route } from '../route';

/** Plan product "Clientes" (spec §6). A customer's RFC in the body is a third party's, not the tenant's. */
const access = { product: 6, bodyRfcIsThirdParty: true } as const;

/** Spec §7.9: customers of the tenant, their catalogs and the CSF prefill. */
export const clientsRoutes = {
  'clients.list': route({ method: 'GET', path: '/api/clients', query: pageQuerySchema, response: clientPageSchema, access }),
  'clients.create': route({ method: 'POST', path: '/api/clients', body: clientInputSchema, status: 201, response: clientSchema, access }),
  'clients.states': route({ method: 'GET', path: '/api/clients/states', response: clientsStatesSchema, access }),
  'clients.municipalities': route({
    method: 'GET', path: '/api/clients/municipalities/:stateId', params: stateParamsSchema, response: clientsMunicipalitiesSchema, access,
  }),
  'clients.taxRegimes': route({ method: 'GET', path: '/api/clients/tax-regimes', response: clientsTaxRegimesSchema, access }),
  'clients.uploadCsf': route({
    method: 'POST', path: '/api/clients/upload-csf', consumes: 'multipart', response: csfExtractSchema, access,
    summary: 'Lee la Constancia de Situación Fiscal (PDF) de un cliente para prellenar el formulario',
  }),
  'clients.edit': route({ method: 'GET', path: '/api/clients/:id/edit', params: clientIdParamsSchema, response: clientSchema, access }),
  'clients.update': route({
    method: 'PUT', path: '/api/clients/:id', params: clientIdParamsSchema, body: clientInputSchema, response: clientSchema, access,
  }),
  'clients.patchV4': route({
    method: 'PATCH', path: '/api/clients/:id/v4', params: clientIdParamsSchema, body: clientV4InputSchema, response: clientSchema, access,
    summary: 'Completa los datos que CFDI 4.0 exige a un cliente (nombre, régimen, CP, uso)',
  }),
  'clients.delete': route({ method: 'DELETE', path: '/api/clients/:id', params: clientIdParamsSchema, response: messageResponseSchema, access }),
};
