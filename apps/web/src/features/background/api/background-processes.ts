import { queryOptions } from '@tanstack/react-query';
import type { BackgroundProcess } from '@facturo/contract';
import { apiGet } from '../../../shared/api/api-client';

/** `GET /api/background/process`: body.data is the list of processes (§7.1). */
export async function getBackgroundProcesses(signal?: AbortSignal): Promise<BackgroundProcess[]> {
  const res = await apiGet<{ data: BackgroundProcess[] }>('/api/background/process', { signal });
  return res.data;
}

/** Query options for the background-process check; keys start with area and RFC. */
export const backgroundProcessesQuery = (rfc: string) =>
  queryOptions({
    queryKey: ['background', rfc, 'processes'],
    queryFn: ({ signal }) => getBackgroundProcesses(signal),
    staleTime: 5_000,
  });
