import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { backgroundProcessListSchema, backgroundProcessSchema } from '@facturo/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { findProcess, listProcesses, toProcess } from './background.repository';

const tags = ['background'];

export const backgroundRoutes = (db: Db): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/background/process', { schema: { tags, response: { 200: backgroundProcessListSchema } } },
    async (req) => ({ data: (await listProcesses(db, req.account.id)).map(toProcess) }));

  app.get('/api/background/process/:id', {
    schema: { tags, params: z.object({ id: z.uuid('Identificador inválido') }), response: { 200: backgroundProcessSchema } },
  }, async (req) => {
    const row = await findProcess(db, req.account.id, req.params.id);
    if (!row) throw notFound('No encontramos ese proceso');
    return toProcess(row);
  });
};
