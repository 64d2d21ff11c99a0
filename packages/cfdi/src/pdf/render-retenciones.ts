import pdfmake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { readRetenciones } from '../model/retenciones20';
import { qrDataUrl } from '../qr';
import { isElement, type XmlElement } from '../xml';
import { winAnsiContent } from './layout/win-ansi';
// pdfmake's fonts are process-wide: one set-up shared with the CFDI PDF (a Helvetica-only set-up of its own
// here dropped Courier, and the next CFDI PDF in the same process failed on its cadena original).
import { configure } from './render-pdf';
import { formatMoney } from './view/format';
import { readTimbreView } from './view/timbre-view';

const IMPUESTOS: Record<string, string> = { '001': 'ISR', '002': 'IVA', '003': 'IEPS' };
const COMPLEMENTOS: Record<string, string> = {
  Dividendos: 'Dividendos',
  Intereses: 'Intereses',
  Pagosaextranjeros: 'Pagos a extranjeros',
  ServiciosPlataformasTecnologicas: 'Servicios mediante plataformas tecnológicas',
};

/**
 * SAT's verification URL of a Retenciones document: id (UUID), re / rr (RFCs; the receptor's NumRegIdTrib
 * as nr when foreign), tt (MontoTotOperacion, 25 characters with 6 decimals) and fe (last 8 of the Sello).
 */
export function retencionesVerificationUrl(v: { uuid: string; rfcE: string; rfcR?: string; nr?: string; total: string; sello: string }): string {
  const [int = '0', dec = ''] = v.total.split('.');
  const tt = `${int.padStart(18, '0')}.${dec.padEnd(6, '0').slice(0, 6)}`;
  const who = v.rfcR ? `rr=${encodeURIComponent(v.rfcR)}` : `nr=${encodeURIComponent(v.nr ?? '')}`;
  return `https://prodretencionverificacion.clouda.sat.gob.mx/?id=${v.uuid}&re=${encodeURIComponent(v.rfcE)}&${who}&tt=${tt}&fe=${v.sello.slice(-8)}`;
}

const label = (text: string): Content => ({ text, bold: true, fontSize: 7, color: '#374151' });
const cell = (text: string): Content => ({ text, fontSize: 8 });
const pairs = (rows: [string, string][]): Content => ({
  table: { widths: [150, '*'], body: rows.map(([k, v]) => [label(k), cell(v)]) },
  layout: 'lightHorizontalLines',
  margin: [0, 2, 0, 8],
});
const title = (text: string): Content => ({ text, bold: true, fontSize: 10, margin: [0, 6, 0, 2], color: '#1f2937' });

/**
 * The printed representation of a Retenciones 2.0 constancia: emisor, receptor, periodo, totales with each
 * ImpRetenidos, the complements' attributes, the TFD with its cadena and SAT's verification QR. A sandbox
 * stamp (or none) carries the "SIN VALIDEZ FISCAL" watermark.
 */
export async function renderRetencionesPdf(root: XmlElement, opts: { compress?: boolean } = {}): Promise<Uint8Array> {
  configure();
  const r = readRetenciones(root);
  const tfd = readTimbreView(root);
  const receptor = r.receptor;
  const qr = tfd
    ? await qrDataUrl(
        retencionesVerificationUrl({
          uuid: tfd.uuid, rfcE: r.emisor.rfcE, total: r.totales.montoTotOperacion, sello: r.sello ?? '',
          ...(receptor.nacionalidadR === 'Nacional' ? { rfcR: receptor.rfcR } : { nr: receptor.numRegIdTribR ?? '' }),
        }),
        200,
      )
    : undefined;
  const noValidity = !tfd || tfd.sandbox;
  const complementos: Content[] = r.complementos
    .filter((c) => c.local !== 'TimbreFiscalDigital')
    .flatMap((c) => {
      const rows: [string, string][] = [];
      const walk = (e: XmlElement, prefix: string) => {
        for (const [k, v] of e.attrs) if (!k.includes(':')) rows.push([`${prefix}${k}`, v]);
        for (const child of e.children) if (isElement(child)) walk(child, `${child.local} · `);
      };
      walk(c, '');
      return [title(`Complemento: ${COMPLEMENTOS[c.local] ?? c.local}`), pairs(rows)];
    });

  const content: Content[] = [
    { text: 'Constancia de retenciones e información de pagos 2.0', bold: true, fontSize: 13 },
    ...(noValidity
      ? [{ text: tfd ? 'SIN VALIDEZ FISCAL: timbrado por el PAC de pruebas (sandbox) de la aplicación.' : 'SIN VALIDEZ FISCAL: constancia sin timbrar.', bold: true, color: '#b91c1c', margin: [0, 4, 0, 0] } as Content]
      : []),
    title('Emisor'),
    pairs([
      ['RFC', r.emisor.rfcE], ['Nombre o razón social', r.emisor.nomDenRazSocE ?? ''], ['Régimen fiscal', r.emisor.regimenFiscalE],
      ['Lugar de expedición', r.lugarExpRetenc], ['Fecha de expedición', r.fechaExp], ['Folio interno', r.folioInt ?? ''],
    ]),
    title('Receptor'),
    pairs(
      receptor.nacionalidadR === 'Nacional'
        ? [['Nacionalidad', 'Nacional'], ['RFC', receptor.rfcR], ['Nombre o razón social', receptor.nomDenRazSocR], ['CURP', receptor.curpR ?? ''], ['Domicilio fiscal (CP)', receptor.domicilioFiscalR]]
        : [['Nacionalidad', 'Extranjero'], ['Número de registro tributario', receptor.numRegIdTribR ?? ''], ['Nombre o razón social', receptor.nomDenRazSocR]],
    ),
    title('Retención'),
    pairs([
      ['Clave de retención', `${r.cveRetenc}${r.descRetenc ? ` - ${r.descRetenc}` : ''}`],
      ['Periodo', `Mes ${r.periodo.mesIni} a ${r.periodo.mesFin} del ejercicio ${r.periodo.ejercicio}`],
      ['Monto total de la operación', formatMoney(r.totales.montoTotOperacion)], ['Monto total gravado', formatMoney(r.totales.montoTotGrav)],
      ['Monto total exento', formatMoney(r.totales.montoTotExent)], ['Monto total retenido', formatMoney(r.totales.montoTotRet)],
    ]),
    {
      table: {
        headerRows: 1,
        widths: ['*', '*', '*', '*'],
        body: [
          [label('Impuesto'), label('Base'), label('Monto retenido'), label('Tipo de pago')],
          ...r.totales.impRetenidos.map((i) => [
            cell(i.impuestoRet ? `${i.impuestoRet} ${IMPUESTOS[i.impuestoRet] ?? ''}` : '—'), cell(i.baseRet ? formatMoney(i.baseRet) : '—'),
            cell(formatMoney(i.montoRet)), cell(i.tipoPagoRet),
          ]),
        ],
      },
      layout: 'lightHorizontalLines',
      margin: [0, 2, 0, 8],
    },
    ...complementos,
    ...(tfd
      ? [
          title('Timbre fiscal digital'),
          {
            columns: [
              qr ? { image: qr, width: 110 } : { text: '' },
              {
                stack: [
                  pairs([['Folio fiscal (UUID)', tfd.uuid], ['Fecha de certificación', tfd.fechaTimbrado], ['RFC del PAC', tfd.rfcProvCertif], ['No. certificado SAT', tfd.noCertificadoSAT]]),
                  label('Sello digital del emisor'), { text: r.sello ?? '', fontSize: 5.5 },
                  label('Sello del SAT'), { text: tfd.selloSAT, fontSize: 5.5 },
                  label('Cadena original del complemento de certificación digital del SAT'), { text: tfd.cadena, fontSize: 5.5 },
                ],
                margin: [8, 0, 0, 0],
              },
            ],
          } as Content,
        ]
      : []),
  ];
  const doc: TDocumentDefinitions = {
    pageSize: 'LETTER',
    pageMargins: [36, 36, 36, 48],
    info: { title: `Retenciones ${tfd?.uuid ?? ''}`.trim(), author: r.emisor.nomDenRazSocE ?? r.emisor.rfcE, subject: 'Representación impresa de una constancia de retenciones' },
    defaultStyle: { font: 'Helvetica', fontSize: 8, lineHeight: 1.1 },
    content: winAnsiContent(content),
    footer: (page, pages) => ({
      columns: [
        { text: 'Este documento es una representación impresa de un CFDI de retenciones e información de pagos.', fontSize: 6.5 },
        { text: `Página ${page} de ${pages}`, alignment: 'right', fontSize: 6.5 },
      ],
      margin: [36, 16, 36, 0],
    }),
    ...(noValidity ? { watermark: { text: 'SIN VALIDEZ FISCAL', color: '#b91c1c', opacity: 0.12, bold: true } } : {}),
    compress: opts.compress ?? true,
  };
  const buffer = await pdfmake.createPdf(doc).getBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
