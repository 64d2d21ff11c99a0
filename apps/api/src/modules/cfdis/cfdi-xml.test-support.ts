import { Decimal } from '@facturo/cfdi/money';

/**
 * Small hand-written stamped CFDI 4.0 documents for store, list and stats tests. The TFD is not sealed:
 * the store reads documents, it does not verify them (E1's stamping and G's import do).
 */

const TFD_NS = 'http://www.sat.gob.mx/TimbreFiscalDigital';

export function tfd(uuid: string, fechaTimbrado = '2026-01-15T10:00:00'): string {
  return `<tfd:TimbreFiscalDigital xmlns:tfd="${TFD_NS}" Version="1.1" UUID="${uuid}" FechaTimbrado="${fechaTimbrado}" RfcProvCertif="SPR190613I52" SelloCFD="AA==" NoCertificadoSAT="30001000000500003456" SelloSAT="AA=="/>`;
}

/** Adds a TimbreFiscalDigital to a fixture CFDI (the engine's vectors are unstamped). */
export function withTimbre(xml: string, uuid: string): string {
  if (xml.includes('<cfdi:Complemento>')) return xml.replace('<cfdi:Complemento>', `<cfdi:Complemento>${tfd(uuid)}`);
  return xml.replace('</cfdi:Comprobante>', `<cfdi:Complemento>${tfd(uuid)}</cfdi:Complemento></cfdi:Comprobante>`);
}

export interface TestDoc {
  uuid: string;
  tipo?: 'I' | 'E';
  emisor?: string;
  receptor?: string;
  receptorNombre?: string;
  fecha?: string;
  serie?: string;
  folio?: string;
  /** Base of IVA 16 %; Total = base × 1.16. */
  base?: string;
  metodoPago?: 'PUE' | 'PPD';
  moneda?: string;
  tipoCambio?: string;
  relacion?: { tipo: string; uuids: string[] };
}

/** A CFDI 4.0 ingreso (or egreso) with one concept at IVA 16 %. */
export function invoiceXml(d: TestDoc): string {
  const base = new Decimal(d.base ?? '1000');
  const iva = base.times('0.16').toFixed(2);
  const total = base.plus(iva).toFixed(2);
  const metodo = d.metodoPago ?? 'PUE';
  const rel = d.relacion
    ? `<cfdi:CfdiRelacionados TipoRelacion="${d.relacion.tipo}">${d.relacion.uuids.map((u) => `<cfdi:CfdiRelacionado UUID="${u}"/>`).join('')}</cfdi:CfdiRelacionados>`
    : '';
  const moneda = d.moneda ?? 'MXN';
  return `<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Serie="${d.serie ?? 'F'}" Folio="${d.folio ?? '1'}" Fecha="${d.fecha ?? '2026-01-15T09:30:00'}" FormaPago="${metodo === 'PPD' ? '99' : '03'}" NoCertificado="30001000000500003416" Certificado="" Sello="" SubTotal="${base.toFixed(2)}" Moneda="${moneda}"${moneda === 'MXN' ? '' : ` TipoCambio="${d.tipoCambio ?? '17.5'}"`} Total="${total}" TipoDeComprobante="${d.tipo ?? 'I'}" Exportacion="01" MetodoPago="${metodo}" LugarExpedicion="06600">
${rel}<cfdi:Emisor Rfc="${d.emisor ?? 'EKU9003173C9'}" Nombre="ESCUELA KEMPER URGATE" RegimenFiscal="601"/>
<cfdi:Receptor Rfc="${d.receptor ?? 'XAXX010101000'}" Nombre="${d.receptorNombre ?? 'CLIENTE DE PRUEBA'}" DomicilioFiscalReceptor="06600" RegimenFiscalReceptor="601" UsoCFDI="G03"/>
<cfdi:Conceptos><cfdi:Concepto ClaveProdServ="84111506" Cantidad="1" ClaveUnidad="E48" Descripcion="Servicio" ValorUnitario="${base.toFixed(2)}" Importe="${base.toFixed(2)}" ObjetoImp="02"><cfdi:Impuestos><cfdi:Traslados><cfdi:Traslado Base="${base.toFixed(2)}" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="${iva}"/></cfdi:Traslados></cfdi:Impuestos></cfdi:Concepto></cfdi:Conceptos>
<cfdi:Impuestos TotalImpuestosTrasladados="${iva}"><cfdi:Traslados><cfdi:Traslado Base="${base.toFixed(2)}" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="${iva}"/></cfdi:Traslados></cfdi:Impuestos>
<cfdi:Complemento>${tfd(d.uuid, (d.fecha ?? '2026-01-15T09:30:00').replace('09:30', '09:31'))}</cfdi:Complemento>
</cfdi:Comprobante>`;
}

export interface TestPayment {
  uuid: string;
  emisor?: string;
  receptor?: string;
  fecha?: string;
  fechaPago?: string;
  /** The paid invoice (IVA 16 %): its UUID, the amount paid (with IVA), the balance before. */
  docUuid: string;
  impPagado: string;
  impSaldoAnt: string;
  parcialidad?: number;
}

/** A CFDI 4.0 payment complement (Pagos 2.0) paying one IVA 16 % invoice in MXN. */
export function paymentXml(p: TestPayment): string {
  const paid = new Decimal(p.impPagado);
  const base = paid.div('1.16').toDecimalPlaces(2);
  const iva = paid.minus(base).toFixed(2);
  const insoluto = new Decimal(p.impSaldoAnt).minus(paid).toFixed(2);
  const fecha = p.fecha ?? '2026-02-10T12:00:00';
  return `<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:pago20="http://www.sat.gob.mx/Pagos20" Version="4.0" Serie="P" Folio="1" Fecha="${fecha}" NoCertificado="30001000000500003416" Certificado="" Sello="" SubTotal="0" Moneda="XXX" Total="0" TipoDeComprobante="P" Exportacion="01" LugarExpedicion="06600">
<cfdi:Emisor Rfc="${p.emisor ?? 'EKU9003173C9'}" Nombre="ESCUELA KEMPER URGATE" RegimenFiscal="601"/>
<cfdi:Receptor Rfc="${p.receptor ?? 'XAXX010101000'}" Nombre="CLIENTE DE PRUEBA" DomicilioFiscalReceptor="06600" RegimenFiscalReceptor="601" UsoCFDI="CP01"/>
<cfdi:Conceptos><cfdi:Concepto ClaveProdServ="84111506" Cantidad="1" ClaveUnidad="ACT" Descripcion="Pago" ValorUnitario="0" Importe="0" ObjetoImp="01"/></cfdi:Conceptos>
<cfdi:Complemento><pago20:Pagos Version="2.0"><pago20:Totales TotalTrasladosBaseIVA16="${base.toFixed(2)}" TotalTrasladosImpuestoIVA16="${iva}" MontoTotalPagos="${paid.toFixed(2)}"/>
<pago20:Pago FechaPago="${p.fechaPago ?? fecha}" FormaDePagoP="03" MonedaP="MXN" TipoCambioP="1" Monto="${paid.toFixed(2)}">
<pago20:DoctoRelacionado IdDocumento="${p.docUuid}" MonedaDR="MXN" EquivalenciaDR="1" NumParcialidad="${p.parcialidad ?? 1}" ImpSaldoAnt="${p.impSaldoAnt}" ImpPagado="${paid.toFixed(2)}" ImpSaldoInsoluto="${insoluto}" ObjetoImpDR="02">
<pago20:ImpuestosDR><pago20:TrasladosDR><pago20:TrasladoDR BaseDR="${base.toFixed(2)}" ImpuestoDR="002" TipoFactorDR="Tasa" TasaOCuotaDR="0.160000" ImporteDR="${iva}"/></pago20:TrasladosDR></pago20:ImpuestosDR>
</pago20:DoctoRelacionado></pago20:Pago></pago20:Pagos>${tfd(p.uuid)}</cfdi:Complemento>
</cfdi:Comprobante>`;
}

/** A deterministic UUID-shaped id for tests: uuidOf(7) → 00000000-0000-4000-8000-000000000007. */
export const uuidOf = (n: number, prefix = '00000000'): string => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;
