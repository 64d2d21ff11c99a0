import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  messageResponseSchema, pageQuerySchema, productIdParamsSchema, productInputSchema, productPageSchema, userProductSchema,
} from '@facturo/contract';
import type { JobContext } from '../../jobs/context';
import * as products from './products.service';

const tags = ['products'];
/** Plan product "Productos" (spec §6). */
const config = { product: 5 };

/** Spec §7.8: the tenant's products (the catalog searches live in the catalogs module). */
export const productsRoutes = (ctx: JobContext): FastifyPluginAsyncZod => async (app) => {
  const { db } = ctx;

  app.get('/api/products', { config, schema: { tags, querystring: pageQuerySchema, response: { 200: productPageSchema } } },
    (req) => products.listProducts(db, req.account.id, req.query));

  app.post('/api/products', { config, schema: { tags, body: productInputSchema, response: { 201: userProductSchema } } },
    async (req, reply) => reply.code(201).send(await products.createProduct(db, req.account.id, req.body)));

  app.put('/api/products/:id', { config, schema: { tags, params: productIdParamsSchema, body: productInputSchema, response: { 200: userProductSchema } } },
    (req) => products.updateProduct(db, req.account.id, req.params.id, req.body));

  app.delete('/api/products/:id', { config, schema: { tags, params: productIdParamsSchema, response: { 200: messageResponseSchema } } },
    (req) => products.deleteProduct(db, req.account.id, req.params.id));
};
