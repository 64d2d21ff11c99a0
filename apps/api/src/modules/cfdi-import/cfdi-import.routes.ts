import type { FastifyPluginAsync } from 'fastify';
import type { JobContext } from '../../jobs/context';
import { serve } from '../../http/serve';
import { importState, startImport } from './import.service';

/** Issue 13 §1: CFDI import (entries in the contract's routes/cfdi-import.ts). */
export const cfdiImportRoutes = (ctx: JobContext): FastifyPluginAsync => async (app) => {
  serve(app, 'cfdiImport.start', (req) => startImport(ctx, req.account, req));
  serve(app, 'cfdiImport.status', (req) => importState(ctx, req.account, req.params.id));
};
