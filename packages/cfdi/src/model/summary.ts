import { NS } from '../xml';
import { Decimal, fixed, sum, toDecimal } from '../money';
import { CfdiReadError } from './read-cfdi';
import type { Cfdi } from './types-cfdi';

/** The flat facts the API indexes for any CFDI (amounts as decimal strings, never numbers). */
export interface CfdiSummary {
  uuid?: string;
  version: string;
  tipoDeComprobante: string;
  serie?: string;
  folio?: string;
  fecha: string;
  fechaTimbrado?: string;
  emisorRfc: string;
  emisorNombre?: string;
  receptorRfc: string;
  receptorNombre?: string;
  usoCFDI: string;
  formaPago?: string;
  metodoPago?: string;
  moneda: string;
  tipoCambio?: string;
  subTotal: string;
  descuento: string;
  total: string;
  /** Federal taxes from the Comprobante Impuestos node (0 when absent). */
  ivaTrasladado: string;
  iepsTrasladado: string;
  ivaRetenido: string;
  isrRetenido: string;
  iepsRetenido: string;
  /** Local taxes (implocal complement), 0 when absent. */
  trasladosLocales: string;
  retencionesLocales: string;
  /** Pagos: MontoTotalPagos (MXN) and the UUIDs of the documents paid. */
  montoTotalPagos?: string;
  documentosPagados: string[];
  /** Related CFDI UUIDs, all groups. */
  relacionados: string[];
}

const text = (d: Decimal) => d.toFixed();

/** CFDI 3.2 named taxes ("IVA"); 3.3 and 4.0 use c_Impuesto codes. */
const IMPUESTO_CODE: Record<string, string> = { ISR: '001', IVA: '002', IEPS: '003' };
const impuestoCode = (value: string): string => IMPUESTO_CODE[value.trim().toUpperCase()] ?? value.trim();

/**
 * An amount of a received document, or a CfdiReadError naming where it is: a stamped CFDI always has
 * schema-valid amounts, so an unreadable one means a damaged or forged file, not a zero.
 * xs:decimal collapses whitespace, so " 16.00 " is read (and stored) as "16.00".
 */
function amount(value: string | undefined, where: string): string {
  if (value === undefined) return '0';
  try {
    return toDecimal(value).toFixed();
  } catch {
    throw new CfdiReadError(`El CFDI tiene un importe ilegible en ${where}: "${value}"`);
  }
}

/**
 * Pagos 1.0 (CFDI 3.3) has no Totales node: MontoTotalPagos is what Pagos 2.0 defines it as,
 * Σ Monto × TipoCambioP in MXN rounded to 2 decimals, so both versions index alike.
 */
function montoTotalPagos10(pagos: Array<{ monto: string; tipoCambioP?: string }>): string {
  const total = sum(pagos.map((p) => toDecimalAmount(p.monto, 'Pago@Monto').times(toDecimalAmount(p.tipoCambioP ?? '1', 'Pago@TipoCambioP'))));
  return fixed(total, 2);
}

const toDecimalAmount = (value: string, where: string): Decimal => new Decimal(amount(value, where));

const asWritten = (value: string, where: string): string => {
  amount(value, where);
  return value.trim();
};

/**
 * Flattens a read CFDI into the fields the API stores to list and total received and issued documents:
 * identity (UUID, RFCs, fecha), amounts and per-tax totals. Missing nodes give "0", never undefined.
 */
export function summarizeCfdi(c: Cfdi): CfdiSummary {
  const traslados = c.impuestos?.traslados ?? [];
  const retenciones = c.impuestos?.retenciones ?? [];
  const trasladado = (imp: string) =>
    sum(traslados.filter((t) => impuestoCode(t.impuesto) === imp).map((t) => amount(t.importe, 'Impuestos/Traslado@Importe')));
  const retenido = (imp: string) =>
    sum(retenciones.filter((r) => impuestoCode(r.impuesto) === imp).map((r) => amount(r.importe || undefined, 'Impuestos/Retencion@Importe')));
  const locales = c.complementos.find((e) => e.ns === NS.implocal && e.local === 'ImpuestosLocales');
  const local = (name: string) => new Decimal(amount(locales?.attrs.get(name), `implocal:ImpuestosLocales@${name}`));
  return {
    uuid: c.timbre?.uuid,
    version: c.version,
    tipoDeComprobante: c.tipoDeComprobante,
    serie: c.serie,
    folio: c.folio,
    fecha: c.fecha,
    fechaTimbrado: c.timbre?.fechaTimbrado,
    emisorRfc: c.emisor.rfc,
    emisorNombre: c.emisor.nombre,
    receptorRfc: c.receptor.rfc,
    receptorNombre: c.receptor.nombre,
    usoCFDI: c.receptor.usoCFDI,
    formaPago: c.formaPago,
    metodoPago: c.metodoPago,
    moneda: c.moneda,
    tipoCambio: c.tipoCambio,
    subTotal: asWritten(c.subTotal, 'Comprobante@SubTotal'),
    descuento: c.descuento === undefined ? '0' : asWritten(c.descuento, 'Comprobante@Descuento'),
    total: asWritten(c.total, 'Comprobante@Total'),
    ivaTrasladado: text(trasladado('002')),
    iepsTrasladado: text(trasladado('003')),
    ivaRetenido: text(retenido('002')),
    isrRetenido: text(retenido('001')),
    iepsRetenido: text(retenido('003')),
    trasladosLocales: text(local('TotaldeTraslados')),
    retencionesLocales: text(local('TotaldeRetenciones')),
    montoTotalPagos: c.pagos && (c.pagos.totales?.montoTotalPagos ?? montoTotalPagos10(c.pagos.pagos)),
    documentosPagados: c.pagos?.pagos.flatMap((p) => p.doctos.map((d) => d.idDocumento)) ?? [],
    relacionados: c.cfdiRelacionados.flatMap((g) => g.uuids),
  };
}
