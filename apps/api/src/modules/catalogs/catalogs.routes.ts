import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  catalogHitListSchema, catalogSearchQuerySchema, clientsMunicipalitiesSchema, estadosResponseSchema, postalCodeInfoSchema,
  postalCodeParamsSchema, regimenesResponseSchema, simpleCatalogResponseSchema, stateParamsSchema, usosCfdiQuerySchema,
  usosCfdiResponseSchema,
} from '@facturo/contract';
import { municipios } from '@facturo/cfdi/catalogs';
import { searchProductService, searchUnit } from '@facturo/cfdi/catalogs/server';
import { notFound } from '../../http/errors';
import { lookupPostalCode } from './postal-codes';
import { estadosMx, objetosImpuesto, paisesExtranjeros, regimenes, usosCfdi } from './catalogs.service';

const tags = ['catalogs'];

/**
 * SAT catalog reads for the forms (spec §7.4 "address by postal code", §7.8 find service / find unit).
 * Authenticated like every route; they read only the shipped catalogs, never tenant data.
 */
export const catalogsRoutes = (): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/products/find-service', { schema: { tags, querystring: catalogSearchQuerySchema, response: { 200: catalogHitListSchema } } },
    async (req) => searchProductService(req.query.search, req.query.limit));

  app.get('/api/products/find-unit', { schema: { tags, querystring: catalogSearchQuerySchema, response: { 200: catalogHitListSchema } } },
    async (req) => searchUnit(req.query.search, req.query.limit));

  app.get('/api/catalogs/postal-codes/:cp', { schema: { tags, params: postalCodeParamsSchema, response: { 200: postalCodeInfoSchema } } },
    async (req) => {
      const info = await lookupPostalCode(req.params.cp);
      if (!info) throw notFound(`El código postal ${req.params.cp} no existe en el catálogo del SAT`);
      return info;
    });

  app.get('/api/catalogs/estados', { schema: { tags, response: { 200: estadosResponseSchema } } }, async () => ({ estados: estadosMx() }));

  app.get('/api/catalogs/municipios/:stateId', { schema: { tags, params: stateParamsSchema, response: { 200: clientsMunicipalitiesSchema } } },
    async (req) => ({ municipios: municipios(req.params.stateId) }));

  app.get('/api/catalogs/regimenes', { schema: { tags, response: { 200: regimenesResponseSchema } } }, async () => ({ regimen: regimenes() }));

  app.get('/api/catalogs/usos-cfdi', { schema: { tags, querystring: usosCfdiQuerySchema, response: { 200: usosCfdiResponseSchema } } },
    async (req) => ({ usos: usosCfdi(req.query.regimen, req.query.persona) }));

  app.get('/api/catalogs/objetos-impuesto', { schema: { tags, response: { 200: simpleCatalogResponseSchema } } },
    async () => ({ data: objetosImpuesto() }));

  app.get('/api/catalogs/paises', { schema: { tags, response: { 200: simpleCatalogResponseSchema } } },
    async () => ({ data: paisesExtranjeros() }));
};
