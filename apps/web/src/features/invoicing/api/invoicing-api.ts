import { queryOptions } from '@tanstack/react-query';
import { routes, type InvoiceBody } from '@facturo/contract';
import { call } from '../../../shared/api/call';

/** Query keys start with the area and the tenant's RFC (STYLE "Data fetching"). */
export const invoicingKeys = {
  all: (rfc: string) => ['invoicing', rfc] as const,
};

/** Catalogs barely change during a session. */
const forever = { staleTime: Infinity, gcTime: Infinity } as const;

/** `GET /api/invoicing/catalogs`: formas/métodos de pago, monedas, usos, objetos de impuesto, relaciones, series. */
export const invoicingCatalogsQuery = (rfc: string) =>
  queryOptions({ queryKey: ['invoicing', rfc, 'catalogs'], queryFn: ({ signal }) => call(routes['invoicing.catalogs'], { signal }), staleTime: 60_000 });

/** `POST /api/invoicing/customers` (customers catalogue, searched). */
export const customersCatalogQuery = (rfc: string, search: string) =>
  queryOptions({
    queryKey: ['invoicing', rfc, 'customers', search],
    queryFn: ({ signal }) => call(routes['invoicing.customers'], { body: { search: search || undefined, limit: 50 }, signal }).then((r) => r.data),
    placeholderData: (prev) => prev,
  });

/** `GET /api/invoicing/products` (the tenant's products, searched). */
export const productsCatalogQuery = (rfc: string, search: string) =>
  queryOptions({
    queryKey: ['invoicing', rfc, 'products', search],
    queryFn: ({ signal }) => call(routes['invoicing.products'], { query: { search: search || undefined, limit: 50 }, signal }).then((r) => r.data),
    placeholderData: (prev) => prev,
  });

/** `GET /api/invoicing/next-folio?serie=`: the folio the next stamp in that serie takes. */
export const nextFolioQuery = (rfc: string, serie: string) =>
  queryOptions({
    queryKey: ['invoicing', rfc, 'next-folio', serie],
    queryFn: ({ signal }) => call(routes['invoicing.nextFolio'], { query: { serie }, signal }),
  });

/** `GET /api/timbres`: the stamp balance shown on the invoicing screen. */
export const stampsQuery = (rfc: string) =>
  queryOptions({ queryKey: ['invoicing', rfc, 'stamps'], queryFn: ({ signal }) => call(routes['invoicing.stamps'], { signal }) });

/** `GET /api/invoicing/exchange-rate?moneda=` (Banxico FIX, or the manual value offline). */
export const exchangeRateQuery = (rfc: string, moneda: string) =>
  queryOptions({
    queryKey: ['invoicing', rfc, 'exchange-rate', moneda],
    queryFn: ({ signal }) => call(routes['invoicing.exchangeRate'], { query: { moneda }, signal, passThrough: true }),
    enabled: moneda !== 'MXN' && moneda !== 'XXX',
    retry: false,
    ...forever,
  });

/** `GET /api/pdf-templates` and `GET /api/user-template`. */
export const pdfTemplatesQuery = (rfc: string) =>
  queryOptions({ queryKey: ['invoicing', rfc, 'pdf-templates'], queryFn: ({ signal }) => call(routes['invoicing.pdfTemplates'], { signal }).then((r) => r.data), ...forever });
export const userTemplateQuery = (rfc: string) =>
  queryOptions({ queryKey: ['invoicing', rfc, 'user-template'], queryFn: ({ signal }) => call(routes['invoicing.userTemplate'], { signal }) });
export const saveUserTemplate = (pdfTemplateId: string) => call(routes['invoicing.setUserTemplate'], { body: { pdfTemplateId } });

// The form places field errors itself (§8 pass-through), so the default toast is skipped.
/** `POST /api/preview40` or `/api/preview` (3.3): the PDF of the unsigned document. */
export const previewInvoice = (version: '4.0' | '3.3', body: InvoiceBody) =>
  call(routes[version === '4.0' ? 'invoicing.preview40' : 'invoicing.preview33'], { body, passThrough: true });

/** `POST /api/invoice40` or `/api/invoice` (3.3): seal and stamp. */
export const stampInvoice = (version: '4.0' | '3.3', body: InvoiceBody) =>
  call(routes[version === '4.0' ? 'invoicing.stamp40' : 'invoicing.stamp33'], { body, passThrough: true });

/**
 * `GET /api/invoicing/substitution/{rfc}/{month}/{year}?sustituye=`: the account's (`rfc` is the signed-in account's)
 * CFDI that substitute `uuid` — vigente and related to it with TipoRelacion 04 — the valid choices of a motivo 01.
 */
export const substitutionQuery = (rfc: string, uuid: string, month: number, year: number) =>
  queryOptions({
    queryKey: ['invoicing', rfc, 'substitution', uuid, month, year],
    queryFn: ({ signal }) => call(routes['invoicing.substitution'], { params: { rfc, month, year }, query: { sustituye: uuid }, signal }).then((r) => r.data),
  });
