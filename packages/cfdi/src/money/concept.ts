import { Decimal, sum, toDecimal, type DecimalInput } from './decimal';
import { fixed, formatTasaOCuota, roundTo } from './rounding';
import { IMPUESTO, objetoImpTaxes, TASAS, type Impuesto, type ObjetoImp, type TipoFactor } from './rates';
import { taxImporteLimits } from './limits';

/** One tax a concept carries, as the caller asks for it. */
export interface TaxInput {
  impuesto: Impuesto;
  tipoFactor: TipoFactor;
  /** Rate or quota as a decimal string ("0.16" or "0.160000"); absent for Exento. */
  tasaOCuota?: string;
  /**
   * Base override. Without it: Importe − Descuento; plus the concept's IEPS traslados for an IVA
   * traslado (art. 18 LIVA: IEPS is part of the value IVA applies to); the quantity for a Cuota.
   */
  base?: string;
}

/** The amounts of one concept as the user enters them. */
export interface ConceptAmountsInput {
  cantidad: string;
  valorUnitario: string;
  descuento?: string;
  /** c_ObjetoImp; decides whether taxes may or must be present. Default '02'. */
  objetoImp?: ObjetoImp | string;
  traslados?: TaxInput[];
  retenciones?: TaxInput[];
}

/** A computed tax line; every amount is a decimal string already formatted for the XML. */
export interface TaxLine {
  base: string;
  impuesto: Impuesto;
  tipoFactor: TipoFactor;
  /** 6 decimals; absent for Exento. */
  tasaOCuota?: string;
  /** Currency decimals; absent for Exento. */
  importe?: string;
}

export interface ConceptAmounts {
  /** Cantidad × ValorUnitario rounded to the currency decimals. */
  importe: string;
  /** Present only when the input had a discount. */
  descuento?: string;
  traslados: TaxLine[];
  retenciones: TaxLine[];
}

/** A rule of Anexo 20 the input breaks; the message is Spanish and fit to show. */
export class TaxRuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TaxRuleError';
  }
}

/** t_Importe in the XSD allows at most 6 decimals. */
const MAX_DECIMALS = 6;

/** Currency decimals, or more when a given base (a quantity for a cuota) really has them. */
function formatBase(base: Decimal, decimals: number): string {
  return base.toFixed(Math.min(MAX_DECIMALS, Math.max(decimals, base.decimalPlaces())));
}

/**
 * A user-typed amount as a Decimal, or a TaxRuleError naming the field: a bare "no es un número"
 * from deep inside would not tell the user which box to fix.
 */
function amountOf(value: DecimalInput, field: string): Decimal {
  try {
    return toDecimal(value);
  } catch (e) {
    throw new TaxRuleError(`${field}: ${(e as Error).message}`);
  }
}

function taxImporte(base: Decimal, tasa: Decimal, decimals: number): Decimal {
  // Anexo 20: Importe = Base × TasaOCuota, rounded half up to the currency decimals.
  return roundTo(base.times(tasa), decimals);
}

const withArticle = (tipo: string): string => (tipo === 'retención' ? 'una retención' : 'un traslado');

/**
 * The Base of one tax line. cfdv40.xsd sets minInclusive 0.000001 on every concept tax Base, so a
 * zero base (full discount, ValorUnitario 0) or a negative override is refused here rather than by the PAC.
 */
function taxBase(tax: TaxInput, fallback: Decimal, tipo: string): Decimal {
  const base = roundTo(tax.base !== undefined ? amountOf(tax.base, `Base del ${tipo}`) : fallback, MAX_DECIMALS);
  if (!base.isPositive() || base.isZero()) {
    throw new TaxRuleError(
      `La base de ${withArticle(tipo)} debe ser mayor que cero (${base.toFixed()}); si el concepto no causa impuestos (descuento total o valor cero) use ObjetoImp 01`,
    );
  }
  return base;
}

function computeTax(
  tax: TaxInput,
  defaultBase: Decimal,
  cantidad: Decimal,
  decimals: number,
  retencion: boolean,
): { line: TaxLine; importe: Decimal } {
  const tipo = retencion ? 'retención' : 'traslado';
  if (retencion && tax.tipoFactor === 'Exento') {
    throw new TaxRuleError('Una retención no puede tener TipoFactor Exento');
  }
  if (tax.tipoFactor === 'Exento') {
    if (tax.impuesto !== IMPUESTO.IVA && tax.impuesto !== IMPUESTO.IEPS) {
      throw new TaxRuleError('Solo IVA o IEPS pueden trasladarse como exentos');
    }
    const base = taxBase(tax, defaultBase, tipo);
    return { line: { base: formatBase(base, decimals), impuesto: tax.impuesto, tipoFactor: 'Exento' }, importe: new Decimal(0) };
  }
  if (tax.tasaOCuota === undefined) throw new TaxRuleError(`Falta la tasa o cuota de ${withArticle(tipo)}`);
  const tasa = amountOf(tax.tasaOCuota, `TasaOCuota del ${tipo}`);
  if (tasa.isNegative()) throw new TaxRuleError('La tasa o cuota no puede ser negativa');
  // The XML carries 6 decimals: computing with more would give an Importe that the written rate does not.
  if (tasa.decimalPlaces() > MAX_DECIMALS) throw new TaxRuleError('La tasa o cuota admite como máximo 6 decimales');
  if (tax.tipoFactor === 'Cuota' && tax.impuesto !== IMPUESTO.IEPS) {
    throw new TaxRuleError('Solo el IEPS admite TipoFactor Cuota');
  }
  if (!retencion && tax.impuesto === IMPUESTO.ISR) throw new TaxRuleError('El ISR no se traslada, solo se retiene');
  // A cuota applies per unit (litres, cigarettes), so its natural base is the quantity.
  const base = taxBase(tax, tax.tipoFactor === 'Cuota' ? cantidad : defaultBase, tipo);
  const importe = taxImporte(base, tasa, decimals);
  return {
    line: {
      base: formatBase(base, decimals),
      impuesto: tax.impuesto,
      tipoFactor: tax.tipoFactor,
      tasaOCuota: formatTasaOCuota(tasa),
      importe: fixed(importe, decimals),
    },
    importe,
  };
}

/**
 * Computes one concept's Importe and taxes the way Anexo 20 / Guía de llenado CFDI 4.0 want them:
 * Importe = Cantidad × ValorUnitario (rounded to the currency decimals), Descuento ≤ Importe,
 * tax Base = Importe − Descuento, tax Importe = Base × TasaOCuota rounded half up.
 * @param decimals the currency's decimals (see currencyDecimals)
 * @throws TaxRuleError when the input breaks a rule (Spanish message)
 */
export function computeConcept(input: ConceptAmountsInput, decimals: number): ConceptAmounts {
  const cantidad = amountOf(input.cantidad, 'Cantidad');
  const valorUnitario = amountOf(input.valorUnitario, 'ValorUnitario');
  // Anexo 20 allows 6 decimals in both; computing from more would not match what the XML shows.
  if (cantidad.decimalPlaces() > MAX_DECIMALS) throw new TaxRuleError('La cantidad admite como máximo 6 decimales');
  if (valorUnitario.decimalPlaces() > MAX_DECIMALS) throw new TaxRuleError('El valor unitario admite como máximo 6 decimales');
  if (!cantidad.isPositive() || cantidad.isZero()) throw new TaxRuleError('La cantidad debe ser mayor que cero');
  if (valorUnitario.isNegative()) throw new TaxRuleError('El valor unitario no puede ser negativo');
  const importe = roundTo(cantidad.times(valorUnitario), decimals);
  const descuento = input.descuento !== undefined ? roundTo(amountOf(input.descuento, 'Descuento'), decimals) : undefined;
  if (descuento?.isNegative()) throw new TaxRuleError('El descuento no puede ser negativo');
  if (descuento?.greaterThan(importe)) throw new TaxRuleError('El descuento no puede ser mayor que el importe');
  const base = descuento ? importe.minus(descuento) : importe;

  const traslados = input.traslados ?? [];
  const retenciones = input.retenciones ?? [];
  const rule = objetoImpTaxes(input.objetoImp ?? '02');
  const hasTaxes = traslados.length + retenciones.length > 0;
  if (rule === 'forbidden' && hasTaxes) {
    throw new TaxRuleError(`Con ObjetoImp ${input.objetoImp} el concepto no debe llevar impuestos`);
  }
  if (rule === 'required' && !hasTaxes) {
    throw new TaxRuleError(`Con ObjetoImp ${input.objetoImp ?? '02'} el concepto debe llevar al menos un impuesto`);
  }

  // IEPS first: its importe joins the IVA base when no explicit base was given.
  const iepsLines = traslados
    .filter((t) => t.impuesto === IMPUESTO.IEPS)
    .map((t) => computeTax(t, base, cantidad, decimals, false));
  const iepsTotal = sum(iepsLines.map((l) => l.importe));
  let iepsIndex = 0;
  const trasladoLines = traslados.map((t) => {
    if (t.impuesto === IMPUESTO.IEPS) return iepsLines[iepsIndex++].line;
    const ivaBase = t.impuesto === IMPUESTO.IVA ? base.plus(iepsTotal) : base;
    return computeTax(t, ivaBase, cantidad, decimals, false).line;
  });
  const retencionLines = retenciones.map((t) => twoThirdsOfIva(computeTax(t, base, cantidad, decimals, true).line, trasladoLines, decimals));
  assertNoDuplicates(trasladoLines, 'traslado');
  assertNoDuplicates(retencionLines, 'retención');

  return {
    importe: fixed(importe, decimals),
    ...(descuento !== undefined ? { descuento: fixed(descuento, decimals) } : {}),
    traslados: trasladoLines,
    retenciones: retencionLines,
  };
}

/**
 * The two-thirds IVA retention (art. 3 RLIVA: services of personas físicas, rent, fletes aside) is two thirds of the
 * IVA actually charged, not Base × 0.106667: 15,000 of services give IVA 2,400.00 and a retention of 1,600.00, where
 * the rate written with 6 decimals gives 1,600.01 and a total a cent short. SAT's c_TasaOCuota only lets the rate be
 * written as 0.106667, and Anexo 20 accepts any Importe inside (Base ∓ 10^-n/2) × TasaOCuota (taxImporteLimits), so
 * the Importe is IVA × 2/3 rounded to the currency decimals, kept inside those limits (for a Base above ~15,000 the
 * exact two thirds can fall outside them: then the nearest limit is written, so the PAC never refuses it).
 * The IVA is the concept's 16 % traslado on the same Base, or Base × 16 % rounded when the concept has none.
 * Decision 272.
 */
function twoThirdsOfIva(line: TaxLine, traslados: TaxLine[], decimals: number): TaxLine {
  if (line.impuesto !== IMPUESTO.IVA || line.tipoFactor !== 'Tasa' || line.tasaOCuota !== TASAS.IVA_RET_2_3) return line;
  const iva16 = traslados.find((t) => t.impuesto === IMPUESTO.IVA && t.tipoFactor === 'Tasa' && t.tasaOCuota === TASAS.IVA_16 && toDecimal(t.base).eq(line.base));
  const iva = iva16?.importe !== undefined ? toDecimal(iva16.importe) : roundTo(toDecimal(line.base).times(TASAS.IVA_16), decimals);
  const wanted = roundTo(iva.times(2).div(3), decimals);
  const limits = taxImporteLimits(line.base, line.tasaOCuota, decimals);
  const importe = Decimal.min(Decimal.max(wanted, toDecimal(limits.inferior)), toDecimal(limits.superior));
  return { ...line, importe: fixed(importe, decimals) };
}

function assertNoDuplicates(lines: TaxLine[], tipo: string): void {
  const seen = new Set<string>();
  for (const l of lines) {
    const key = `${l.impuesto}|${l.tipoFactor}|${l.tasaOCuota ?? ''}`;
    if (seen.has(key)) throw new TaxRuleError(`El concepto repite el mismo ${tipo} (${key})`);
    seen.add(key);
  }
}

/** Sums decimal strings exactly (helper for callers that hold API strings). */
export function sumAmounts(values: DecimalInput[], decimals: number): string {
  return fixed(sum(values), decimals);
}
