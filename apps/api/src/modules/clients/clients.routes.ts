import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientIdParamsSchema, clientInputSchema, clientPageSchema, clientSchema, clientsMunicipalitiesSchema, clientsStatesSchema,
  clientsTaxRegimesSchema, clientV4InputSchema, csfExtractSchema, messageResponseSchema, pageQuerySchema, stateParamsSchema,
} from '@facturo/contract';
import { municipios } from '@facturo/cfdi/catalogs';
import type { JobContext } from '../../jobs/context';
import { fieldError } from '../../http/errors';
import { estadosMx, regimenes } from '../catalogs/catalogs.service';
import * as clients from './clients.service';
import { csfPrefill } from './csf.service';

const tags = ['clients'];
/** Plan product "Clientes" (spec §6). */
const PRODUCT_CLIENTS = 6;
// A customer's RFC in the body is a third party's, not the tenant's.
const config = { product: PRODUCT_CLIENTS, bodyRfcIsThirdParty: true };

/** Spec §7.9: customers of the tenant, their catalogs and the CSF prefill. */
export const clientsRoutes = (ctx: JobContext): FastifyPluginAsyncZod => async (app) => {
  const { db } = ctx;

  app.get('/api/clients', { config, schema: { tags, querystring: pageQuerySchema, response: { 200: clientPageSchema } } },
    (req) => clients.listClients(db, req.account.id, req.query));

  app.post('/api/clients', { config, schema: { tags, body: clientInputSchema, response: { 201: clientSchema } } },
    async (req, reply) => reply.code(201).send(await clients.createClient(db, req.account.id, req.body)));

  app.get('/api/clients/states', { config, schema: { tags, response: { 200: clientsStatesSchema } } },
    async () => ({ estados: estadosMx() }));

  app.get('/api/clients/municipalities/:stateId', { config, schema: { tags, params: stateParamsSchema, response: { 200: clientsMunicipalitiesSchema } } },
    async (req) => ({ municipios: municipios(req.params.stateId) }));

  app.get('/api/clients/tax-regimes', { config, schema: { tags, response: { 200: clientsTaxRegimesSchema } } },
    async () => ({ regimen: regimenes() }));

  app.post('/api/clients/upload-csf', { config, schema: { tags, consumes: ['multipart/form-data'], response: { 200: csfExtractSchema } } },
    async (req) => {
      const file = req.isMultipart() ? await req.file() : undefined;
      if (!file) throw fieldError('file', 'Adjunta el PDF de la Constancia de Situación Fiscal');
      return csfPrefill(await file.toBuffer());
    });

  app.get('/api/clients/:id/edit', { config, schema: { tags, params: clientIdParamsSchema, response: { 200: clientSchema } } },
    (req) => clients.getClient(db, req.account.id, req.params.id));

  app.put('/api/clients/:id', { config, schema: { tags, params: clientIdParamsSchema, body: clientInputSchema, response: { 200: clientSchema } } },
    (req) => clients.updateClient(db, req.account.id, req.params.id, req.body));

  app.patch('/api/clients/:id/v4', { config, schema: { tags, params: clientIdParamsSchema, body: clientV4InputSchema, response: { 200: clientSchema } } },
    (req) => clients.patchClientV4(db, req.account.id, req.params.id, req.body));

  app.delete('/api/clients/:id', { config, schema: { tags, params: clientIdParamsSchema, response: { 200: messageResponseSchema } } },
    (req) => clients.deleteClient(db, req.account.id, req.params.id));
};
