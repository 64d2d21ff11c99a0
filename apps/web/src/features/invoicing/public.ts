/** What other features may use of this one (eslint facturo/no-cross-feature-imports); the rest is internal. */
export { cancelInvoice, cancelOptionsQuery, fetchXml } from './api/documents-api';
export { substitutionQuery } from './api/invoicing-api';
export { creditNoteDraftFromXml, draftFromXml, draftState } from './model/draft-from-xml';
export type { InvoiceDraftState } from './pages/invoice-add-page';
export { depositDraft } from './model/deposit-draft';
export { downloadCancelAcuse, downloadXml, viewPdf, viewXml } from './components/document-buttons';
export { SendEmailModal } from './components/send-email-modal';
export { saveBlob } from './api/documents-api';
