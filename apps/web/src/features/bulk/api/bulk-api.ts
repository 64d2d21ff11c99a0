import { queryOptions } from '@tanstack/react-query';
import { routes, type BulkEntity, type BulkFormat, type BulkImportResult } from '@facturo/contract';
import { call, routeUrl } from '../../../shared/api/call';
import { downloadAuthedFile } from '../../../shared/api/authed-file';
import '../texts';

/** `POST /api/importar/{entidad}` (multipart `file`): the preview, or with `confirmar` the import of the valid rows. */
export function uploadSheet(entidad: BulkEntity, file: File, confirmar: boolean): Promise<BulkImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return call(routes['bulk.import'], { params: { entidad }, query: confirmar ? { confirmar: '1' } : {}, body: form });
}

/** `GET /api/importar/{entidad}/plantilla`: the template, saved as a file. */
export const downloadTemplate = (entidad: BulkEntity, formato: BulkFormat) =>
  downloadAuthedFile(routeUrl(routes['bulk.template'], { entidad }, { formato }), `plantilla-${entidad}.${formato}`);

/** `GET /api/exportar/{entidad}`: the whole list, saved as a file. */
export const downloadExport = (entidad: BulkEntity, formato: BulkFormat) =>
  downloadAuthedFile(routeUrl(routes['bulk.export'], { entidad }, { formato }), `${entidad}-${new Date().toISOString().slice(0, 10)}.${formato}`);

/** `POST /api/facturas-lote`: the invoices of a sheet with their totals; `confirmar` stamps them in the background. */
export function uploadInvoiceSheet(file: File, confirmar: boolean, enviar: boolean) {
  const form = new FormData();
  form.append('file', file, file.name);
  return call(routes['invoiceSheet.upload'], { query: { ...(confirmar ? { confirmar: '1' } : {}), ...(enviar ? { enviar: '1' } : {}) }, body: form });
}

export const downloadInvoiceSheetTemplate = (formato: BulkFormat) =>
  downloadAuthedFile(routeUrl(routes['invoiceSheet.template'], undefined, { formato }), `plantilla-facturas.${formato}`);

/** `GET /api/facturas-lote/{id}`: the result of each invoice of the batch. */
export const invoiceBatchQuery = (rfc: string, id: string) =>
  queryOptions({
    queryKey: ['invoice-sheet', rfc, id],
    queryFn: ({ signal }) => call(routes['invoiceSheet.status'], { params: { id }, signal }),
    refetchInterval: (q) => (q.state.data?.terminado ? false : 1000),
  });
