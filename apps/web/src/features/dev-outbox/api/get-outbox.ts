import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { outboxMessageSchema } from '@facturo/contract';
import { apiGet } from '../../../shared/api/api-client';

export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** `GET /api/dev/outbox?to=EMAIL` (newest first; 404 when mail is not the outbox). */
export async function getOutbox(to: string, signal?: AbortSignal): Promise<OutboxMessage[]> {
  // passThrough: a 404 here means "no outbox", which the page explains itself.
  const res = await apiGet<{ data: OutboxMessage[] }>('/api/dev/outbox', { query: { to }, signal, passThrough: true });
  return res.data;
}

/** Outbox of one recipient. */
export const outboxQuery = (to: string) =>
  queryOptions({ queryKey: ['dev-outbox', to], queryFn: ({ signal }) => getOutbox(to, signal), staleTime: 0 });
