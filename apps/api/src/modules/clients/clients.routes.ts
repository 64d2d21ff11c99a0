import type { FastifyPluginAsync } from 'fastify';
import { municipios } from '@facturo/cfdi/catalogs';
import type { JobContext } from '../../jobs/context';
import { fieldError } from '../../http/errors';
import { serve } from '../../http/serve';
import { estadosMx, regimenes } from '../catalogs/catalogs.service';
import * as clients from './clients.service';
import { csfPrefill } from './csf.service';

/** Spec §7.9: customers of the tenant, their catalogs and the CSF prefill (entries in the contract's routes/clients.ts). */
export const clientsRoutes = (ctx: JobContext): FastifyPluginAsync => async (app) => {
  const { db } = ctx;

  serve(app, 'clients.list', (req) => clients.listClients(db, req.account.id, req.query));
  serve(app, 'clients.create', (req) => clients.createClient(db, req.account.id, req.body));
  serve(app, 'clients.states', () => ({ estados: estadosMx() }));
  serve(app, 'clients.municipalities', (req) => ({ municipios: municipios(req.params.stateId) }));
  serve(app, 'clients.taxRegimes', () => ({ regimen: regimenes() }));
  serve(app, 'clients.uploadCsf', async (req) => {
    const file = req.isMultipart() ? await req.file() : undefined;
    if (!file) throw fieldError('file', 'Adjunta el PDF de la Constancia de Situación Fiscal');
    const pdf = await file.toBuffer();
    // A stream cut at the plugin's fileSize limit is a 413 naming the file, not an unreadable PDF.
    if (file.file.truncated) throw new app.multipartErrors.RequestFileTooLargeError();
    return csfPrefill(pdf);
  });
  serve(app, 'clients.edit', (req) => clients.getClient(db, req.account.id, req.params.id));
  serve(app, 'clients.update', (req) => clients.updateClient(db, req.account.id, req.params.id, req.body));
  serve(app, 'clients.patchV4', (req) => clients.patchClientV4(db, req.account.id, req.params.id, req.body));
  serve(app, 'clients.delete', (req) => clients.deleteClient(db, req.account.id, req.params.id));
};
