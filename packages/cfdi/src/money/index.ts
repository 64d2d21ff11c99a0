/**
 * Decimal money and SAT tax arithmetic. Browser-safe on purpose (no node:* imports): the web
 * computes invoice totals with this very code, so what the user sees is what gets stamped.
 */
export { Decimal, toDecimal, countDecimals, sum, type DecimalInput } from './decimal';
export { roundTo, truncateTo, roundUpTo, fixed, formatTasaOCuota } from './rounding';
export { currencyDecimals } from './currency';
export { toCents, fromCents } from './cents';
export { formatMoney, formatPrice, parseAmount, parseAmountText, AmountParseError, type ParseAmountOptions } from './format';
export { IMPUESTO, TASAS, objetoImpTaxes, type Impuesto, type TipoFactor, type ObjetoImp } from './rates';
export {
  computeConcept,
  sumAmounts,
  TaxRuleError,
  type TaxInput,
  type TaxLine,
  type ConceptAmountsInput,
  type ConceptAmounts,
} from './concept';
export {
  computeTotals,
  totalsFromConcepts,
  groupTraslados,
  groupRetenciones,
  type DocumentTotals,
  type TrasladoTotal,
  type RetencionTotal,
} from './totals';
export { taxImporteLimits, conceptImporteLimits, isWithinLimits, type AmountLimits } from './limits';
export {
  computePagos,
  impSaldoInsoluto,
  toPaymentCurrency,
  prorateDocumentTaxes,
  type PagoTaxInput,
  type DoctoAmountsInput,
  type PagoAmountsInput,
  type PagoAmounts,
  type PagosAmounts,
  type PagosTotales,
  type TrasladoP,
  type RetencionP,
  type DocumentTax,
} from './pagos';
