import { emptyConcept, emptyInvoice, type ConceptForm, type InvoiceForm, type IvaChoice } from './invoice-form';

/**
 * A new invoice prefilled from a stamped one (the substitute of a cancelled invoice, motivo 01): the same
 * receptor data, payment terms and concepts, related to it with tipo de relación 04 "Sustitución de los CFDI
 * previos". Read with the browser's DOMParser: only attributes are taken, nothing is evaluated.
 */
export function draftFromXml(xml: string, cancelledUuid: string): { draft: InvoiceForm; receptorRfc: string } {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const byName = (root: Element | Document, local: string) => Array.from(root.getElementsByTagNameNS('*', local));
  const comp = byName(doc, 'Comprobante')[0];
  const receptor = byName(doc, 'Receptor')[0];
  const attr = (el: Element | undefined, name: string) => el?.getAttribute(name) ?? '';
  const conceptos: ConceptForm[] = byName(doc, 'Concepto').map((c) => {
    const taxes = (kind: 'Traslado' | 'Retencion') => byName(c, kind).map((t) => ({ impuesto: attr(t, 'Impuesto'), tipoFactor: attr(t, 'TipoFactor'), tasa: attr(t, 'TasaOCuota') }));
    const tr = taxes('Traslado');
    const rt = taxes('Retencion');
    const iva = tr.find((t) => t.impuesto === '002');
    const ieps = tr.find((t) => t.impuesto === '003');
    return {
      ...emptyConcept(),
      claveProdServ: attr(c, 'ClaveProdServ'),
      noIdentificacion: attr(c, 'NoIdentificacion'),
      cantidad: attr(c, 'Cantidad'),
      claveUnidad: attr(c, 'ClaveUnidad'),
      unidad: attr(c, 'Unidad'),
      descripcion: attr(c, 'Descripcion'),
      valorUnitario: attr(c, 'ValorUnitario'),
      descuento: attr(c, 'Descuento'),
      objetoImp: attr(c, 'ObjetoImp') || '02',
      iva: (!iva ? '' : iva.tipoFactor === 'Exento' ? 'Exento' : iva.tasa) as IvaChoice,
      ieps: ieps && ieps.tipoFactor !== 'Exento' ? (ieps.tipoFactor as 'Tasa' | 'Cuota') : '',
      iepsValor: ieps?.tasa ?? '',
      retIsr: rt.find((t) => t.impuesto === '001')?.tasa ?? '',
      retIva: rt.find((t) => t.impuesto === '002')?.tasa ?? '',
      cuentaPredial: attr(byName(c, 'CuentaPredial')[0], 'Numero'),
    };
  });
  const base = emptyInvoice();
  const metodo = attr(comp, 'MetodoPago');
  return {
    receptorRfc: attr(receptor, 'Rfc'),
    draft: {
      ...base,
      version: attr(comp, 'Version') === '3.3' ? '3.3' : '4.0',
      usoCFDI: attr(receptor, 'UsoCFDI'),
      formaPago: attr(comp, 'FormaPago'),
      metodoPago: metodo === 'PPD' ? 'PPD' : 'PUE',
      moneda: attr(comp, 'Moneda') || 'MXN',
      tipoCambio: attr(comp, 'Moneda') && attr(comp, 'Moneda') !== 'MXN' ? attr(comp, 'TipoCambio') : '',
      serie: attr(comp, 'Serie'),
      exportacion: attr(comp, 'Exportacion') || '01',
      cfdiRelacionados: [{ tipoRelacion: '04', uuids: cancelledUuid }],
      conceptos: conceptos.length ? conceptos : base.conceptos,
    },
  };
}
