import { NS, type XmlElement } from '../xml';
import { computePagos, currencyDecimals, fixed, type PagosAmounts } from '../money';
import { node } from './xml-util';
import { fechaPago, pagoBankAttributes } from './build-pagos20';
import type { PagoDatosBancarios } from './types-pagos';

const NSP = NS.pago10;
const P = 'pago10';

/** Where Pagos 1.0's schema lives (for xsi:schemaLocation of CFDI 3.3 payment receipts). */
export const PAGOS10_SCHEMA_LOCATION = 'http://www.sat.gob.mx/sitio_internet/cfd/Pagos/Pagos10.xsd';

/** A document a Pagos 1.0 payment settles: no tax breakdown (that came with Pagos 2.0). */
export interface DoctoRelacionado10Input {
  idDocumento: string;
  serie?: string;
  folio?: string;
  monedaDR: string;
  /** Units of MonedaDR per unit of MonedaP; required (and only written) when the currencies differ. */
  tipoCambioDR?: string;
  /** PPD for partial/deferred payments (PUE only for invoices paid before this CFDI's rule change). */
  metodoDePagoDR: string;
  numParcialidad: string;
  impSaldoAnt: string;
  impPagado: string;
}

export interface Pago10Input extends PagoDatosBancarios {
  /** "YYYY-MM-DDTHH:mm:ss"; "YYYY-MM-DD" is completed with T12:00:00. */
  fechaPago: string;
  formaDePagoP: string;
  monedaP: string;
  /** MXN per unit of MonedaP; required unless MonedaP is MXN (then it is not written). */
  tipoCambioP?: string;
  /** The amount received; defaults to Σ ImpPagado converted to MonedaP. */
  monto?: string;
  doctos: DoctoRelacionado10Input[];
}

/**
 * Builds the Pagos 1.0 complement (namespace http://www.sat.gob.mx/Pagos) of a CFDI 3.3 payment
 * receipt. Monto (when absent) and each ImpSaldoInsoluto come from money.computePagos, the same
 * arithmetic as Pagos 2.0 with TipoCambioDR in the role of EquivalenciaDR.
 * @throws Error with a Spanish message when a currency conversion is missing
 */
export function buildPagos10(pagos: Pago10Input[]): { element: XmlElement; amounts: PagosAmounts } {
  if (pagos.length === 0) throw new Error('El complemento de pagos necesita al menos un pago');
  for (const p of pagos) {
    if (p.doctos.length === 0) throw new Error('Cada pago debe relacionar al menos un documento');
    if (p.monedaP !== 'MXN' && p.tipoCambioP === undefined) throw new Error(`Falta TipoCambioP para el pago en ${p.monedaP}`);
    for (const d of p.doctos) {
      if (d.monedaDR !== p.monedaP && d.tipoCambioDR === undefined) {
        throw new Error(`Falta TipoCambioDR del documento ${d.idDocumento}: su moneda (${d.monedaDR}) no es la del pago (${p.monedaP})`);
      }
    }
  }
  const amounts = computePagos(
    pagos.map((p) => ({
      monedaP: p.monedaP,
      tipoCambioP: p.monedaP === 'MXN' ? undefined : p.tipoCambioP,
      monto: p.monto,
      doctos: p.doctos.map((d) => ({
        equivalenciaDR: d.monedaDR === p.monedaP ? undefined : d.tipoCambioDR,
        impSaldoAnt: d.impSaldoAnt,
        impPagado: d.impPagado,
        monedaDR: d.monedaDR,
      })),
    })),
  );
  const pagoNodes = pagos.map((p, i) => {
    const a = amounts.pagos[i];
    const doctos = p.doctos.map((d, j) => {
      const decDR = currencyDecimals(d.monedaDR);
      return node(P, NSP, 'DoctoRelacionado', [
        ['IdDocumento', d.idDocumento],
        ['Serie', d.serie],
        ['Folio', d.folio],
        ['MonedaDR', d.monedaDR],
        // Guía de llenado Pagos 1.0: TipoCambioDR only when MonedaDR differs from MonedaP.
        ['TipoCambioDR', d.monedaDR === p.monedaP ? undefined : d.tipoCambioDR],
        ['MetodoDePagoDR', d.metodoDePagoDR],
        ['NumParcialidad', d.numParcialidad],
        ['ImpSaldoAnt', fixed(d.impSaldoAnt, decDR)],
        ['ImpPagado', fixed(d.impPagado, decDR)],
        ['ImpSaldoInsoluto', a.saldosInsolutos[j]],
      ]);
    });
    return node(
      P,
      NSP,
      'Pago',
      [
        ['FechaPago', fechaPago(p.fechaPago)],
        ['FormaDePagoP', p.formaDePagoP],
        ['MonedaP', p.monedaP],
        ['TipoCambioP', p.monedaP === 'MXN' ? undefined : p.tipoCambioP],
        ['Monto', a.monto],
        ...pagoBankAttributes(p),
      ],
      doctos,
    );
  });
  return { element: node(P, NSP, 'Pagos', [['Version', '1.0']], pagoNodes), amounts };
}
