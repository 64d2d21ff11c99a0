import { messageResponseSchema } from '../auth';
import { route } from '../route';
import { diotSupplierBodySchema, diotSupplierIdParamsSchema, diotSupplierListSchema, diotSupplierQuerySchema, diotSupplierSchema } from '../diot-suppliers';
import { diotFolioParamsSchema } from '../statements';

/** Plan product 12 "Declaraciones", like the rest of the DIOT. */
const access = { product: 12 } as const;

/** DIOT supplier catalog and the "presentada, en proceso" step (issue 11 leftovers, decision 250). */
export const diotSuppliersRoutes = {
  'diot.suppliers': route({
    method: 'GET', path: '/api/diot/proveedores', query: diotSupplierQuerySchema, response: diotSupplierListSchema, access,
    summary: 'Proveedores de la DIOT: los pagados en el mes pedido y los del catálogo, con su tipo de operación y, si son extranjeros, sus datos',
  }),
  'diot.saveSupplier': route({
    // The body's rfc is the supplier's, not the account's.
    method: 'PUT', path: '/api/diot/proveedores', body: diotSupplierBodySchema, response: diotSupplierSchema, access: { ...access, bodyRfcIsThirdParty: true },
    summary: 'Guarda el tipo de operación de un proveedor y, con RFC XEXX010101000, su país, número de identificación fiscal y nacionalidad',
  }),
  'diot.deleteSupplier': route({ method: 'DELETE', path: '/api/diot/proveedores/:id', params: diotSupplierIdParamsSchema, response: messageResponseSchema, access }),
  'diot.submit': route({
    method: 'POST', path: '/api/diot/:folio/presentar', params: diotFolioParamsSchema, response: messageResponseSchema, access,
    summary: 'Marca la DIOT como enviada al SAT (estado 1, en proceso) mientras llega el acuse',
  }),
};
