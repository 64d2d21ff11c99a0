import { Decimal } from '../money/decimal';
import { findEntry, getCatalog } from './registry';
import type { Persona } from './types';

/**
 * Decimal places SAT allows for amounts in `moneda` (c_Moneda "Decimales": MXN 2, JPY 0, ...).
 * @throws Error when the currency is not in c_Moneda.
 */
export function currencyDecimals(moneda: string): number {
  const entry = findEntry('c_Moneda', moneda);
  if (!entry) throw new Error(`La moneda ${moneda} no está en el catálogo c_Moneda`);
  return entry.decimales;
}

/**
 * Persona type implied by an RFC's length: 13 characters física, 12 moral; null for anything else.
 * The generic RFCs (XAXX010101000, XEXX010101000) are 13 characters, so física, as SAT treats them.
 */
export function personaFromRfc(rfc: string): Persona | null {
  const clean = rfc.trim();
  if (clean.length === 13) return 'fisica';
  if (clean.length === 12) return 'moral';
  return null;
}

/** True when the c_RegimenFiscal clave exists and applies to the persona type. */
export function regimenAllowed(regimen: string, persona: Persona): boolean {
  const entry = findEntry('c_RegimenFiscal', regimen);
  return Boolean(entry && entry[persona]);
}

/**
 * True when the receptor may use `uso` (c_UsoCFDI): the uso applies to the persona type and the
 * receptor's régimen is one of those SAT lists for it (CFDI40140/CFDI40141/CFDI40157 family).
 */
export function usoCfdiAllowed(uso: string, regimenReceptor: string, persona: Persona): boolean {
  const entry = findEntry('c_UsoCFDI', uso);
  if (!entry || !entry[persona]) return false;
  return entry.regimenesReceptor.includes(regimenReceptor) && regimenAllowed(regimenReceptor, persona);
}

/** The c_UsoCFDI entries a receptor with this régimen and persona type may use. */
export function usosCfdiFor(regimenReceptor: string, persona: Persona): string[] {
  return getCatalog('c_UsoCFDI')
    .filter((e) => usoCfdiAllowed(e.clave, regimenReceptor, persona))
    .map((e) => e.clave);
}

export interface TasaOCuotaQuery {
  /** c_Impuesto clave ("002") or its name ("IVA"). */
  impuesto: string;
  tipoFactor: 'Tasa' | 'Cuota' | 'Exento';
  /** TasaOCuota as written in the CFDI ("0.160000"); absent for Exento. */
  valor?: string;
  /** Whether the line is a traslado or a retención. */
  tipo: 'traslado' | 'retencion';
  /** ISO date of the CFDI; rules not in force then are ignored. */
  fecha?: string;
}

const IMPUESTO_POR_NOMBRE: Record<string, string> = { ISR: '001', IVA: '002', IEPS: '003' };

/**
 * True when c_TasaOCuota allows the value for that impuesto, factor and traslado/retención: equal to a
 * fixed value or inside a range (inclusive). Exento is allowed for traslados only and carries no value.
 */
export function tasaOCuotaAllowed(q: TasaOCuotaQuery): boolean {
  const impuesto = IMPUESTO_POR_NOMBRE[q.impuesto.toUpperCase()] ?? q.impuesto;
  if (q.tipoFactor === 'Exento') return q.tipo === 'traslado' && (q.valor === undefined || q.valor === '') && impuesto !== '001';
  if (q.valor === undefined || !/^\d+(\.\d+)?$/.test(q.valor.trim())) return false;
  const valor = new Decimal(q.valor.trim());
  return getCatalog('c_TasaOCuota').some((rule) => {
    if (rule.impuesto !== impuesto || rule.factor !== q.tipoFactor || !rule[q.tipo]) return false;
    if (q.fecha && ((rule.vigenciaDesde && q.fecha < rule.vigenciaDesde) || (rule.vigenciaHasta && q.fecha > rule.vigenciaHasta))) {
      return false;
    }
    return valor.gte(rule.minimo) && valor.lte(rule.maximo);
  });
}

/** IVA 8 %: the rate of the border-region stimulus (decretos de estímulos fiscales región fronteriza norte y sur). */
export const IVA_TASA_FRONTERIZA = '0.080000';

/** True for an IVA traslado at the border rate (8 %), however the rate is written ("0.08", "0.080000"). */
export function isIvaFronteriza(impuesto: string, tipoFactor: string | undefined, tasaOCuota: string | undefined): boolean {
  const clave = IMPUESTO_POR_NOMBRE[impuesto.trim().toUpperCase()] ?? impuesto.trim();
  if (clave !== '002' || tipoFactor !== 'Tasa' || !tasaOCuota || !/^\d+(\.\d+)?$/.test(tasaOCuota.trim())) return false;
  return new Decimal(tasaOCuota.trim()).eq(IVA_TASA_FRONTERIZA);
}

/**
 * Why an 8 % IVA cannot be charged from this LugarExpedicion (Spanish, names the CP): the stimulus is only for
 * sales, services and rents in the región fronteriza norte or sur, which SAT marks per CP in c_CodigoPostal.
 * The validator and the invoice form say the same words (decision 272).
 */
export function ivaFronterizaMessage(cp: string): string {
  return `El IVA al 8 % solo aplica en la región fronteriza: el código postal ${cp} del lugar de expedición no tiene el estímulo de región fronteriza norte ni sur en el catálogo c_CodigoPostal del SAT. Usa la tasa del 16 % o expide desde tu domicilio en la región fronteriza.`;
}

/**
 * The warning a persona moral gets before stamping an invoice with an ISR retention (decision 272): it is not a
 * refusal (SAT stamps it), but ISR is withheld from personas físicas, not from a persona moral.
 */
export const ISR_RETENCION_PERSONA_MORAL =
  'Tu RFC es de persona moral: el ISR se retiene a personas físicas (honorarios, arrendamiento, RESICO), no a una persona moral. Revisa la retención de ISR antes de timbrar: esa retención no se acredita en tu pago provisional.';
