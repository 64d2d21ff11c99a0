import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../http/serve';
import type { JobContext } from '../../jobs/context';
import { lookupBlacklist } from './blacklist.service';
import { answerCancellationRequest, listCancellationRequests } from './cancellation-inbox.service';
import { cfdiSatStatus } from './cfdi-status.service';
import { applyConstancia, startConstancia } from './constancia.service';
import { satProviders } from './sat-providers';

/** Issue 15 §2-§5: SAT status of a CFDI, the 69-B list, the cancellation-requests inbox and CSF / CIF. */
export const satRoutes = (ctx: JobContext): FastifyPluginAsync => async (app) => {
  const deps = () => satProviders(ctx);
  serve(app, 'sat.cfdiStatus', (req) => cfdiSatStatus(deps(), req.account.id, req.params.uuid));
  serve(app, 'sat.blacklist', (req) => lookupBlacklist(ctx.db, req.params.rfcContribuyente));
  serve(app, 'sat.cancellationRequests', (req) => listCancellationRequests(deps(), req.account));
  serve(app, 'sat.answerCancellation', (req) => answerCancellationRequest(deps(), req.account, req.params.uuid, req.body.respuesta));
  serve(app, 'sat.requestConstancia', (req) => startConstancia(ctx, req.account, req.body.tipo));
  serve(app, 'sat.applyConstancia', (req) => applyConstancia(ctx.db, req.account.id, req.params.id));
};
