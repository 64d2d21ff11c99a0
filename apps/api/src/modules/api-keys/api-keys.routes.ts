import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client';
import { serve } from '../../http/serve';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

/** Issue 29 §4: the owner's API keys (entries in the contract's routes/api-keys.ts). */
export const apiKeysRoutes = (db: Db): FastifyPluginAsync => async (app) => {
  serve(app, 'apiKeys.list', (req) => listApiKeys(db, req.account.id));
  serve(app, 'apiKeys.create', (req) => createApiKey(db, req.account.id, req.body));
  serve(app, 'apiKeys.revoke', (req) => revokeApiKey(db, req.account.id, req.params.id));
};
