// Called by the guard on every navigation (entry chunk): the session area's entries, not the whole table.
import { sessionRoutes } from '@facturo/contract/routes/session';
import { queryOptions } from '@tanstack/react-query';
import { type BackgroundProcess } from '@facturo/contract';
import { call } from '../../../shared/api/call';

/** The tenant's processes (§7.1; the answer's `data`). */
export async function getBackgroundProcesses(signal?: AbortSignal): Promise<BackgroundProcess[]> {
  return (await call(sessionRoutes['background.list'], { signal })).data;
}

/** Query options for the background-process check; keys start with area and RFC. */
export const backgroundProcessesQuery = (rfc: string) =>
  queryOptions({
    queryKey: ['background', rfc, 'processes'],
    queryFn: ({ signal }) => getBackgroundProcesses(signal),
    staleTime: 5_000,
  });
