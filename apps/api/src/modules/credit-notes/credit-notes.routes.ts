import type { FastifyPluginAsync } from 'fastify';
import type { JobContext } from '../../jobs/context';
import { serve } from '../../http/serve';
import { creditNoteStats, listCreditNotes } from './credit-notes.service';

/** Spec §7.7 credit notes (entries in the contract's routes/credit-notes.ts). */
export const creditNotesRoutes = (ctx: JobContext): FastifyPluginAsync => async (app) => {
  const { db } = ctx;
  serve(app, 'creditNotes.stats', (req) => creditNoteStats(db, req.account.id, req.params));
  serve(app, 'creditNotes.list', (req) => listCreditNotes(db, req.account.id, req.params, req.params.type, req.query));
};
