import { NS, type XmlElement } from '../xml';
import {
  computePagos,
  currencyDecimals,
  fixed,
  prorateDocumentTaxes,
  type DocumentTax,
  type PagoTaxInput,
  type PagosAmounts,
} from '../money';
import { checkFecha } from './fecha';
import { node } from './xml-util';
import { plainDecimal } from './build-conceptos';
import type { PagoDatosBancarios } from './types-pagos';

const NSP = NS.pago20;
const P = 'pago20';

/** A document (invoice) a payment settles, in whole or in part. */
export interface DoctoRelacionadoInput {
  idDocumento: string;
  serie?: string;
  folio?: string;
  monedaDR: string;
  /** Units of MonedaDR per unit of MonedaP; defaults to "1" (same currency). */
  equivalenciaDR?: string;
  numParcialidad: string;
  impSaldoAnt: string;
  impPagado: string;
  /** '01' no taxes, '02' taxes broken down (ImpuestosDR), '03'/'04'/'05' as in c_ObjetoImp. */
  objetoImpDR: string;
  /** The taxes of this payment, already prorated. */
  impuestosDR?: { traslados?: PagoTaxInput[]; retenciones?: PagoTaxInput[] };
  /** Or: the paid invoice's Total and Comprobante-level taxes, prorated by ImpPagado / Total. */
  documento?: { total: string; traslados?: DocumentTax[]; retenciones?: DocumentTax[] };
}

export interface PagoInput extends PagoDatosBancarios {
  /** "YYYY-MM-DDTHH:mm:ss"; "YYYY-MM-DD" is completed with T12:00:00 (SAT's suggestion when the hour is unknown). */
  fechaPago: string;
  formaDePagoP: string;
  monedaP: string;
  tipoCambioP?: string;
  /** The amount received; defaults to Σ ImpPagado converted to MonedaP. */
  monto?: string;
  doctos: DoctoRelacionadoInput[];
}

function doctoTaxes(d: DoctoRelacionadoInput): { traslados: PagoTaxInput[]; retenciones: PagoTaxInput[] } {
  if (d.objetoImpDR !== '02') return { traslados: [], retenciones: [] };
  if (d.impuestosDR) return { traslados: d.impuestosDR.traslados ?? [], retenciones: d.impuestosDR.retenciones ?? [] };
  if (d.documento) {
    return {
      traslados: prorateDocumentTaxes(d.documento.total, d.impPagado, d.documento.traslados ?? []),
      retenciones: prorateDocumentTaxes(d.documento.total, d.impPagado, d.documento.retenciones ?? []),
    };
  }
  throw new Error(`El documento ${d.idDocumento} es objeto de impuesto (02) pero no trae sus impuestos`);
}

function drTaxNode(kind: 'TrasladoDR' | 'RetencionDR', t: PagoTaxInput): XmlElement {
  return node(P, NSP, kind, [
    ['BaseDR', plainDecimal(t.base)],
    ['ImpuestoDR', t.impuesto],
    ['TipoFactorDR', t.tipoFactor],
    ['TasaOCuotaDR', t.tipoFactor === 'Exento' ? undefined : plainDecimal(t.tasaOCuota ?? '0', 6)],
    ['ImporteDR', t.tipoFactor === 'Exento' ? undefined : plainDecimal(t.importe ?? '0')],
  ]);
}

/**
 * The Pago attributes after Monto that Pagos 1.0 and 2.0 share (operation number and bank data),
 * in the XSD's order.
 */
export function pagoBankAttributes(p: PagoDatosBancarios): [string, string | undefined][] {
  return [
    ['NumOperacion', p.numOperacion],
    ['RfcEmisorCtaOrd', p.rfcEmisorCtaOrd],
    ['NomBancoOrdExt', p.nomBancoOrdExt],
    ['CtaOrdenante', p.ctaOrdenante],
    ['RfcEmisorCtaBen', p.rfcEmisorCtaBen],
    ['CtaBeneficiario', p.ctaBeneficiario],
    ['TipoCadPago', p.tipoCadPago],
    ['CertPago', p.certPago],
    ['CadPago', p.cadPago],
    ['SelloPago', p.selloPago],
  ];
}

/** FechaPago checked; a bare date gets T12:00:00 (SAT's suggestion when the hour is unknown). */
export function fechaPago(value: string): string {
  return checkFecha(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00` : value, 'FechaPago');
}

/**
 * Builds the pago20:Pagos complement with Totales, ImpuestosP, ImpSaldoInsoluto and (when absent)
 * Monto computed by money.computePagos, so the amounts always agree with SAT's rules.
 * @returns the element and the computed amounts (for the caller's records)
 */
export function buildPagos20(pagos: PagoInput[]): { element: XmlElement; amounts: PagosAmounts } {
  if (pagos.length === 0) throw new Error('El complemento de pagos necesita al menos un pago');
  for (const p of pagos) {
    if (p.monedaP !== 'MXN' && p.tipoCambioP === undefined) throw new Error(`Falta TipoCambioP para el pago en ${p.monedaP}`);
    for (const d of p.doctos) {
      if (d.monedaDR !== p.monedaP && d.equivalenciaDR === undefined) {
        throw new Error(`Falta EquivalenciaDR del documento ${d.idDocumento}: su moneda (${d.monedaDR}) no es la del pago (${p.monedaP})`);
      }
    }
  }
  const taxes = pagos.map((p) => p.doctos.map(doctoTaxes));
  const amounts = computePagos(
    pagos.map((p, i) => ({
      monedaP: p.monedaP,
      tipoCambioP: p.tipoCambioP,
      monto: p.monto,
      doctos: p.doctos.map((d, j) => ({
        equivalenciaDR: d.equivalenciaDR,
        impSaldoAnt: d.impSaldoAnt,
        impPagado: d.impPagado,
        monedaDR: d.monedaDR,
        ...taxes[i][j],
      })),
    })),
  );
  const t = amounts.totales;
  const totales = node(P, NSP, 'Totales', [
    ['TotalRetencionesIVA', t.totalRetencionesIVA],
    ['TotalRetencionesISR', t.totalRetencionesISR],
    ['TotalRetencionesIEPS', t.totalRetencionesIEPS],
    ['TotalTrasladosBaseIVA16', t.totalTrasladosBaseIVA16],
    ['TotalTrasladosImpuestoIVA16', t.totalTrasladosImpuestoIVA16],
    ['TotalTrasladosBaseIVA8', t.totalTrasladosBaseIVA8],
    ['TotalTrasladosImpuestoIVA8', t.totalTrasladosImpuestoIVA8],
    ['TotalTrasladosBaseIVA0', t.totalTrasladosBaseIVA0],
    ['TotalTrasladosImpuestoIVA0', t.totalTrasladosImpuestoIVA0],
    ['TotalTrasladosBaseIVAExento', t.totalTrasladosBaseIVAExento],
    ['MontoTotalPagos', t.montoTotalPagos],
  ]);
  const pagoNodes = pagos.map((p, i) => {
    const a = amounts.pagos[i];
    const doctos = p.doctos.map((d, j) => {
      const decDR = currencyDecimals(d.monedaDR);
      const { traslados, retenciones } = taxes[i][j];
      const impuestosDR =
        traslados.length + retenciones.length > 0 &&
        node(P, NSP, 'ImpuestosDR', [], [
          retenciones.length > 0 && node(P, NSP, 'RetencionesDR', [], retenciones.map((r) => drTaxNode('RetencionDR', r))),
          traslados.length > 0 && node(P, NSP, 'TrasladosDR', [], traslados.map((r) => drTaxNode('TrasladoDR', r))),
        ]);
      return node(
        P,
        NSP,
        'DoctoRelacionado',
        [
          ['IdDocumento', d.idDocumento],
          ['Serie', d.serie],
          ['Folio', d.folio],
          ['MonedaDR', d.monedaDR],
          ['EquivalenciaDR', d.equivalenciaDR ?? '1'],
          ['NumParcialidad', d.numParcialidad],
          ['ImpSaldoAnt', fixed(d.impSaldoAnt, decDR)],
          ['ImpPagado', fixed(d.impPagado, decDR)],
          ['ImpSaldoInsoluto', a.saldosInsolutos[j]],
          ['ObjetoImpDR', d.objetoImpDR],
        ],
        [impuestosDR],
      );
    });
    const impuestosP =
      a.traslados.length + a.retenciones.length > 0 &&
      node(P, NSP, 'ImpuestosP', [], [
        a.retenciones.length > 0 &&
          node(P, NSP, 'RetencionesP', [], a.retenciones.map((r) => node(P, NSP, 'RetencionP', [['ImpuestoP', r.impuestoP], ['ImporteP', r.importeP]]))),
        a.traslados.length > 0 &&
          node(
            P,
            NSP,
            'TrasladosP',
            [],
            a.traslados.map((x) =>
              node(P, NSP, 'TrasladoP', [
                ['BaseP', x.baseP],
                ['ImpuestoP', x.impuestoP],
                ['TipoFactorP', x.tipoFactorP],
                ['TasaOCuotaP', x.tasaOCuotaP],
                ['ImporteP', x.importeP],
              ]),
            ),
          ),
      ]);
    return node(
      P,
      NSP,
      'Pago',
      [
        ['FechaPago', fechaPago(p.fechaPago)],
        ['FormaDePagoP', p.formaDePagoP],
        ['MonedaP', p.monedaP],
        ['TipoCambioP', p.tipoCambioP ?? (p.monedaP === 'MXN' ? '1' : undefined)],
        ['Monto', a.monto],
        ...pagoBankAttributes(p),
      ],
      [...doctos, impuestosP],
    );
  });
  return { element: node(P, NSP, 'Pagos', [['Version', '2.0']], [totales, ...pagoNodes]), amounts };
}
