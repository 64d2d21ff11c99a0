import { queryOptions } from '@tanstack/react-query';
import { routes } from '@facturo/contract';
import { call } from '../../../shared/api/call';

/** `POST /api/cfdi/import` (multipart, any mix of .xml and .zip): answers 202 {id} of the background import. */
export function startImport(files: File[]): Promise<{ id: string }> {
  const form = new FormData();
  for (const f of files) form.append('files', f, f.name);
  return call(routes['cfdiImport.start'], { body: form });
}

/**
 * `GET /api/cfdi/import/{id}`: counts and rejections. Polled every second while it runs: the live bar shows
 * the progress from the socket, this gives the final result even if a socket message was missed.
 */
export const importStateQuery = (rfc: string, id: string) =>
  queryOptions({
    queryKey: ['cfdi-import', rfc, id],
    queryFn: ({ signal }) => call(routes['cfdiImport.status'], { params: { id }, signal }),
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'done' || q.state.data.status === 'failed') ? false : 1000),
  });
