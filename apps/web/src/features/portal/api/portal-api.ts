import { queryOptions } from '@tanstack/react-query';
import { routes, type PortalFacturar, type PortalSettingsBody, type PortalTicketCreate } from '@facturo/contract';
import { call, routeUrl } from '../../../shared/api/call';
import '../texts';

/** Query keys start with the area and the tenant's RFC. */
export const portalKeys = { all: (rfc: string) => ['portal', rfc] as const, tickets: (rfc: string) => ['portal', rfc, 'tickets'] as const };

export const portalSettingsQuery = (rfc: string) =>
  queryOptions({ queryKey: portalKeys.all(rfc), queryFn: ({ signal }) => call(routes['portal.settings'], { signal }) });
export const portalTicketsQuery = (rfc: string) =>
  queryOptions({ queryKey: portalKeys.tickets(rfc), queryFn: ({ signal }) => call(routes['portal.tickets'], { signal }) });

/** The account's logo on its public page (an <img> source, no session). */
export const portalLogoUrl = (slug: string) => routeUrl(routes['portal.logo'], { slug });

export const savePortal = (body: PortalSettingsBody) => call(routes['portal.update'], { body });
export const createTicket = (body: PortalTicketCreate) => call(routes['portal.ticketCreate'], { body });
export const deleteTicket = (id: number) => call(routes['portal.ticketDelete'], { params: { id } });
export const globalInvoice = (anio: number, mes: number) => call(routes['portal.global'], { body: { anio, mes } });
export const importTickets = (file: File, confirmar: boolean) => {
  const form = new FormData();
  form.append('file', file);
  return call(routes['portal.ticketImport'], { body: form, query: confirmar ? { confirmar: '1' } : {} });
};

// The public page (no login): the session token, if any, is never sent.
export const portalInfo = (slug: string) => call(routes['portal.public'], { params: { slug }, token: '' });
export const findTicket = (slug: string, folio: string, total: string) => call(routes['portal.ticket'], { params: { slug }, body: { folio, total }, token: '' });
export const receptorPrefill = (slug: string, folio: string, total: string, rfc: string) =>
  call(routes['portal.receptor'], { params: { slug }, body: { folio, total, rfc }, token: '' });
export const facturarTicket = (slug: string, body: PortalFacturar) => call(routes['portal.facturar'], { params: { slug }, body, token: '' });
/** The customer's Constancia de Situación Fiscal read by the API (with the ticket's proof); nothing is stored. */
export const readConstancia = (slug: string, folio: string, total: string, file: File) => {
  const form = new FormData();
  form.append('folio', folio);
  form.append('total', total);
  form.append('file', file);
  return call(routes['portal.constancia'], { params: { slug }, body: form, token: '' });
};
