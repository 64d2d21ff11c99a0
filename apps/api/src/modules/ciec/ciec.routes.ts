import type { FastifyPluginAsync } from 'fastify';
import type { JobContext } from '../../jobs/context';
import { serve } from '../../http/serve';
import { startCiecValidation } from './ciec.service';

/** `POST /api/ciec/process` → 202: the CIEC validation runs as a background job. */
export const ciecRoutes = (ctx: JobContext): FastifyPluginAsync => async (app) => {
  serve(app, 'ciec.validate', (req) => startCiecValidation(ctx, req.account, req.body.ciec));
};
