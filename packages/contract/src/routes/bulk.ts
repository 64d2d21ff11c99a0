import { bulkEntityParamsSchema, bulkFormatQuerySchema, bulkImportQuerySchema, bulkImportResultSchema } from '../bulk';
import { route } from '../route';

/**
 * Issue 29 §1: spreadsheet import and export. The entity's own plan product (clientes 6, productos 5, empleados 10)
 * is checked by the service against the path's entity, since one entry serves the three.
 */
const access = { bodyRfcIsThirdParty: true } as const;
const XLSX_OR_CSV = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const bulkRoutes = {
  'bulk.template': route({
    method: 'GET', path: '/api/importar/:entidad/plantilla', params: bulkEntityParamsSchema, query: bulkFormatQuerySchema,
    produces: XLSX_OR_CSV, access,
    summary: 'Plantilla (XLSX o CSV) con las columnas exactas de la importación y una fila de ejemplo',
  }),
  'bulk.import': route({
    method: 'POST', path: '/api/importar/:entidad', params: bulkEntityParamsSchema, query: bulkImportQuerySchema, consumes: 'multipart',
    response: bulkImportResultSchema, access,
    summary: 'Vista previa de un archivo (errores por fila y columna); con ?confirmar=1 importa las filas válidas',
  }),
  'bulk.export': route({
    method: 'GET', path: '/api/exportar/:entidad', params: bulkEntityParamsSchema, query: bulkFormatQuerySchema,
    produces: XLSX_OR_CSV, access,
    summary: 'Exporta la lista completa (XLSX o CSV) con las mismas columnas que la importación',
  }),
};
