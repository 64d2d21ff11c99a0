import type { FastifyPluginAsync } from 'fastify';
import type { JobContext } from '../../jobs/context';
import { serve } from '../../http/serve';
import * as products from './products.service';

/** Spec §7.8: the tenant's products (entries in the contract's routes/products.ts; catalog searches in the catalogs module). */
export const productsRoutes = (ctx: JobContext): FastifyPluginAsync => async (app) => {
  const { db } = ctx;
  serve(app, 'products.list', (req) => products.listProducts(db, req.account.id, req.query));
  serve(app, 'products.create', (req) => products.createProduct(db, req.account.id, req.body));
  serve(app, 'products.update', (req) => products.updateProduct(db, req.account.id, req.params.id, req.body));
  serve(app, 'products.delete', (req) => products.deleteProduct(db, req.account.id, req.params.id));
};
