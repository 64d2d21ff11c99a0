import { Decimal } from '../../money/decimal';
import type { EsCancelable } from '../port';

/** RFCs SAT uses for "público en general" and for foreign residents. */
export const RFC_PUBLICO_EN_GENERAL = 'XAXX010101000';
export const RFC_EXTRANJERO = 'XEXX010101000';

/** Amount (MXN) up to which an ingreso cancels without the receptor's acceptance. */
export const MONTO_SIN_ACEPTACION = new Decimal(1000);
/** Window after stamping in which any CFDI cancels without acceptance. */
export const VENTANA_SIN_ACEPTACION_MS = 24 * 60 * 60 * 1000;
/** How long the receptor has to answer before SAT cancels by "plazo vencido". */
export const PLAZO_RESPUESTA_MS = 72 * 60 * 60 * 1000;

/** The facts of a stamped CFDI that decide how it cancels. */
export interface CancellationFacts {
  tipoDeComprobante: string;
  total: string;
  moneda: string;
  tipoCambio?: string;
  rfcReceptor: string;
  /** Epoch ms of FechaTimbrado. */
  stampedAt: number;
  /** True when another vigente CFDI relates to this one (payments, notes) other than by substitution. */
  hasLiveRelatedDocuments: boolean;
}

/**
 * Decides SAT's "EsCancelable" for a CFDI at instant `now`, following the RMF cases that skip the
 * receptor's acceptance (monto ≤ 1,000 MXN, nómina, egresos, traslado, público en general,
 * extranjeros, first 24 h). A CFDI that other vigente CFDIs point to cannot be cancelled until they are.
 */
export function esCancelable(facts: CancellationFacts, now: number): EsCancelable {
  if (facts.hasLiveRelatedDocuments) return 'No cancelable';
  // 'RET': constancias de retenciones are cancelled without the receptor's acceptance.
  if (['N', 'E', 'T', 'RET'].includes(facts.tipoDeComprobante)) return 'Cancelable sin aceptación';
  if (facts.rfcReceptor === RFC_PUBLICO_EN_GENERAL || facts.rfcReceptor === RFC_EXTRANJERO) {
    return 'Cancelable sin aceptación';
  }
  if (now - facts.stampedAt <= VENTANA_SIN_ACEPTACION_MS) return 'Cancelable sin aceptación';
  if (totalEnPesos(facts).lte(MONTO_SIN_ACEPTACION)) return 'Cancelable sin aceptación';
  return 'Cancelable con aceptación';
}

/** Total converted to MXN with the document's TipoCambio (1 when MXN or missing). */
export function totalEnPesos(facts: Pick<CancellationFacts, 'total' | 'moneda' | 'tipoCambio'>): Decimal {
  const total = new Decimal(facts.total);
  if (facts.moneda === 'MXN' || facts.moneda === 'XXX' || !facts.tipoCambio) return total;
  return total.mul(new Decimal(facts.tipoCambio));
}
