export { SealError, sealCfdi, sealDocument, sealRetenciones } from './seal';
export type { SealErrorCode, SealOptions } from './seal';
export { DocumentTypeError, documentLayout } from './document';
export type { SignedDocumentKind, SignedDocumentLayout } from './document';
export { fechaInstantRange } from './fecha';
export type { InstantRange } from './fecha';
