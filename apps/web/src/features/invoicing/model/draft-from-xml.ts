import { routes, type Client } from '@facturo/contract';
import { call } from '../../../shared/api/call';
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

/**
 * A credit note (CFDI tipo E) for a stamped invoice: the same receptor and currency, related to it with tipo de
 * relación 01 "Nota de crédito de los documentos relacionados", uso G02 (devoluciones, descuentos o
 * bonificaciones), PUE, and one concept as SAT's filling guide describes a discount or bonus (clave 84111506,
 * unidad ACT) carrying the invoice's IVA rate; the user writes the amount. A PPD invoice's "99" cannot be the
 * note's forma de pago: then it is left for the user to choose.
 */
export function creditNoteDraftFromXml(xml: string, invoiceUuid: string, label: string): { draft: InvoiceForm; receptorRfc: string } {
  const { draft, receptorRfc } = draftFromXml(xml, invoiceUuid);
  const first = draft.conceptos[0] ?? emptyConcept();
  return {
    receptorRfc,
    draft: {
      ...draft,
      tipoDeComprobante: 'E',
      // Their own serie, the usual practice, so invoices and notes keep separate gap-free folios.
      serie: 'NC',
      usoCFDI: 'G02',
      metodoPago: 'PUE',
      formaPago: draft.formaPago === '99' ? '' : draft.formaPago,
      cfdiRelacionados: [{ tipoRelacion: '01', uuids: invoiceUuid }],
      conceptos: [{
        ...emptyConcept(), claveProdServ: '84111506', claveUnidad: 'ACT', unidad: 'Actividad', descripcion: label, cantidad: '1',
        objetoImp: first.objetoImp, iva: first.iva, ieps: first.ieps, iepsValor: first.iepsValor,
      }],
    },
  };
}

/**
 * What /invoicing/add receives to start from a draft (router state): the draft and the receptor as a saved
 * customer, looked up by RFC (none when the customer was deleted: the user picks one).
 */
export async function draftState(draft: InvoiceForm, receptorRfc: string): Promise<{ draft: InvoiceForm; client?: Client }> {
  const found = await call(routes['invoicing.customers'], { body: { search: receptorRfc, limit: 10 } });
  return { draft, client: found.data.find((c) => c.rfc === receptorRfc) };
}
