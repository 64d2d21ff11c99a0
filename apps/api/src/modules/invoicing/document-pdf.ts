import type { XmlElement } from '@facturo/cfdi';
import { renderPdf, type PdfTemplate } from '@facturo/cfdi/pdf';

/** The PDF bytes of a document with a template and optional logo (previews pass an unsigned root). */
export function renderDocumentPdf(root: XmlElement, template: PdfTemplate, logo?: Uint8Array | string, preview = false): Promise<Uint8Array> {
  return renderPdf(root, { template, logo, preview });
}
