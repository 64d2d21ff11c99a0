import type { FastifyPluginAsync } from 'fastify';
import type { JobContext } from '../../jobs/context';
import { serve } from '../../http/serve';
import { getSettings, updateSettings } from './sat-download-settings.service';
import { listDownloads, showDownload, startDownload } from './sat-downloads.service';

/** Issue 15 §1: SAT bulk download (entries in the contract's routes/sat-downloads.ts). */
export const satDownloadsRoutes = (ctx: JobContext): FastifyPluginAsync => async (app) => {
  serve(app, 'satDownloads.start', (req) => startDownload(ctx, req.account, req.body));
  serve(app, 'satDownloads.list', (req) => listDownloads(ctx, req.account));
  serve(app, 'satDownloads.settings', (req) => getSettings(ctx, req.account));
  serve(app, 'satDownloads.updateSettings', (req) => updateSettings(ctx, req.account, req.body));
  serve(app, 'satDownloads.show', (req) => showDownload(ctx, req.account, req.params.id));
};
