import { NS } from '../xml';
import { Decimal, sum, toDecimal } from '../money';
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

/**
 * Flattens a read CFDI into the fields the API stores to list and total received and issued documents:
 * identity (UUID, RFCs, fecha), amounts and per-tax totals. Missing nodes give "0", never undefined.
 */
export function summarizeCfdi(c: Cfdi): CfdiSummary {
  const traslados = c.impuestos?.traslados ?? [];
  const retenciones = c.impuestos?.retenciones ?? [];
  const trasladado = (imp: string) => sum(traslados.filter((t) => t.impuesto === imp).map((t) => t.importe ?? '0'));
  const retenido = (imp: string) => sum(retenciones.filter((r) => r.impuesto === imp).map((r) => r.importe));
  const locales = c.complementos.find((e) => e.ns === NS.implocal && e.local === 'ImpuestosLocales');
  const local = (name: string) => {
    const value = locales?.attrs.get(name);
    try {
      return value ? toDecimal(value) : new Decimal(0);
    } catch {
      return new Decimal(0);
    }
  };
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
    subTotal: c.subTotal,
    descuento: c.descuento ?? '0',
    total: c.total,
    ivaTrasladado: text(trasladado('002')),
    iepsTrasladado: text(trasladado('003')),
    ivaRetenido: text(retenido('002')),
    isrRetenido: text(retenido('001')),
    iepsRetenido: text(retenido('003')),
    trasladosLocales: text(local('TotaldeTraslados')),
    retencionesLocales: text(local('TotaldeRetenciones')),
    montoTotalPagos: c.pagos?.totales?.montoTotalPagos,
    documentosPagados: c.pagos?.pagos.flatMap((p) => p.doctos.map((d) => d.idDocumento)) ?? [],
    relacionados: c.cfdiRelacionados.flatMap((g) => g.uuids),
  };
}
