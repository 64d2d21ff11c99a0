import { queryOptions } from '@tanstack/react-query';
import { routes, type BackgroundProcess } from '@facturo/contract';
import { call } from '../../../shared/api/call';

/** The tenant's processes (§7.1; the answer's `data`). */
export async function getBackgroundProcesses(signal?: AbortSignal): Promise<BackgroundProcess[]> {
  return (await call(routes['background.list'], { signal })).data;
}

/** Query options for the background-process check; keys start with area and RFC. */
export const backgroundProcessesQuery = (rfc: string) =>
  queryOptions({
    queryKey: ['background', rfc, 'processes'],
    queryFn: ({ signal }) => getBackgroundProcesses(signal),
    staleTime: 5_000,
  });

/** 202 `{id}`: starts the CIEC validation job. */
export function startCiecValidation(ciec: string): Promise<{ id: string; message?: string }> {
  return call(routes['ciec.validate'], { body: { ciec } });
}
