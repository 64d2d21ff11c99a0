import type { XmlElement } from '../../xml';
import { groupRetenciones, groupTraslados, type Impuesto, type RetencionTotal, type TaxLine, type TipoFactor, type TrasladoTotal } from '../../money';
import { attr, dec, type RuleContext } from './context';

/** Concept-level tax lines as written, skipping lines too broken to sum (their own rules report them). */
export function conceptTaxLines(ctx: RuleContext, kind: 'Traslado' | 'Retencion'): TaxLine[] {
  const conceptos = ctx.child(ctx.root, 'Conceptos');
  if (!conceptos) return [];
  const lines: TaxLine[] = [];
  for (const concepto of ctx.children(conceptos, 'Concepto')) {
    const impuestos = ctx.child(concepto, 'Impuestos');
    const group = impuestos && ctx.child(impuestos, kind === 'Traslado' ? 'Traslados' : 'Retenciones');
    if (!group) continue;
    for (const tax of ctx.children(group, kind)) {
      const line = readLine(tax);
      if (line) lines.push(line);
    }
  }
  return lines;
}

function readLine(tax: XmlElement): TaxLine | undefined {
  const base = attr(tax, 'Base');
  const tipoFactor = attr(tax, 'TipoFactor') as TipoFactor | undefined;
  const tasa = attr(tax, 'TasaOCuota');
  const importe = attr(tax, 'Importe');
  if (!dec(base) || !tipoFactor) return undefined;
  if (tipoFactor !== 'Exento' && (!dec(tasa) || !dec(importe))) return undefined;
  return {
    base: base!,
    impuesto: (attr(tax, 'Impuesto') ?? '') as Impuesto,
    tipoFactor,
    ...(tipoFactor !== 'Exento' ? { tasaOCuota: dec(tasa)!.toFixed(6), importe: importe! } : {}),
  };
}

/** The Comprobante-level tax groups the concepts add up to (B1's grouping, at the currency decimals). */
export interface ExpectedTaxes {
  traslados: TrasladoTotal[];
  retenciones: RetencionTotal[];
}

export function expectedTaxes(ctx: RuleContext): ExpectedTaxes {
  return {
    traslados: groupTraslados(conceptTaxLines(ctx, 'Traslado'), ctx.decimals),
    retenciones: groupRetenciones(conceptTaxLines(ctx, 'Retencion'), ctx.decimals),
  };
}

/** Key of a traslado group: Impuesto|TipoFactor|TasaOCuota (6 decimals). */
export const trasladoKey = (impuesto: string, factor: string, tasa: string | undefined): string =>
  `${impuesto}|${factor}|${tasa !== undefined && dec(tasa) ? dec(tasa)!.toFixed(6) : ''}`;
