import pdfmake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { qrDataUrl } from '../qr';
import type { XmlElement } from '../xml';
import { nomina, pagos } from './layout/complement-sections';
import { conceptosTable } from './layout/conceptos-table';
import { conceptoDetails, header, receptorAndGeneral, timbre, totals } from './layout/sections';
import { drawPageFooters, type FooterSpec } from './layout/page-footer';
import { THEMES } from './layout/theme';
import { speedUpPdfkitKerning } from './layout/pdfkit-kerning';
import { winAnsiContent } from './layout/win-ansi';
import { readComprobanteView } from './view/comprobante-view';
import { readNominaView, readPagosView } from './view/complement-views';
import { complementoOf, readTimbreView } from './view/timbre-view';

// Written on every page after pdfmake renders (page-footer.ts), in the page's bottom margin.
const FOOTER: FooterSpec = {
  left: 'Este documento es una representación impresa de un CFDI.',
  right: (page, pages) => `Página ${page} de ${pages}`,
  fontSize: 6.5,
  side: 36,
  bottomMargin: 48,
  marginTop: 16,
};

export type PdfTemplate = 'clasico' | 'moderno';

export interface RenderPdfOptions {
  template?: PdfTemplate;
  /** Issuer logo: PNG/JPEG bytes or a data URL. */
  logo?: Uint8Array | string;
  /**
   * Force the "SIN VALIDEZ FISCAL" watermark. It is always added when the TFD comes from the
   * sandbox PAC or the document is not stamped.
   */
  sandbox?: boolean;
  /** A preview of a document not yet sealed: watermark and legend read "VISTA PREVIA — SIN VALIDEZ FISCAL". */
  preview?: boolean;
  /** PDF stream compression; default true. Tests turn it off to read the text. */
  compress?: boolean;
}

// The 14 standard PDF fonts need no file: WinAnsi covers Spanish (á é í ó ú ñ ü ¿ ¡).
const FONTS = {
  Helvetica: { normal: 'Helvetica', bold: 'Helvetica-Bold', italics: 'Helvetica-Oblique', bolditalics: 'Helvetica-BoldOblique' },
  Courier: { normal: 'Courier', bold: 'Courier-Bold', italics: 'Courier-Oblique', bolditalics: 'Courier-BoldOblique' },
};
const STANDARD_FONT_NAMES = new Set([...Object.values(FONTS.Helvetica), ...Object.values(FONTS.Courier)]);
let configured = false;

/** pdfmake set up once: the standard fonts, no URL or file access but the fonts (also used by text-pdf.ts). */
export function configure(): void {
  if (configured) return;
  pdfmake.setFonts(FONTS);
  // Never fetch URLs or read files named by a document: images arrive as data URLs only.
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => STANDARD_FONT_NAMES.has(path));
  speedUpPdfkitKerning();
  configured = true;
}

function logoDataUrl(logo: Uint8Array | string | undefined): string | undefined {
  if (logo === undefined) return undefined;
  if (typeof logo === 'string') return logo.startsWith('data:image/') ? logo : undefined;
  const isPng = logo[0] === 0x89 && logo[1] === 0x50;
  return `data:image/${isPng ? 'png' : 'jpeg'};base64,${Buffer.from(logo).toString('base64')}`;
}

/**
 * The printed representation of a CFDI (4.0, also 3.3) as PDF bytes: every Anexo 20 field,
 * Pagos 2.0 and Nómina 1.2 summaries, the TFD with its cadena and the SAT QR. Documents stamped by
 * the sandbox PAC (or not stamped at all) carry a "SIN VALIDEZ FISCAL" watermark and legend.
 */
export async function renderPdf(root: XmlElement, opts: RenderPdfOptions = {}): Promise<Uint8Array> {
  configure();
  const theme = THEMES[opts.template ?? 'clasico'];
  const view = readComprobanteView(root);
  const tfd = readTimbreView(root);
  const complemento = complementoOf(root);
  const pagosView = readPagosView(complemento);
  const nominaView = readNominaView(complemento);
  const noValidity = opts.sandbox === true || !tfd || tfd.sandbox;
  const qr = tfd?.qrUrl ? await qrDataUrl(tfd.qrUrl, 240) : undefined;

  const legend: Content[] = noValidity
    ? [
        {
          text: opts.preview
            ? 'VISTA PREVIA — SIN VALIDEZ FISCAL: el comprobante aún no está sellado ni timbrado.'
            : tfd
              ? 'SIN VALIDEZ FISCAL: timbrado por el PAC de pruebas (sandbox) de la aplicación.'
              : 'SIN VALIDEZ FISCAL: comprobante sin timbrar.',
          bold: true,
          color: '#b91c1c',
          alignment: 'center',
          margin: [0, 4, 0, 0],
        },
      ]
    : [];

  const table = conceptosTable(view, theme, conceptoDetails);
  const content: Content[] = [
    header(view, tfd, theme, logoDataUrl(opts.logo)),
    ...legend,
    ...receptorAndGeneral(view, theme),
    ...table.content,
    totals(view, theme),
    ...(pagosView ? pagos(pagosView, theme) : []),
    ...(nominaView ? nomina(nominaView, theme) : []),
    ...timbre(view, tfd, qr, theme),
  ];

  const doc: TDocumentDefinitions = {
    pageSize: 'LETTER',
    pageMargins: [36, 36, 36, FOOTER.bottomMargin],
    info: {
      title: `CFDI ${[view.serie, view.folio].filter(Boolean).join('-')} ${tfd?.uuid ?? ''}`.trim(),
      author: view.emisor.nombre,
      subject: 'Representación impresa de un CFDI',
    },
    defaultStyle: { font: 'Helvetica', fontSize: theme.baseFontSize, lineHeight: 1.1 },
    content: winAnsiContent(content),
    ...(noValidity ? { watermark: { text: opts.preview ? 'VISTA PREVIA — SIN VALIDEZ FISCAL' : 'SIN VALIDEZ FISCAL', color: '#b91c1c', opacity: 0.12, bold: true } } : {}),
    // Used only to learn where each concepto row landed (conceptos-table.ts); never asks for a break.
    pageBreakBefore: (node) => table.notePosition(node as Parameters<typeof table.notePosition>[0]),
    compress: opts.compress ?? true,
  };
  // Pages stay buffered so the conceptos' texts and the footers can be written on them after pdfmake renders.
  const pdf = await pdfmake.createPdf(doc, { bufferPages: true } as never).getStream();
  table.draw(pdf);
  drawPageFooters(pdf, FOOTER);
  const buffer = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.end();
  });
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
