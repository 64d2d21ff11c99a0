import type { Content, TableCell } from 'pdfmake/interfaces';
import type { ComprobanteView, ConceptoView, TaxLine } from '../view/comprobante-view';
import { formatAmount, formatMoney, formatRate } from '../view/format';
import type { TimbreView } from '../view/timbre-view';
import { dataTable, fieldGrid, longText, sectionTitle } from './blocks';
import type { Theme } from './theme';

/** Emisor identity on the left, document identity (tipo, serie-folio, UUID, fecha) on the right. */
export function header(v: ComprobanteView, t: TimbreView | undefined, theme: Theme, logo?: string): Content {
  const folio = [v.serie, v.folio].filter(Boolean).join('-') || 'Sin folio';
  const emisor: Content = {
    stack: [
      ...(logo ? [{ image: logo, fit: [120, 50] as [number, number], margin: [0, 0, 0, 4] as [number, number, number, number] }] : []),
      { text: v.emisor.nombre || v.emisor.rfc, bold: true, fontSize: 11 },
      { text: `RFC: ${v.emisor.rfc}` },
      { text: `Régimen fiscal: ${v.emisor.regimenFiscal}` },
      ...(v.emisor.facAtrAdquirente ? [{ text: `Facturado a cuenta de: ${v.emisor.facAtrAdquirente}` }] : []),
      { text: `Lugar de expedición (C.P.): ${v.lugarExpedicion}` },
    ],
  };
  const docBox: Content = {
    table: {
      widths: ['*'],
      body: [
        [{ text: `CFDI ${v.version} · ${v.tipoDeComprobante}`, bold: true, color: theme.onPrimary, fillColor: theme.primary, alignment: 'center' }],
        [
          {
            stack: [
              { text: [{ text: 'Serie y folio: ', bold: true }, folio] },
              { text: [{ text: 'Fecha de emisión: ', bold: true }, v.fecha] },
              { text: [{ text: 'Folio fiscal (UUID): ', bold: true }, t?.uuid ?? 'Sin timbrar'] },
              ...(t ? [{ text: [{ text: 'Fecha de certificación: ', bold: true }, t.fechaTimbrado] }] : []),
              { text: [{ text: 'No. de certificado del emisor: ', bold: true }, v.noCertificado] },
            ],
          },
        ],
      ],
    },
    layout: theme.tableLayout,
  };
  const columns: Content = { columns: [{ width: '*', ...emisor }, { width: 230, ...docBox }], columnGap: 10 };
  return theme.headerBand
    ? { stack: [{ canvas: [{ type: 'rect', x: 0, y: 0, w: 535, h: 4, color: theme.primary }] }, { ...columns, margin: [0, 6, 0, 0] }] }
    : columns;
}

/** Receptor and the general data of the document (moneda, forma/método de pago, exportación…). */
export function receptorAndGeneral(v: ComprobanteView, theme: Theme): Content[] {
  const r = v.receptor;
  const out: Content[] = [
    sectionTitle('Receptor', theme),
    fieldGrid(
      [
        ['Nombre', r.nombre],
        ['RFC', r.rfc],
        ['Régimen fiscal', r.regimenFiscal],
        ['Domicilio fiscal (C.P.)', r.domicilioFiscal],
        ['Uso del CFDI', r.usoCfdi],
        ['Residencia fiscal', r.residenciaFiscal],
        ['NumRegIdTrib', r.numRegIdTrib],
      ],
      theme,
    ),
    sectionTitle('Datos del comprobante', theme),
    fieldGrid(
      [
        ['Tipo de comprobante', v.tipoDeComprobante],
        ['Moneda', v.moneda],
        ['Tipo de cambio', v.tipoCambio],
        ['Forma de pago', v.formaPago],
        ['Método de pago', v.metodoPago],
        ['Condiciones de pago', v.condicionesDePago],
        ['Exportación', v.exportacion],
        ['Lugar de expedición', v.lugarExpedicion],
      ],
      theme,
    ),
  ];
  if (v.informacionGlobal) {
    const g = v.informacionGlobal;
    out.push(fieldGrid([['Información global', `${g.periodicidad} · ${g.meses} · ${g.año}`]], theme, 1));
  }
  if (v.relacionados.length > 0) {
    out.push(sectionTitle('CFDI relacionados', theme));
    out.push(
      dataTable(
        ['Tipo de relación', 'Folio fiscal (UUID)'],
        v.relacionados.flatMap((g) => g.uuids.map((u): TableCell[] => [g.tipoRelacion, u])),
        ['*', 190],
        theme,
      ),
    );
  }
  return out;
}

const taxText = (t: TaxLine): string =>
  `${t.kind} ${t.impuesto} ${t.tipoFactor}${t.tasaOCuota ? ` ${formatRate(t.tasaOCuota)}` : ''} · Base ${formatAmount(t.base)} · Importe ${formatAmount(t.importe)}`;

/** The small print under each concepto's description: identification, objeto de impuesto, taxes, extras. */
export function conceptoDetails(c: ConceptoView): string[] {
  return [
    ...(c.noIdentificacion ? [`No. identificación: ${c.noIdentificacion}`] : []),
    `Objeto de impuesto: ${c.objetoImp}`,
    ...c.impuestos.map(taxText),
    ...c.extras,
  ];
}

/** Subtotal, descuento, taxes grouped by impuesto and rate, total, and the total in words. */
export function totals(v: ComprobanteView, theme: Theme): Content {
  const row = (label: string, amount: string, bold = false): TableCell[] => [
    { text: label, bold },
    { text: amount, bold, alignment: 'right' },
  ];
  const rows: TableCell[][] = [row('Subtotal', formatMoney(v.subTotal))];
  if (v.descuento) rows.push(row('Descuento', `-${formatMoney(v.descuento)}`));
  for (const t of v.impuestos) {
    const name = `${t.kind === 'Traslado' ? 'Impuestos trasladados' : 'Impuestos retenidos'} ${t.impuesto}${t.tasaOCuota ? ` ${formatRate(t.tasaOCuota)}` : ''}`;
    rows.push(row(name, t.kind === 'Traslado' ? formatMoney(t.importe) : `-${formatMoney(t.importe)}`));
  }
  rows.push(row('Total', `${formatMoney(v.total)} ${v.monedaClave}`, true));
  const words: Content[] = v.totalEnLetra
    ? [{ text: 'Importe con letra:', bold: true, margin: [0, 6, 0, 0] }, { text: v.totalEnLetra }]
    : [];
  if (v.totalTrasladados) words.push({ text: `Total de impuestos trasladados: ${formatMoney(v.totalTrasladados)}` });
  if (v.totalRetenidos) words.push({ text: `Total de impuestos retenidos: ${formatMoney(v.totalRetenidos)}` });
  return {
    columns: [
      { width: '*', stack: words },
      { width: 220, table: { widths: ['*', 90], body: rows }, layout: theme.tableLayout, margin: [0, 4, 0, 0] },
    ],
    columnGap: 10,
  };
}

// Courier 5.5 pt is 3.3 pt per character: 540 pt of page width and 437 pt beside the QR.
const FULL_WIDTH_CHARS = 160;
const BESIDE_QR_CHARS = 128;

/** Digital stamp: QR, seals, cadena original del complemento de certificación. */
export function timbre(v: ComprobanteView, t: TimbreView | undefined, qr: string | undefined, theme: Theme): Content[] {
  if (!t) {
    return [
      sectionTitle('Timbre fiscal digital', theme),
      { text: 'Comprobante sin timbrar: no tiene validez fiscal hasta que un PAC lo certifique.', bold: true, color: '#b91c1c' },
      longText('Sello digital del CFDI', v.sello, FULL_WIDTH_CHARS),
    ];
  }
  return [
    sectionTitle('Timbre fiscal digital', theme),
    {
      columns: [
        ...(qr ? [{ width: 95, image: qr, fit: [90, 90] as [number, number] }] : []),
        {
          width: '*',
          stack: [
            fieldGrid(
              [
                ['Folio fiscal (UUID)', t.uuid],
                ['Fecha y hora de certificación', t.fechaTimbrado],
                ['No. de certificado del SAT', t.noCertificadoSAT],
                ['RFC del proveedor de certificación', t.rfcProvCertif],
                ...(t.leyenda ? ([['Leyenda', t.leyenda]] as Array<[string, string]>) : []),
              ],
              theme,
            ),
            longText('Sello digital del CFDI', t.selloCFD || v.sello, BESIDE_QR_CHARS),
            longText('Sello digital del SAT', t.selloSAT, BESIDE_QR_CHARS),
          ],
        },
      ],
      columnGap: 8,
    },
    longText('Cadena original del complemento de certificación digital del SAT', t.cadena, FULL_WIDTH_CHARS),
  ];
}
