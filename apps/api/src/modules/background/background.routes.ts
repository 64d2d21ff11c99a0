import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { serve } from '../../http/serve';
import { findProcess, listProcesses, toProcess } from './background.repository';

/** Spec §7.1: the tenant's background jobs (entries in the contract's routes/session.ts). */
export const backgroundRoutes = (db: Db): FastifyPluginAsync => async (app) => {
  serve(app, 'background.list', async (req) => ({ data: (await listProcesses(db, req.account.id)).map(toProcess) }));

  serve(app, 'background.show', async (req) => {
    const row = await findProcess(db, req.account.id, req.params.id);
    if (!row) throw notFound('No encontramos ese proceso');
    return toProcess(row);
  });
};
