export { renderPdf, type PdfTemplate, type RenderPdfOptions } from './render-pdf';
export { textPdf, type PdfLine } from './text-pdf';
export { tablaPdf, formatoMonto, type TablaReporte } from './table-pdf';
export { importeConLetra, integerToSpanishWords } from './amount-in-words';
export { readComprobanteView, type ComprobanteView, type ConceptoView, type TaxLine } from './view/comprobante-view';
export { readPagosView, readNominaView, type PagosView, type NominaView } from './view/complement-views';
export { readTimbreView, type TimbreView } from './view/timbre-view';
export { formatAmount, formatMoney } from './view/format';
export { renderRetencionesPdf, retencionesVerificationUrl } from './render-retenciones';
