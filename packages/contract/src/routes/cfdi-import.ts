import { importIdParamsSchema, importStartedSchema, importStateSchema } from '../cfdi-import';
import { route } from '../route';

/** Any paid account imports its CFDI (no plan feature: it feeds incomes, outcomes and the dashboard). */
const access = {} as const;

/** Issue 13 §1: CFDI import (multipart .xml / .zip) as a background job, and its state. */
export const cfdiImportRoutes = {
  'cfdiImport.start': route({
    method: 'POST', path: '/api/cfdi/import', consumes: 'multipart', status: 202, response: importStartedSchema, access,
    summary: 'Importa CFDI (archivos .xml y .zip en cualquier mezcla) en segundo plano; responde el id de la importación',
  }),
  'cfdiImport.status': route({ method: 'GET', path: '/api/cfdi/import/:id', params: importIdParamsSchema, response: importStateSchema, access }),
};
