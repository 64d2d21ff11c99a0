import { Decimal, sum, toDecimal } from './decimal';
import { fixed } from './rounding';
import { computeConcept, type ConceptAmounts, type ConceptAmountsInput, type TaxLine } from './concept';
import type { Impuesto, TipoFactor } from './rates';
import { currencyDecimals } from './currency';

/** Comprobante-level traslado: one per (Impuesto, TipoFactor, TasaOCuota). */
export interface TrasladoTotal {
  base: string;
  impuesto: Impuesto;
  tipoFactor: TipoFactor;
  tasaOCuota?: string;
  importe?: string;
}

/** Comprobante-level retención: one per Impuesto. */
export interface RetencionTotal {
  impuesto: Impuesto;
  importe: string;
}

/** Everything the Comprobante carries about amounts, ready for the XML (decimal strings). */
export interface DocumentTotals {
  conceptos: ConceptAmounts[];
  subTotal: string;
  /** Present when at least one concept has a Descuento. */
  descuento?: string;
  traslados: TrasladoTotal[];
  retenciones: RetencionTotal[];
  /** Absent when there are no traslados with TipoFactor Tasa/Cuota (exento-only gives none). */
  totalImpuestosTrasladados?: string;
  /** Absent when there are no retenciones. */
  totalImpuestosRetenidos?: string;
  total: string;
}

/**
 * Groups concept-level traslados as Anexo 20 asks for the Comprobante node: sum Base and Importe per
 * (Impuesto, TipoFactor, TasaOCuota), keeping first-seen order. Concept importes are already rounded,
 * so the sums are exact and SAT's "suma de los importes" checks hold.
 */
export function groupTraslados(lines: TaxLine[], decimals: number): TrasladoTotal[] {
  const groups = new Map<string, { line: TaxLine; base: Decimal; importe: Decimal }>();
  for (const line of lines) {
    const tasa = line.tasaOCuota !== undefined ? toDecimal(line.tasaOCuota).toFixed(6) : '';
    const key = `${line.impuesto}|${line.tipoFactor}|${tasa}`;
    const g = groups.get(key) ?? { line, base: new Decimal(0), importe: new Decimal(0) };
    g.base = g.base.plus(toDecimal(line.base));
    if (line.importe !== undefined) g.importe = g.importe.plus(toDecimal(line.importe));
    groups.set(key, g);
  }
  return [...groups.values()].map(({ line, base, importe }) =>
    line.tipoFactor === 'Exento'
      ? { base: fixed(base, decimals), impuesto: line.impuesto, tipoFactor: 'Exento' }
      : {
          base: fixed(base, decimals),
          impuesto: line.impuesto,
          tipoFactor: line.tipoFactor,
          tasaOCuota: toDecimal(line.tasaOCuota!).toFixed(6),
          importe: fixed(importe, decimals),
        },
  );
}

/** Groups concept-level retenciones per Impuesto (Anexo 20: the Comprobante node has no Base). */
export function groupRetenciones(lines: TaxLine[], decimals: number): RetencionTotal[] {
  const groups = new Map<Impuesto, Decimal>();
  for (const line of lines) {
    groups.set(line.impuesto, (groups.get(line.impuesto) ?? new Decimal(0)).plus(toDecimal(line.importe ?? '0')));
  }
  return [...groups].map(([impuesto, importe]) => ({ impuesto, importe: fixed(importe, decimals) }));
}

/**
 * Computes a whole invoice: each concept (computeConcept), SubTotal = Σ Importe, Descuento = Σ
 * Descuento, grouped taxes, TotalImpuestosTrasladados/Retenidos and
 * Total = SubTotal − Descuento + traslados − retenciones, all at the currency's decimals.
 * @param currency the c_Moneda code ("MXN") or directly the number of decimals
 * @throws TaxRuleError when a concept breaks a rule
 */
export function computeTotals(conceptos: ConceptAmountsInput[], currency: string | number): DocumentTotals {
  const decimals = typeof currency === 'number' ? currency : currencyDecimals(currency);
  const computed = conceptos.map((c) => computeConcept(c, decimals));
  return totalsFromConcepts(computed, decimals);
}

/** The document totals for concepts already computed (or read from an XML). */
export function totalsFromConcepts(computed: ConceptAmounts[], decimals: number): DocumentTotals {
  const subTotal = sum(computed.map((c) => c.importe));
  const withDiscount = computed.filter((c) => c.descuento !== undefined);
  const descuento = sum(withDiscount.map((c) => c.descuento!));
  const traslados = groupTraslados(computed.flatMap((c) => c.traslados), decimals);
  const retenciones = groupRetenciones(computed.flatMap((c) => c.retenciones), decimals);
  const withImporte = traslados.filter((t) => t.importe !== undefined);
  const trasladados = sum(withImporte.map((t) => t.importe!));
  const retenidos = sum(retenciones.map((r) => r.importe));
  const total = subTotal.minus(descuento).plus(trasladados).minus(retenidos);
  return {
    conceptos: computed,
    subTotal: fixed(subTotal, decimals),
    ...(withDiscount.length > 0 ? { descuento: fixed(descuento, decimals) } : {}),
    traslados,
    retenciones,
    ...(withImporte.length > 0 ? { totalImpuestosTrasladados: fixed(trasladados, decimals) } : {}),
    ...(retenciones.length > 0 ? { totalImpuestosRetenidos: fixed(retenidos, decimals) } : {}),
    total: fixed(total, decimals),
  };
}
