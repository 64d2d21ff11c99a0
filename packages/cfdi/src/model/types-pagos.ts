import type { PagosTotales } from '../money/pagos';

// One pago20:Totales shape: the calculator (money) writes it and this reader returns it.
export type { PagosTotales };

/** Pagos 2.0 complement, typed view (amounts are decimal strings as written). */
export interface Pagos {
  version: string;
  totales?: PagosTotales;
  pagos: Pago[];
}

export interface Pago extends PagoDatosBancarios {
  fechaPago: string;
  formaDePagoP: string;
  monedaP: string;
  tipoCambioP?: string;
  monto: string;
  doctos: DoctoRelacionado[];
  retencionesP: { impuestoP: string; importeP: string }[];
  trasladosP: { baseP: string; impuestoP: string; tipoFactorP: string; tasaOCuotaP?: string; importeP?: string }[];
}

/**
 * The optional bank and payment-chain attributes of pago20:Pago, shared by the builder's
 * input and the reader's output (same names, same meaning).
 */
export interface PagoDatosBancarios {
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
