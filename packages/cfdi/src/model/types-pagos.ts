/** Pagos 2.0 complement, typed view (amounts are decimal strings as written). */
export interface Pagos {
  version: string;
  totales?: PagosTotales;
  pagos: Pago[];
}

export interface PagosTotales {
  totalRetencionesIVA?: string;
  totalRetencionesISR?: string;
  totalRetencionesIEPS?: string;
  totalTrasladosBaseIVA16?: string;
  totalTrasladosImpuestoIVA16?: string;
  totalTrasladosBaseIVA8?: string;
  totalTrasladosImpuestoIVA8?: string;
  totalTrasladosBaseIVA0?: string;
  totalTrasladosImpuestoIVA0?: string;
  totalTrasladosBaseIVAExento?: string;
  montoTotalPagos: string;
}

export interface Pago {
  fechaPago: string;
  formaDePagoP: string;
  monedaP: string;
  tipoCambioP?: string;
  monto: string;
  numOperacion?: string;
  rfcEmisorCtaOrd?: string;
  nomBancoOrdExt?: string;
  ctaOrdenante?: string;
  rfcEmisorCtaBen?: string;
  ctaBeneficiario?: string;
  tipoCadPago?: string;
  certPago?: string;
  cadPago?: string;
  selloPago?: string;
  doctos: DoctoRelacionado[];
  retencionesP: { impuestoP: string; importeP: string }[];
  trasladosP: { baseP: string; impuestoP: string; tipoFactorP: string; tasaOCuotaP?: string; importeP?: string }[];
}

export interface ImpuestoDR {
  baseDR: string;
  impuestoDR: string;
  tipoFactorDR: string;
  tasaOCuotaDR?: string;
  importeDR?: string;
}

export interface DoctoRelacionado {
  idDocumento: string;
  serie?: string;
  folio?: string;
  monedaDR: string;
  equivalenciaDR?: string;
  numParcialidad?: string;
  impSaldoAnt?: string;
  impPagado?: string;
  impSaldoInsoluto?: string;
  objetoImpDR?: string;
  retencionesDR: ImpuestoDR[];
  trasladosDR: ImpuestoDR[];
}
