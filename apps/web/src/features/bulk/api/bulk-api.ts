import { routes, type BulkEntity, type BulkFormat, type BulkImportResult } from '@facturo/contract';
import { call, routeUrl } from '../../../shared/api/call';
import { downloadAuthedFile } from '../../../shared/api/authed-file';

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
