import { queryOptions } from '@tanstack/react-query';
import { routes } from '@facturo/contract';
import { call } from '../../../shared/api/call';

/** Query keys start with the area and the tenant's RFC (STYLE "Data fetching"). */
export const satKeys = {
  all: (rfc: string) => ['sat', rfc] as const,
  requests: (rfc: string) => ['sat', rfc, 'cancellation-requests'] as const,
};

/** `GET /api/cfdi/{uuid}/sat-status`: asks SAT now (never cached: the point is the current answer). */
export const cfdiSatStatus = (uuid: string) => call(routes['sat.cfdiStatus'], { params: { uuid } });

/** `GET /api/blacklist/{rfc}`: SAT's 69-B list entry of a counterparty. */
export const blacklistQuery = (rfc: string, other: string) =>
  queryOptions({
    queryKey: ['sat', rfc, 'blacklist', other.toUpperCase()],
    queryFn: ({ signal }) => call(routes['sat.blacklist'], { params: { rfcContribuyente: other }, signal }),
    staleTime: 10 * 60_000,
  });

/** `GET /api/cancelaciones/solicitudes`: requests waiting for the tenant's answer. */
export const cancellationRequestsQuery = (rfc: string) =>
  queryOptions({ queryKey: satKeys.requests(rfc), queryFn: ({ signal }) => call(routes['sat.cancellationRequests'], { signal }) });

export const answerCancellation = (uuid: string, respuesta: 'aceptar' | 'rechazar') =>
  call(routes['sat.answerCancellation'], { params: { uuid }, body: { respuesta } });

export const requestConstancia = (tipo: 'CSF' | 'CIF') => call(routes['sat.requestConstancia'], { body: { tipo } });
export const applyConstancia = (id: number) => call(routes['sat.applyConstancia'], { params: { id } });
