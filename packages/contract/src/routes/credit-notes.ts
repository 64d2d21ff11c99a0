import { creditNoteListParamsSchema, creditNoteListQuerySchema, creditNoteStatsSchema } from '../credit-notes';
import { invoicePageSchema, periodParamsSchema } from '../incomes';
import { route } from '../route';

/** Plan product 7 "Notas de crédito" (spec §6, seed 0001). */
const access = { product: 7 } as const;

/** Spec §7.7 credit notes (issuing one is POST /api/invoice40 with tipo E and relation 01). */
export const creditNotesRoutes = {
  'creditNotes.stats': route({
    method: 'GET', path: '/api/ncreditoMes/:month/:year', params: periodParamsSchema, response: creditNoteStatsSchema, access,
    summary: 'Tarjetas del mes: emitidas (ingresos, pagados, …) y recibidas (ingresosR, pagadosR, …)',
  }),
  'creditNotes.list': route({
    method: 'GET', path: '/api/getNotasCredito/:month/:year/:type', params: creditNoteListParamsSchema, query: creditNoteListQuerySchema,
    response: invoicePageSchema, access, summary: 'Notas de crédito del mes: 1 emitidas, 2 recibidas; status = tarjeta 1-6',
  }),
};
