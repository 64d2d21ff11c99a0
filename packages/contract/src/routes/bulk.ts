import {
  bulkEntityParamsSchema, bulkFormatQuerySchema, cfdiExportParamsSchema, bulkImportQuerySchema, bulkImportResultSchema, invoiceBatchParamsSchema, invoiceBatchSchema,
  invoiceSheetPreviewSchema, invoiceSheetQuerySchema,
} from '../bulk';
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

/** Issue 29 §2: invoices from a spreadsheet (plan product 4, like stamping). */
const invoicing = { product: 4, bodyRfcIsThirdParty: true } as const;

export const invoiceSheetRoutes = {
  'invoiceSheet.template': route({
    method: 'GET', path: '/api/facturas-lote/plantilla', query: bulkFormatQuerySchema, produces: XLSX_OR_CSV, access: invoicing,
    summary: 'Plantilla de facturas desde hoja de cálculo: una fila por concepto, agrupadas por la columna Factura',
  }),
  'invoiceSheet.upload': route({
    method: 'POST', path: '/api/facturas-lote', query: invoiceSheetQuerySchema, consumes: 'multipart', response: invoiceSheetPreviewSchema, access: invoicing,
    summary: 'Vista previa de las facturas con sus totales; con ?confirmar=1 las timbra en segundo plano',
  }),
  'bulk.exportCfdi': route({
    method: 'GET', path: '/api/exportar/cfdi/:tipo/:month/:year', params: cfdiExportParamsSchema, query: bulkFormatQuerySchema, produces: XLSX_OR_CSV,
    access: { product: 2 },
    summary: 'Ingresos o gastos del mes con sus conceptos (una fila por concepto), en XLSX o CSV',
  }),
  'invoiceSheet.status': route({
    method: 'GET', path: '/api/facturas-lote/:id', params: invoiceBatchParamsSchema, response: invoiceBatchSchema, access: invoicing,
    summary: 'Resultado por factura del lote (UUID o el motivo en español)',
  }),
};
