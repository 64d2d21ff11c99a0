import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { RestartingQueryClient } from './query-client';

/** A list whose server answers each read when told to, with what it holds at the time the read started. */
function slowList() {
  let stored = ['antes'];
  const pending: (() => void)[] = [];
  let reads = 0;
  const queryFn = ({ signal }: { signal: AbortSignal }) => {
    reads += 1;
    const snapshot = [...stored];
    return new Promise<string[]>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new DOMException('cancelada', 'AbortError')));
      pending.push(() => resolve(snapshot));
    });
  };
  return { queryFn, save: (v: string) => { stored = [...stored, v]; }, answerAll: () => pending.splice(0).forEach((f) => f()), reads: () => reads };
}

async function firstReadThenSave(client: QueryClient) {
  const list = slowList();
  const observer = new QueryObserver(client, { queryKey: ['clientes'], queryFn: list.queryFn, retry: false });
  const stop = observer.subscribe(() => undefined);
  list.save('nuevo'); // a save lands while the list's first read is on its way
  let settled = false;
  const invalidated = client.invalidateQueries({ queryKey: ['clientes'] }).then(() => { settled = true; });
  // The server answers every read it has, until the invalidation's refetch is done.
  while (!settled) {
    await new Promise((r) => setTimeout(r, 0));
    list.answerAll();
  }
  await invalidated;
  stop();
  return { data: client.getQueryData<string[]>(['clientes']), reads: list.reads() };
}

describe('RestartingQueryClient', () => {
  it('an invalidation during a first read starts a new read, so the list shows what was saved', async () => {
    const { data, reads } = await firstReadThenSave(new RestartingQueryClient());
    expect(data).toEqual(['antes', 'nuevo']);
    expect(reads).toBe(2);
  });
  it('(TanStack Query alone joins the first read and keeps the older answer)', async () => {
    const { data, reads } = await firstReadThenSave(new QueryClient());
    expect(data).toEqual(['antes']);
    expect(reads).toBe(1);
  });
});
