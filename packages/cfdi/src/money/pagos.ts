import { Decimal, sum, toDecimal, type DecimalInput } from './decimal';
import { fixed, roundTo, truncateTo } from './rounding';
import { currencyDecimals } from './currency';
import { TaxRuleError } from './concept';
import type { Impuesto, TipoFactor } from './rates';

/** A TrasladoDR / RetencionDR as written in (or for) a DoctoRelacionado. */
export interface PagoTaxInput {
  impuesto: Impuesto;
  tipoFactor: TipoFactor;
  tasaOCuota?: string;
  base: string;
  /** Absent for Exento. */
  importe?: string;
}

export interface DoctoAmountsInput {
  /** Units of MonedaDR per unit of MonedaP; "1" (default) when both currencies match. */
  equivalenciaDR?: string;
  impSaldoAnt: string;
  impPagado: string;
  monedaDR?: string;
  traslados?: PagoTaxInput[];
  retenciones?: PagoTaxInput[];
}

export interface PagoAmountsInput {
  monedaP: string;
  /** MXN per unit of MonedaP; "1" for MXN. */
  tipoCambioP?: string;
  /** The amount received; defaults to the minimum the documents need. */
  monto?: string;
  doctos: DoctoAmountsInput[];
}

export interface TrasladoP {
  baseP: string;
  impuestoP: Impuesto;
  tipoFactorP: TipoFactor;
  tasaOCuotaP?: string;
  importeP?: string;
}

export interface RetencionP {
  impuestoP: Impuesto;
  importeP: string;
}

export interface PagoAmounts {
  monto: string;
  /** Σ ImpPagado / EquivalenciaDR truncated to MonedaP decimals: Monto may not be lower. */
  montoMinimo: string;
  /** ImpSaldoInsoluto of each DoctoRelacionado, in order. */
  saldosInsolutos: string[];
  traslados: TrasladoP[];
  retenciones: RetencionP[];
}

/** pago20:Totales; absent keys mean "do not write the attribute". */
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

export interface PagosAmounts {
  totales: PagosTotales;
  pagos: PagoAmounts[];
}

/** ImpuestosP amounts carry 6 decimals, the most pago20's t_Importe allows. */
const P_DECIMALS = 6;
/** Quotients are cut at 24 places before summing, as CfdiUtils (bcmath scale 24) does. */
const SCALE = 24;

function divide(a: Decimal, b: Decimal): Decimal {
  return a.div(b).toDecimalPlaces(SCALE, Decimal.ROUND_DOWN);
}

/** ImpSaldoInsoluto = ImpSaldoAnt − ImpPagado at the document currency decimals; never negative. */
export function impSaldoInsoluto(impSaldoAnt: DecimalInput, impPagado: DecimalInput, decimals: number): string {
  const saldo = toDecimal(impSaldoAnt).minus(toDecimal(impPagado));
  if (saldo.isNegative()) throw new TaxRuleError('El importe pagado no puede ser mayor que el saldo anterior');
  return fixed(saldo, decimals);
}

/** Converts an amount in MonedaDR into MonedaP: amount / EquivalenciaDR (not rounded). */
export function toPaymentCurrency(amountDR: DecimalInput, equivalenciaDR: DecimalInput = '1'): Decimal {
  return divide(toDecimal(amountDR), toDecimal(equivalenciaDR));
}

/** A tax of the paid document as stamped on it (its Comprobante-level Traslado/Retención). */
export interface DocumentTax {
  impuesto: Impuesto;
  tipoFactor: TipoFactor;
  tasaOCuota?: string;
  base: string;
}

/**
 * The TrasladosDR/RetencionesDR for a (partial) payment of a document: each tax's Base is taken in
 * the proportion ImpPagado / document Total, BaseDR = Base × ImpPagado / Total and
 * ImporteDR = BaseDR × TasaOCuota, both rounded half up to 6 decimals (what pago20 allows).
 */
export function prorateDocumentTaxes(
  documentTotal: DecimalInput,
  impPagado: DecimalInput,
  taxes: DocumentTax[],
): PagoTaxInput[] {
  const total = toDecimal(documentTotal);
  if (total.isZero()) throw new TaxRuleError('El total del documento relacionado no puede ser cero');
  const share = toDecimal(impPagado).div(total);
  return taxes.map((t) => {
    const base = roundTo(toDecimal(t.base).times(share), P_DECIMALS);
    if (t.tipoFactor === 'Exento') return { impuesto: t.impuesto, tipoFactor: 'Exento', base: base.toFixed() };
    const tasa = toDecimal(t.tasaOCuota ?? '0');
    return {
      impuesto: t.impuesto,
      tipoFactor: t.tipoFactor,
      tasaOCuota: tasa.toFixed(6),
      base: base.toFixed(),
      importe: roundTo(base.times(tasa), P_DECIMALS).toFixed(),
    };
  });
}

interface Acc {
  tipo: 'T' | 'R';
  impuesto: Impuesto;
  tipoFactor: TipoFactor;
  tasa: string;
  base: Decimal;
  importe: Decimal;
}

function accumulate(map: Map<string, Acc>, tipo: 'T' | 'R', tax: PagoTaxInput, base: Decimal, importe: Decimal): void {
  const tasa = tipo === 'R' || tax.tipoFactor === 'Exento' ? '' : toDecimal(tax.tasaOCuota ?? '0').toFixed(6);
  const key = tipo === 'R' ? `R|${tax.impuesto}` : `T|${tax.impuesto}|${tax.tipoFactor}|${tasa}`;
  const acc = map.get(key) ?? { tipo, impuesto: tax.impuesto, tipoFactor: tax.tipoFactor, tasa, base: new Decimal(0), importe: new Decimal(0) };
  acc.base = acc.base.plus(base);
  acc.importe = acc.importe.plus(importe);
  map.set(key, acc);
}

function pagoTaxes(pago: PagoAmountsInput): Map<string, Acc> {
  const map = new Map<string, Acc>();
  for (const docto of pago.doctos) {
    const eq = toDecimal(docto.equivalenciaDR ?? '1');
    for (const t of docto.traslados ?? []) {
      accumulate(map, 'T', t, divide(toDecimal(t.base), eq), divide(toDecimal(t.importe ?? '0'), eq));
    }
    for (const r of docto.retenciones ?? []) {
      accumulate(map, 'R', r, new Decimal(0), divide(toDecimal(r.importe ?? '0'), eq));
    }
  }
  // ImpuestosP are the converted sums rounded half up to 6 decimals. CfdiUtils truncated them up to
  // 2023 and rounds since; the real documents in the fixtures (e.g. 14.9546528… → 14.954653) agree
  // with rounding, and so does the PAC validation of ImporteP limits.
  for (const acc of map.values()) {
    acc.base = roundTo(acc.base, P_DECIMALS);
    acc.importe = roundTo(acc.importe, P_DECIMALS);
  }
  return map;
}

/**
 * Pagos 2.0 arithmetic, as SAT's Guía de llenado and CfdiUtils' SumasPagos20 calculator do it:
 * per Pago, ImpuestosP = Σ (TrasladoDR|RetencionDR ÷ EquivalenciaDR) grouped and rounded half up
 * to 6 decimals, minimum Monto = Σ ImpPagado ÷ EquivalenciaDR truncated to MonedaP decimals; Totales =
 * Σ (ImpuestosP × TipoCambioP) rounded half up to 2 (MXN), MontoTotalPagos = Σ Monto × TipoCambioP.
 */
export function computePagos(pagos: PagoAmountsInput[]): PagosAmounts {
  const totals = new Map<string, Acc>();
  let montoTotal = new Decimal(0);
  const results = pagos.map((pago): PagoAmounts => {
    const decimalsP = currencyDecimals(pago.monedaP);
    const tipoCambio = toDecimal(pago.tipoCambioP ?? '1');
    const paid = sum(pago.doctos.map((d) => toPaymentCurrency(d.impPagado, d.equivalenciaDR ?? '1')));
    const montoMinimo = truncateTo(paid, decimalsP);
    const monto = pago.monto !== undefined ? toDecimal(pago.monto) : montoMinimo;
    if (monto.lessThan(montoMinimo)) {
      throw new TaxRuleError(`El monto del pago (${monto.toFixed()}) es menor que la suma de lo pagado (${montoMinimo.toFixed()})`);
    }
    const saldos = pago.doctos.map((d) =>
      impSaldoInsoluto(d.impSaldoAnt, d.impPagado, currencyDecimals(d.monedaDR ?? pago.monedaP)),
    );
    const taxes = pagoTaxes(pago);
    for (const [key, acc] of taxes) {
      const prev = totals.get(key);
      const base = acc.base.times(tipoCambio);
      const importe = acc.importe.times(tipoCambio);
      totals.set(key, prev ? { ...prev, base: prev.base.plus(base), importe: prev.importe.plus(importe) } : { ...acc, base, importe });
    }
    montoTotal = montoTotal.plus(monto.times(tipoCambio));
    const all = [...taxes.values()];
    return {
      monto: monto.toFixed(Math.max(decimalsP, monto.decimalPlaces())),
      montoMinimo: montoMinimo.toFixed(decimalsP),
      saldosInsolutos: saldos,
      traslados: all
        .filter((a) => a.tipo === 'T')
        .map((a) =>
          a.tipoFactor === 'Exento'
            ? { baseP: a.base.toFixed(P_DECIMALS), impuestoP: a.impuesto, tipoFactorP: 'Exento' }
            : {
                baseP: a.base.toFixed(P_DECIMALS),
                impuestoP: a.impuesto,
                tipoFactorP: a.tipoFactor,
                tasaOCuotaP: a.tasa,
                importeP: a.importe.toFixed(P_DECIMALS),
              },
        ),
      retenciones: all.filter((a) => a.tipo === 'R').map((a) => ({ impuestoP: a.impuesto, importeP: a.importe.toFixed(P_DECIMALS) })),
    };
  });
  return { totales: buildTotales(totals, montoTotal), pagos: results };
}

function buildTotales(totals: Map<string, Acc>, montoTotal: Decimal): PagosTotales {
  const mxn = (d: Decimal) => fixed(d, 2);
  const out: PagosTotales = { montoTotalPagos: mxn(montoTotal) };
  const ret = (imp: Impuesto) => totals.get(`R|${imp}`);
  const tr = (factor: TipoFactor, tasa: string) => totals.get(`T|002|${factor}|${tasa}`);
  const put = (k: keyof PagosTotales, v: Decimal | undefined) => {
    if (v !== undefined) out[k] = mxn(v);
  };
  put('totalRetencionesIVA', ret('002')?.importe);
  put('totalRetencionesISR', ret('001')?.importe);
  put('totalRetencionesIEPS', ret('003')?.importe);
  put('totalTrasladosBaseIVA16', tr('Tasa', '0.160000')?.base);
  put('totalTrasladosImpuestoIVA16', tr('Tasa', '0.160000')?.importe);
  put('totalTrasladosBaseIVA8', tr('Tasa', '0.080000')?.base);
  put('totalTrasladosImpuestoIVA8', tr('Tasa', '0.080000')?.importe);
  put('totalTrasladosBaseIVA0', tr('Tasa', '0.000000')?.base);
  put('totalTrasladosImpuestoIVA0', tr('Tasa', '0.000000')?.importe);
  put('totalTrasladosBaseIVAExento', tr('Exento', '')?.base);
  return out;
}
