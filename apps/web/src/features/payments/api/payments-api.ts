import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { routes } from '@facturo/contract';
import { call } from '../../../shared/api/call';

/** Query keys start with the area and the RFC (a charge event invalidates ['payments', rfc]). */
export const customerQuery = (rfc: string) =>
  queryOptions({ queryKey: ['payments', rfc, 'customer'], queryFn: ({ signal }) => call(routes['payments.customer'], { signal }) });
export const cardsQuery = (rfc: string) =>
  queryOptions({ queryKey: ['payments', rfc, 'cards'], queryFn: ({ signal }) => call(routes['payments.cards'], { signal }) });
export const paymentsQuery = (rfc: string) =>
  queryOptions({ queryKey: ['payments', rfc, 'history'], queryFn: ({ signal }) => call(routes['payments.list'], { signal }) });

/** After a payment change: customer, cards, history and plan access are stale. */
export async function refreshPaymentState(client: QueryClient, rfc: string): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: ['payments', rfc] }),
    client.invalidateQueries({ queryKey: ['plans', rfc] }),
  ]);
}

/** `GET /api/timbres`: balance and packages with prices (the key the invoicing screens use, so both refresh together). */
export const stampsBalanceQuery = (rfc: string) =>
  queryOptions({ queryKey: ['invoicing', rfc, 'stamps'], queryFn: ({ signal }) => call(routes['invoicing.stamps'], { signal }) });
