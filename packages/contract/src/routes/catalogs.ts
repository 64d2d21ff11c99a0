import {
  catalogHitListSchema, catalogSearchQuerySchema, estadosResponseSchema, postalCodeInfoSchema,
  postalCodeParamsSchema, regimenesResponseSchema, simpleCatalogResponseSchema, stateParamsSchema, usosCfdiQuerySchema,
  usosCfdiResponseSchema,
} from '../catalogs';
import { clientsMunicipalitiesSchema } from '../clients';
import { route } from '../route';

/** Authenticated like every route; they read only the shipped SAT catalogs, never tenant data. */
const access = {} as const;

/** SAT catalog reads for the forms (spec §7.4 address by postal code, §7.8 find service / find unit). */
export const catalogsRoutes = {
  'products.findService': route({ method: 'GET', path: '/api/products/find-service', query: catalogSearchQuerySchema, response: catalogHitListSchema, access }),
  'products.findUnit': route({ method: 'GET', path: '/api/products/find-unit', query: catalogSearchQuerySchema, response: catalogHitListSchema, access }),
  'catalogs.postalCode': route({ method: 'GET', path: '/api/catalogs/postal-codes/:cp', params: postalCodeParamsSchema, response: postalCodeInfoSchema, access }),
  'catalogs.states': route({ method: 'GET', path: '/api/catalogs/estados', response: estadosResponseSchema, access }),
  'catalogs.municipalities': route({
    method: 'GET', path: '/api/catalogs/municipios/:stateId', params: stateParamsSchema, response: clientsMunicipalitiesSchema, access,
  }),
  'catalogs.taxRegimes': route({ method: 'GET', path: '/api/catalogs/regimenes', response: regimenesResponseSchema, access }),
  'catalogs.usosCfdi': route({ method: 'GET', path: '/api/catalogs/usos-cfdi', query: usosCfdiQuerySchema, response: usosCfdiResponseSchema, access }),
  'catalogs.taxObjects': route({ method: 'GET', path: '/api/catalogs/objetos-impuesto', response: simpleCatalogResponseSchema, access }),
  'catalogs.countries': route({ method: 'GET', path: '/api/catalogs/paises', response: simpleCatalogResponseSchema, access }),
};
