import type { FastifyPluginAsync } from 'fastify';
import { municipios } from '@facturo/cfdi/catalogs';
import { searchProductService, searchUnit } from '@facturo/cfdi/catalogs/server';
import { notFound } from '../../http/errors';
import { serve } from '../../http/serve';
import { lookupPostalCode } from './postal-codes';
import { estadosMx, objetosImpuesto, paisesExtranjeros, regimenes, usosCfdi } from './catalogs.service';

/**
 * SAT catalog reads for the forms (spec §7.4 "address by postal code", §7.8 find service / find unit;
 * entries in the contract's routes/catalogs.ts). They read only the shipped catalogs, never tenant data.
 */
export const catalogsRoutes = (): FastifyPluginAsync => async (app) => {
  serve(app, 'products.findService', (req) => searchProductService(req.query.search, req.query.limit));
  serve(app, 'products.findUnit', (req) => searchUnit(req.query.search, req.query.limit));

  serve(app, 'catalogs.postalCode', async (req) => {
    const info = await lookupPostalCode(req.params.cp);
    if (!info) throw notFound(`El código postal ${req.params.cp} no existe en el catálogo del SAT`);
    return info;
  });

  serve(app, 'catalogs.states', () => ({ estados: estadosMx() }));
  serve(app, 'catalogs.municipalities', (req) => ({ municipios: municipios(req.params.stateId) }));
  serve(app, 'catalogs.taxRegimes', () => ({ regimen: regimenes() }));
  serve(app, 'catalogs.usosCfdi', (req) => ({ usos: usosCfdi(req.query.regimen, req.query.persona) }));
  serve(app, 'catalogs.taxObjects', () => ({ data: objetosImpuesto() }));
  serve(app, 'catalogs.countries', () => ({ data: paisesExtranjeros() }));
};
