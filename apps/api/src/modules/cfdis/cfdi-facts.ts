import { parseXml } from '@facturo/cfdi/xml';
import { readCfdi, summarizeCfdi, type Cfdi, type CfdiSummary, type DoctoRelacionado, type Pago } from '@facturo/cfdi/model';
import { Decimal, roundTo, sum, toDecimal } from '@facturo/cfdi/money';
import { foldSearch } from '../clients/search-text';
import type { CfdiDirection } from './cfdis.schema';

/**
 * Pure fact extraction: what the CFDI store keeps about one document (the row figures lists, stats,
 * statements and the DIOT read without parsing the XML again). No database, no storage: unit-testable
 * on fixture XML. Amounts are decimal strings (decimal.js), never JS numbers.
 */

/** A document that cannot go into the store; the message is Spanish and fit to show. */
export class CfdiStoreError extends Error {
  constructor(
    readonly code: 'xml' | 'no_timbre' | 'ajeno',
    message: string,
  ) {
    super(message);
    this.name = 'CfdiStoreError';
  }
}

/** One DoctoRelacionado of a payment complement, with the paid share of base and taxes in MXN. */
export interface PaymentFact {
  docUuid: string;
  fechaPago: string;
  formaPago?: string;
  monedaP: string;
  tipoCambioP: string;
  monedaDr: string;
  equivalenciaDr: string;
  numParcialidad: number;
  impSaldoAnt: string;
  impPagado: string;
  impSaldoInsoluto: string;
  /** MXN per unit of MonedaDR for this payment (TipoCambioP ÷ EquivalenciaDR; exactly 1 for MXN documents). */
  mxnFactor: string;
  /** Undefined for Pagos 1.0: it has no ImpuestosDR, the store prorates the related invoice when it has it. */
  baseMxn?: string;
  ivaMxn?: string;
  isrRetenidoMxn?: string;
  ivaRetenidoMxn?: string;
}

export interface CfdiFacts {
  uuid: string;
  version: string;
  tipo: 'I' | 'E' | 'T' | 'P' | 'N';
  serie: string | null;
  folio: string | null;
  /** 'YYYY-MM-DD HH:mm:ss', Mexico City wall-clock time as written in the XML. */
  fecha: string;
  fechaTimbrado: string | null;
  rfcEmisor: string;
  nombreEmisor: string | null;
  regimenEmisor: string | null;
  rfcReceptor: string;
  nombreReceptor: string | null;
  regimenReceptor: string | null;
  usoCfdi: string | null;
  moneda: string;
  tipoCambio: string;
  subtotal: string;
  descuento: string;
  /** Comprobante Total; for a tipo P (whose Total is 0) the MontoTotalPagos in MXN. */
  total: string;
  ivaTrasladado: string;
  iepsTrasladado: string;
  isrRetenido: string;
  /** Nómina: the IMSS worker quota withheld (deducción 001); 0 for other documents. */
  nominaImss: string;
  ivaRetenido: string;
  iepsRetenido: string;
  baseIva16: string;
  baseIva8: string;
  baseIva0: string;
  baseIvaExento: string;
  metodoPago: string | null;
  formaPago: string | null;
  exportacion: string | null;
  lugarExpedicion: string | null;
  /** Distinct c_ClaveProdServ of the concepts, space-separated in order of appearance; null without concepts. */
  clavesProdServ: string | null;
  /** Open balance at issue: the total for a PPD ingreso, 0 otherwise (PUE is paid when issued). */
  saldo: string;
  /** 'YYYY-MM-DD': the issue date for a PUE ingreso, null while a PPD one is open. */
  fechaPago: string | null;
  relations: { tipoRelacion: string; relatedUuid: string }[];
  payments: PaymentFact[];
}

const ZERO = '0';
const text = (d: Decimal): string => d.toFixed();
const money6 = (d: Decimal): string => roundTo(d, 6).toFixed();
const sqlTimestamp = (isoLocal: string): string => isoLocal.trim().replace('T', ' ').slice(0, 19);

/** Distinct c_ClaveProdServ of a document's concepts, space-separated (the DIOT's tipo de operación, issue 24). */
export function clavesOf(c: Pick<Cfdi, 'conceptos'>): string | null {
  const claves = [...new Set((c.conceptos ?? []).map((k) => k.claveProdServ.trim()).filter(Boolean))];
  return claves.length ? claves.join(' ') : null;
}

/** Parses XML bytes into the engine's typed view; a malformed file is a CfdiStoreError, not a 500. */
export function readCfdiXml(xml: string | Uint8Array): Cfdi {
  try {
    return readCfdi(parseXml(xml));
  } catch (err) {
    throw new CfdiStoreError('xml', `El archivo no es un CFDI válido: ${(err as Error).message}`);
  }
}

/**
 * Which side of the document the account is: Emisor → 'emitido', Receptor → 'recibido' (a self-issued
 * document counts as emitido). Any other document is refused: the store only keeps the tenant's own.
 */
export function directionFor(summary: Pick<CfdiSummary, 'emisorRfc' | 'receptorRfc'>, accountRfc: string): CfdiDirection {
  const rfc = accountRfc.trim().toUpperCase();
  if (summary.emisorRfc.toUpperCase() === rfc) return 'emitido';
  if (summary.receptorRfc.toUpperCase() === rfc) return 'recibido';
  throw new CfdiStoreError('ajeno', `El CFDI no pertenece a tu RFC (${rfc}): el emisor es ${summary.emisorRfc} y el receptor ${summary.receptorRfc}`);
}

type Rate = '16' | '8' | '0' | 'exento' | undefined;

/** The IVA bucket of a traslado: 16 %, 8 % (frontera), 0 % or exento; other rates (IEPS, 11 %…) are none. */
function ivaRate(impuesto: string, tipoFactor: string, tasa: string | undefined): Rate {
  if (impuesto.trim() !== '002' && impuesto.trim().toUpperCase() !== 'IVA') return undefined;
  if (tipoFactor === 'Exento') return 'exento';
  const t = toDecimal((tasa ?? '0').trim() || '0');
  if (t.eq('0.16')) return '16';
  if (t.eq('0.08')) return '8';
  if (t.isZero()) return '0';
  return undefined;
}

/**
 * IVA bases by rate. CFDI 4.0 writes each rate's Base on the Comprobante Traslado; 3.3 does not, so its
 * bases are the sum of the concepts' traslados (also the fallback for a 4.0 missing the doc-level Base).
 */
export function ivaBases(c: Cfdi): Record<'16' | '8' | '0' | 'exento', string> {
  const acc = { '16': new Decimal(0), '8': new Decimal(0), '0': new Decimal(0), exento: new Decimal(0) };
  const docLevel = c.impuestos?.traslados ?? [];
  const useDoc = docLevel.length > 0 && docLevel.every((t) => t.base !== undefined);
  const lines = useDoc
    ? docLevel.map((t) => ({ impuesto: t.impuesto, tipoFactor: t.tipoFactor, tasa: t.tasaOCuota, base: t.base! }))
    : c.conceptos.flatMap((k) => k.traslados.map((t) => ({ impuesto: t.impuesto, tipoFactor: t.tipoFactor, tasa: t.tasaOCuota, base: t.base })));
  for (const l of lines) {
    const rate = ivaRate(l.impuesto, l.tipoFactor, l.tasa);
    if (rate) acc[rate] = acc[rate].plus(toDecimal(l.base.trim() || '0'));
  }
  return { '16': text(acc['16']), '8': text(acc['8']), '0': text(acc['0']), exento: text(acc.exento) };
}

/** MXN per unit of the related document's currency: TipoCambioP ÷ EquivalenciaDR (TipoCambioDR in 1.0). */
function mxnFactor(pago: Pago, d: DoctoRelacionado): Decimal {
  if (d.monedaDR.toUpperCase() === 'MXN') return new Decimal(1);
  const tc = toDecimal(pago.monedaP.toUpperCase() === 'MXN' ? '1' : (pago.tipoCambioP ?? '1'));
  return tc.div(toDecimal(d.equivalenciaDR ?? '1'));
}

/** Pagos 2.0: the paid base and taxes of one DoctoRelacionado, from its ImpuestosDR, in MXN. */
function paidShare(d: DoctoRelacionado, factor: Decimal, impPagadoMxn: Decimal) {
  const iva = d.trasladosDR.filter((t) => ivaRate(t.impuestoDR, t.tipoFactorDR, t.tasaOCuotaDR) !== undefined);
  const ret = (imp: string) => sum(d.retencionesDR.filter((r) => r.impuestoDR === imp).map((r) => r.importeDR ?? '0')).times(factor);
  // Not object of tax (ObjetoImpDR 01, no IVA lines): the whole payment is base.
  const base = iva.length === 0 ? impPagadoMxn : sum(iva.map((t) => t.baseDR)).times(factor);
  return {
    baseMxn: money6(base),
    ivaMxn: money6(sum(iva.map((t) => t.importeDR ?? '0')).times(factor)),
    isrRetenidoMxn: money6(ret('001')),
    ivaRetenidoMxn: money6(ret('002')),
  };
}

export function paymentFacts(c: Cfdi): PaymentFact[] {
  if (!c.pagos) return [];
  const v2 = c.pagos.version.startsWith('2');
  return c.pagos.pagos.flatMap((pago) =>
    pago.doctos.map((d): PaymentFact => {
      const factor = mxnFactor(pago, d);
      // Pagos 1.0 allowed a DoctoRelacionado without the amounts when it was settled in one payment.
      const impPagado = d.impPagado ?? (pago.doctos.length === 1 ? pago.monto : ZERO);
      const impSaldoAnt = d.impSaldoAnt ?? impPagado;
      const impSaldoInsoluto = d.impSaldoInsoluto ?? text(toDecimal(impSaldoAnt).minus(toDecimal(impPagado)));
      const impPagadoMxn = toDecimal(impPagado).times(factor);
      return {
        docUuid: d.idDocumento.toUpperCase(),
        fechaPago: sqlTimestamp(pago.fechaPago),
        formaPago: pago.formaDePagoP || undefined,
        monedaP: pago.monedaP,
        tipoCambioP: pago.tipoCambioP ?? '1',
        monedaDr: d.monedaDR,
        equivalenciaDr: d.equivalenciaDR ?? '1',
        numParcialidad: Number.parseInt(d.numParcialidad ?? '1', 10) || 1,
        impSaldoAnt,
        impPagado,
        impSaldoInsoluto,
        mxnFactor: text(factor),
        ...(v2 ? paidShare(d, factor, impPagadoMxn) : {}),
      };
    }),
  );
}

const TIPOS = new Set(['I', 'E', 'T', 'P', 'N']);

/**
 * Every fact the store keeps about a stamped document. The account RFC is not needed here (direction is
 * decided by directionFor), so the same facts serve issued and received documents.
 * @throws CfdiStoreError without a TimbreFiscalDigital (an unstamped draft is not a CFDI yet)
 */
export function cfdiFacts(c: Cfdi): CfdiFacts {
  const s = summarizeCfdi(c);
  if (!s.uuid) throw new CfdiStoreError('no_timbre', 'El CFDI no está timbrado (no tiene TimbreFiscalDigital)');
  if (!TIPOS.has(s.tipoDeComprobante)) {
    throw new CfdiStoreError('xml', `Tipo de comprobante desconocido: ${s.tipoDeComprobante}`);
  }
  const tipo = s.tipoDeComprobante as CfdiFacts['tipo'];
  const payments = paymentFacts(c);
  const bases = ivaBases(c);
  const fecha = sqlTimestamp(s.fecha);
  const isP = tipo === 'P';
  const totales = c.pagos?.totales;
  const t = (v: string | undefined) => (v === undefined ? ZERO : toDecimal(v.trim() || '0').toFixed());
  // A PUE ingreso is paid when issued; a PPD one stays open until its complements (or a credit note) settle it.
  const opensBalance = tipo === 'I' && s.metodoPago === 'PPD';
  const paidAtIssue = tipo === 'I' && !opensBalance;
  return {
    uuid: s.uuid.toUpperCase(),
    version: s.version,
    tipo,
    serie: s.serie ?? null,
    folio: s.folio ?? null,
    fecha,
    fechaTimbrado: s.fechaTimbrado ? sqlTimestamp(s.fechaTimbrado) : null,
    rfcEmisor: s.emisorRfc,
    nombreEmisor: s.emisorNombre ?? null,
    regimenEmisor: c.emisor.regimenFiscal || null,
    rfcReceptor: s.receptorRfc,
    nombreReceptor: s.receptorNombre ?? null,
    regimenReceptor: c.receptor.regimenFiscalReceptor ?? null,
    usoCfdi: s.usoCFDI || null,
    moneda: s.moneda,
    tipoCambio: isP ? '1' : t(s.tipoCambio ?? '1'),
    subtotal: s.subTotal,
    descuento: s.descuento,
    // The Total of a payment complement is 0 by rule; what it moved is MontoTotalPagos (MXN, hence tipo_cambio 1).
    total: isP ? t(s.montoTotalPagos) : s.total,
    ivaTrasladado: isP
      ? text(sum([t(totales?.totalTrasladosImpuestoIVA16), t(totales?.totalTrasladosImpuestoIVA8), t(totales?.totalTrasladosImpuestoIVA0)]))
      : s.ivaTrasladado,
    iepsTrasladado: s.iepsTrasladado,
    // A payroll receipt has no Impuestos node: its ISR is the nómina's deducción 002, its IMSS deducción 001.
    isrRetenido: isP ? t(totales?.totalRetencionesISR) : tipo === 'N' ? nominaDeduccion(c, '002') : s.isrRetenido,
    nominaImss: tipo === 'N' ? nominaDeduccion(c, '001') : ZERO,
    ivaRetenido: isP ? t(totales?.totalRetencionesIVA) : s.ivaRetenido,
    iepsRetenido: isP ? t(totales?.totalRetencionesIEPS) : s.iepsRetenido,
    baseIva16: isP ? t(totales?.totalTrasladosBaseIVA16) : bases['16'],
    baseIva8: isP ? t(totales?.totalTrasladosBaseIVA8) : bases['8'],
    baseIva0: isP ? t(totales?.totalTrasladosBaseIVA0) : bases['0'],
    baseIvaExento: isP ? t(totales?.totalTrasladosBaseIVAExento) : bases.exento,
    metodoPago: s.metodoPago ?? null,
    formaPago: s.formaPago ?? null,
    exportacion: c.exportacion ?? null,
    lugarExpedicion: c.lugarExpedicion || null,
    clavesProdServ: clavesOf(c),
    saldo: opensBalance ? s.total : ZERO,
    fechaPago: paidAtIssue ? fecha.slice(0, 10) : null,
    relations: c.cfdiRelacionados.flatMap((g) => g.uuids.map((u) => ({ tipoRelacion: g.tipoRelacion, relatedUuid: u.toUpperCase() }))),
    payments,
  };
}

/** The sum of one TipoDeduccion of a payroll receipt. */
function nominaDeduccion(c: Cfdi, tipo: string): string {
  const lines = (c.nomina ? [c.nomina] : []).flatMap((n) => n.deducciones?.deducciones ?? []);
  return text(sum(lines.filter((d) => d.tipoDeduccion === tipo).map((d) => toDecimal(d.importe))));
}

/** What list searches match: the counterparty's RFC and name, serie-folio and the UUID, folded. */
export function searchTextFor(f: CfdiFacts, direction: CfdiDirection): string {
  const [rfc, nombre] = direction === 'emitido' ? [f.rfcReceptor, f.nombreReceptor] : [f.rfcEmisor, f.nombreEmisor];
  const serieFolio = [f.serie, f.folio].filter(Boolean).join('-');
  return foldSearch([rfc, nombre ?? '', serieFolio, f.uuid].join(' '));
}
