import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { routes, type outboxMessageSchema } from '@facturo/contract';
import { call } from '../../../shared/api/call';

export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** The local outbox of one address (newest first; 404 when mail is not the outbox). */
export async function getOutbox(to: string, signal?: AbortSignal): Promise<OutboxMessage[]> {
  // passThrough: a 404 here means "no outbox", which the page explains itself.
  return (await call(routes['dev.outbox'], { query: { to }, signal, passThrough: true })).data;
}

/** Outbox of one recipient. */
export const outboxQuery = (to: string) =>
  queryOptions({ queryKey: ['dev-outbox', to], queryFn: ({ signal }) => getOutbox(to, signal), staleTime: 0 });
