import { queryOptions } from '@tanstack/react-query';
import { routes } from '@facturo/contract';
import { call } from '../../../shared/api/call';

/**
 * The stamped documents of an invoice and what can be done with them (issue 9 items 4, 6, 7): the XML and
 * PDF, the customer's e-mail, sending, cancelling. Shared by the invoicing success screen and the incomes list.
 */

/** `GET /api/incomes/{uuid}/xml`: the stamped document byte for byte. */
export const fetchXml = (uuid: string) => call(routes['invoicing.xml'], { params: { uuid } });
/** `GET /api/incomes/{uuid}/pdf`: the PDF with the account's template. */
export const fetchPdf = (uuid: string) => call(routes['invoicing.pdf'], { params: { uuid } });

/** Issued documents (incomes) or received ones (outcomes): the two lists have the same e-mail calls. */
export type DocumentSource = 'incomes' | 'outcomes';

/**
 * `GET /api/incomes/client-email?pIdPago=`: the customer's addresses to send to; for a received document
 * (`/api/outcomes/client-email`) the supplier's addresses from the customers catalog.
 */
export const clientEmailQuery = (rfc: string, uuid: string, source: DocumentSource = 'incomes') =>
  queryOptions({
    queryKey: [source, rfc, 'client-email', uuid],
    queryFn: ({ signal }) => call(routes[source === 'incomes' ? 'invoicing.clientEmail' : 'outcomes.clientEmail'], { query: { pIdPago: uuid }, signal }),
  });

/**
 * `POST /api/incomes/send-email` (or `/api/outcomes/send-email`, which forwards the received XML byte for byte,
 * e.g. to the accountant): XML and PDF attached; answers {msj, rspns} for the §8 alert.
 */
export const sendInvoiceEmail = (uuid: string, email: string, source: DocumentSource = 'incomes') =>
  call(routes[source === 'incomes' ? 'invoicing.sendEmail' : 'outcomes.sendEmail'], { body: { pEmail: email, pXml: true, pPdf: true, pIdPago: uuid }, passThrough: true });

/** `GET /api/incomes/cancel-options`: SAT motivos 01-04 with their Spanish text. */
export const cancelOptionsQuery = () =>
  queryOptions({ queryKey: ['incomes', 'cancel-options'], queryFn: ({ signal }) => call(routes['invoicing.cancelOptions'], { signal }).then((r) => r.data), staleTime: Infinity });

/** `POST /api/incomes/cancel`. */
export const cancelInvoice = (uuid: string, option: '01' | '02' | '03' | '04', uuidSustitucion?: string) =>
  call(routes['invoicing.cancel'], { body: { pIdPago: uuid, type: 'ingreso', option, ...(uuidSustitucion ? { uuidSustitucion } : {}) }, passThrough: true });

/** `GET /api/cfdi/{uuid}/acuse-cancelacion`: the PAC's acuse (XML) of a cancelled document; 404 before. */
export const fetchCancelAcuse = (uuid: string) => call(routes['invoicing.cancelAcuse'], { params: { uuid } });

/** Saves a Blob under a file name (a link with `download`; the Blob came with the Bearer token). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The browser has read the URL once the click is handled; free the blob a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
