import { queryOptions } from '@tanstack/react-query';
import { routes, type ApplyMultipleBody, type ApplyPayBody, type MothersQuery, type PaymentStamped } from '@facturo/contract';
import { call } from '../../../shared/api/call';
import '../texts';

/** Query keys start with the area and the tenant's RFC (STYLE "Data fetching"). */
export const paymentReceptionKeys = { all: (rfc: string) => ['payment-reception', rfc] as const };

/** 1: PPD invoices with an open balance; 2: fully paid ones (spec §7.7). */
export type MotherStatus = 1 | 2;

export type MothersPageQuery = Pick<MothersQuery, 'page' | 'perPage' | 'multiple_payments'> & { search: string };

/** `GET /api/getFacturasMadre/{status}`: the PPD invoices a payment can be applied to. */
export const mothersQuery = (rfc: string, status: MotherStatus, q: MothersPageQuery) =>
  queryOptions({
    queryKey: ['payment-reception', rfc, 'mothers', status, q],
    queryFn: ({ signal }) => call(routes['paymentReception.mothers'], {
      params: { status }, query: { page: q.page, perPage: q.perPage, search: q.search || undefined, multiple_payments: q.multiple_payments || undefined }, signal,
    }),
    placeholderData: (prev) => prev,
  });

/** `GET /api/getPagosFactura/{invoiceId}`: the payment complements already applied to one invoice. */
export const invoicePaymentsQuery = (rfc: string, invoiceId: string) =>
  queryOptions({
    queryKey: ['payment-reception', rfc, 'payments', invoiceId],
    queryFn: ({ signal }) => call(routes['paymentReception.payments'], { params: { invoiceId }, signal }),
  });

/** `GET /api/recepcionpagos`: the c_FormaPago and c_Moneda catalogues of the payment form. */
export const paymentCatalogsQuery = () =>
  queryOptions({ queryKey: ['payment-reception', 'catalogs'], queryFn: ({ signal }) => call(routes['paymentReception.catalogs'], { signal }), staleTime: Infinity });

/** `POST /api/recepcionpagos/applyPay` (form-encoded, spec §7.7): one payment to one invoice. */
export const applyPay = (body: ApplyPayBody): Promise<PaymentStamped> => call(routes['paymentReception.applyPay'], { body });

/** `POST /api/recepcionpagos/applyMultiplePayments`: one payment over several invoices of one customer. */
export const applyMultiplePayments = (body: ApplyMultipleBody): Promise<PaymentStamped> => call(routes['paymentReception.applyMultiple'], { body });
