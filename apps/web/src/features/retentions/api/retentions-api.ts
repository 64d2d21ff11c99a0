import { queryOptions } from '@tanstack/react-query';
import { routes, type RetentionBodyIn } from '@facturo/contract';
import { call } from '../../../shared/api/call';
import type { Period } from '../../../shared/period/period-store';
import '../texts';

/** `GET /api/getRetencionesEmitidas|Recibidas/{month}/{year}` (spec §7.12): the month's constancias. */
export const retentionsQuery = (rfc: string, p: Period, direction: 'issued' | 'received', q: { page: number; perPage: number }) =>
  queryOptions({
    queryKey: ['retentions', rfc, direction, p, q],
    queryFn: ({ signal }) => call(routes[direction === 'issued' ? 'retentions.issued' : 'retentions.received'], { params: p, query: q, signal }),
    placeholderData: (prev) => prev,
  });

/** `GET /api/getEstadisticasRetencionesRecibidas/{month}/{year}`: ISR, IVA, total retenido and operación. */
export const receivedStatsQuery = (rfc: string, p: Period) =>
  queryOptions({
    queryKey: ['retentions', rfc, 'stats', p],
    queryFn: ({ signal }) => call(routes['retentions.receivedStats'], { params: p, signal }),
    placeholderData: (prev) => prev,
  });

export const retentionCatalogsQuery = () =>
  queryOptions({ queryKey: ['retentions', 'catalogs'], queryFn: ({ signal }) => call(routes['retentions.catalogs'], { signal }), staleTime: Infinity });

export const issueRetention = (body: RetentionBodyIn) => call(routes['retentions.issue'], { body });
export const cancelRetention = (uuid: string, motivo: '01' | '02' | '03' | '04', uuidSustitucion?: string) =>
  call(routes['retentions.cancel'], { body: { uuid, motivo, ...(uuidSustitucion ? { uuidSustitucion } : {}) } });
export const retentionFile = (uuid: string, kind: 'xml' | 'pdf'): Promise<Blob> => call(routes[kind === 'xml' ? 'retentions.xml' : 'retentions.pdf'], { params: { uuid } });
