import { messageResponseSchema } from '../auth';
import { pageQuerySchema } from '../pagination';
import { productIdParamsSchema, productInputSchema, productPageSchema, userProductSchema } from '../products';
import { route } from '../route';

/** Plan product "Productos" (spec §6). */
const access = { product: 5 } as const;

/** Spec §7.8: the tenant's products (the SAT catalog searches are in routes/catalogs.ts). */
export const productsRoutes = {
  'products.list': route({ method: 'GET', path: '/api/products', query: pageQuerySchema, response: productPageSchema, access }),
  'products.create': route({ method: 'POST', path: '/api/products', body: productInputSchema, status: 201, response: userProductSchema, access }),
  'products.update': route({
    method: 'PUT', path: '/api/products/:id', params: productIdParamsSchema, body: productInputSchema, response: userProductSchema, access,
  }),
  'products.delete': route({ method: 'DELETE', path: '/api/products/:id', params: productIdParamsSchema, response: messageResponseSchema, access }),
};
