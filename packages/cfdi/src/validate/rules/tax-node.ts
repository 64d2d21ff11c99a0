import type { XmlElement } from '../../xml';
import { findEntry, tasaOCuotaAllowed } from '../../catalogs';
import { isWithinLimits, taxImporteLimits } from '../../money';
import { attr, dec, decimalsOf, shown, type RuleContext } from './context';

export type TaxKind = 'traslado' | 'retencion';

/** The SAT codes of one kind of tax node (a concept's Traslado, a DoctoRelacionado's RetencionDR…). */
export interface TaxNodeCodes {
  base: string;
  impuesto: string;
  factor: string;
  /** Exento where it is not allowed (retenciones) or Exento carrying TasaOCuota/Importe (traslados). */
  exento: string;
  /** Tasa or Cuota without TasaOCuota or Importe. */
  missing: string;
  tasa: string;
  importe: string;
}

export interface TaxNodeSpec {
  kind: TaxKind;
  /** Attribute-name suffix: '' for cfdi:Concepto taxes, 'DR' for pago20 DoctoRelacionado taxes. */
  suffix: '' | 'DR';
  codes: TaxNodeCodes;
  /** Currency decimals of the amounts; the Importe may carry more (Anexo 20) and is then checked at its own. */
  decimals: number;
  /** Document date (YYYY-MM-DD) for rates that depend on it. */
  fecha?: string;
}

/**
 * Checks one tax node the way Anexo 20 and Pagos 2.0 both define it: Base > 0, Impuesto in
 * c_Impuesto for this kind, TipoFactor in c_TipoFactor, Exento rules, TasaOCuota in c_TasaOCuota,
 * and Importe = Base × TasaOCuota within the rounding limits (with the exact value as the fix).
 */
export function checkTaxNode(ctx: RuleContext, tax: XmlElement, field: string, spec: TaxNodeSpec): void {
  const { codes, kind } = spec;
  const n = (name: string) => `${name}${spec.suffix}`;
  const baseText = attr(tax, n('Base'));
  const impuesto = attr(tax, n('Impuesto')) ?? '';
  const factor = attr(tax, n('TipoFactor')) ?? '';
  const tasa = attr(tax, n('TasaOCuota'));
  const importe = attr(tax, n('Importe'));
  const base = dec(baseText);
  if (!base?.gt(0)) {
    ctx.error(codes.base, `${field}.${n('Base')}`, `La ${n('Base')} del impuesto debe ser mayor que cero (se registró ${shown(baseText)}).`);
  }
  const entry = findEntry('c_Impuesto', impuesto);
  if (!entry || !entry[kind]) {
    const why = entry ? `no se puede ${kind === 'traslado' ? 'trasladar' : 'retener'}` : 'no está en el catálogo c_Impuesto';
    ctx.error(codes.impuesto, `${field}.${n('Impuesto')}`, `El ${n('Impuesto')} "${shown(impuesto)}" ${why}.`);
    return;
  }
  if (!findEntry('c_TipoFactor', factor)) {
    ctx.error(codes.factor, `${field}.${n('TipoFactor')}`, `${n('TipoFactor')} "${shown(factor)}" no está en el catálogo c_TipoFactor.`);
    return;
  }
  if (factor === 'Exento') {
    if (kind === 'retencion') {
      ctx.error(codes.exento, `${field}.${n('TipoFactor')}`, `Una retención no puede tener ${n('TipoFactor')} Exento; usa Tasa o Cuota.`);
    } else if (tasa !== undefined || importe !== undefined) {
      ctx.error(codes.exento, `${field}.${n('TipoFactor')}`, `Con ${n('TipoFactor')} Exento no se registran ${n('TasaOCuota')} ni ${n('Importe')}; elimínalos.`);
    }
    return;
  }
  if (tasa === undefined || importe === undefined) {
    const absent = tasa === undefined ? n('TasaOCuota') : n('Importe');
    ctx.error(codes.missing, `${field}.${absent}`, `Con ${n('TipoFactor')} ${factor} se deben registrar ${n('TasaOCuota')} e ${n('Importe')}.`);
    return;
  }
  if (!tasaOCuotaAllowed({ impuesto, tipoFactor: factor as 'Tasa' | 'Cuota', valor: tasa, tipo: kind, fecha: spec.fecha })) {
    const where = kind === 'traslado' ? 'traslados' : 'retenciones';
    ctx.error(codes.tasa, `${field}.${n('TasaOCuota')}`, `${n('TasaOCuota')} ${tasa} no está permitida en c_TasaOCuota para ${entry.descripcion} ${factor} en ${where}.`);
    return;
  }
  if (base && baseText !== undefined && dec(importe) && dec(tasa)) {
    const limits = taxImporteLimits(baseText, tasa, Math.max(spec.decimals, decimalsOf(importe)));
    if (!isWithinLimits(importe, limits)) {
      const exact = base.times(tasa).toDecimalPlaces(spec.decimals).toFixed(spec.decimals);
      ctx.error(codes.importe, `${field}.${n('Importe')}`, `El ${n('Importe')} ${importe} no corresponde a ${n('Base')} × ${n('TasaOCuota')} (${baseText} × ${tasa}); debe estar entre ${limits.inferior} y ${limits.superior}, por ejemplo ${exact}.`, { field: `${field}.${n('Importe')}`, value: exact });
    }
  }
}
