import { Decimal, currencyDecimals, fixed, roundTo, toDecimal, truncateTo, type DocumentTax } from '@facturo/cfdi/money';
import type { PagoInput, DoctoRelacionadoInput } from '@facturo/cfdi/model';
import { fechaPagoAntesDeFactura } from '@facturo/contract';

/**
 * Pure Pagos 2.0 assembly for payment reception (spec §7.7, issue 13 §4): from the invoices as stored and
 * the payment the user typed, the pago20:Pago input for the engine's buildPagos20 (which computes
 * ImpSaldoInsoluto, ImpuestosP, Monto checks and Totales), or a Spanish refusal naming the field.
 */

/** An invoice (CFDI tipo I) being paid, as the store knows it. */
export interface PayableInvoice {
  uuid: string;
  serie?: string | null;
  folio?: string | null;
  /** Fecha of the invoice ('YYYY-MM-DDTHH:mm:ss', as written in its XML): no payment may be dated before its day. */
  fecha?: string;
  tipo: string;
  estado: string;
  metodoPago?: string | null;
  moneda: string;
  total: string;
  /** Open balance in the invoice currency (ImpSaldoAnt of the next payment). */
  saldo: string;
  /** How many payments it already has (NumParcialidad of the next one is this + 1). */
  pagosPrevios: number;
  rfcReceptor: string;
  /** Comprobante-level taxes of the invoice (each with its Base), prorated by ImpPagado / Total. */
  traslados: DocumentTax[];
  retenciones: DocumentTax[];
}

export interface PaymentForm {
  /** 'YYYY-MM-DDTHH:mm:ss'. */
  fechaPago: string;
  formaDePagoP: string;
  monedaP: string;
  tipoCambioP?: string;
  /** The amount received in MonedaP. */
  monto: string;
  numOperacion?: string;
  rfcEmisorCtaOrd?: string;
  ctaOrdenante?: string;
  rfcEmisorCtaBen?: string;
  ctaBeneficiario?: string;
}

/** One document of a payment: how much of it (in its own currency) and, across currencies, the equivalence. */
export interface PaidDocument {
  invoice: PayableInvoice;
  /** ImpPagado in the invoice's currency; for a single payment it is derived from Monto when absent. */
  impPagado?: string;
  /** Units of the invoice currency per unit of MonedaP. */
  equivalenciaDR?: string;
}

export class PaymentRefusedError extends Error {
  constructor(
    message: string,
    readonly field: string,
    readonly status = 422,
  ) {
    super(message);
    this.name = 'PaymentRefusedError';
  }
}

const refuse = (message: string, field: string, status?: number): never => {
  throw new PaymentRefusedError(message, field, status);
};

const label = (i: PayableInvoice) => (i.serie || i.folio ? `${i.serie ?? ''}${i.folio ?? ''} (${i.uuid})` : i.uuid);

function positive(value: string | undefined, field: string, what: string): Decimal {
  let d: Decimal;
  try {
    d = toDecimal(value ?? '');
  } catch {
    return refuse(`${what} no es un importe válido`, field);
  }
  if (!d.isFinite() || d.lessThanOrEqualTo(0)) refuse(`${what} debe ser mayor que cero`, field);
  return d;
}

/** Refusals that do not depend on the amounts: the invoice can receive a payment at all. */
export function checkPayable(i: PayableInvoice): void {
  if (i.tipo !== 'I') refuse(`El CFDI ${label(i)} no es una factura de ingreso: solo se registran pagos de facturas`, 'invoiceId');
  if (i.estado === 'cancelada') refuse(`La factura ${label(i)} está cancelada: no se le puede registrar un pago`, 'invoiceId');
  if (i.metodoPago !== 'PPD') {
    refuse(`La factura ${label(i)} es de pago en una sola exhibición (PUE): no lleva complemento de pago`, 'invoiceId');
  }
  if (toDecimal(i.saldo).lessThanOrEqualTo(0)) refuse(`La factura ${label(i)} ya está pagada: no tiene saldo pendiente`, 'invoiceId');
}

/**
 * ImpPagado of a single-invoice payment: Monto × EquivalenciaDR in the invoice's decimals, rounded half up
 * unless that would make Σ ImpPagado ÷ EquivalenciaDR exceed Monto (then truncated), as SAT's Monto check
 * requires Monto ≥ Σ ImpPagado ÷ EquivalenciaDR.
 */
export function impPagadoFromMonto(monto: Decimal, equivalenciaDR: Decimal, decimalsDR: number, decimalsP: number): Decimal {
  const rounded = roundTo(monto.times(equivalenciaDR), decimalsDR);
  const back = truncateTo(rounded.div(equivalenciaDR), decimalsP);
  return back.greaterThan(monto) ? truncateTo(monto.times(equivalenciaDR), decimalsDR) : rounded;
}

function checkForm(form: PaymentForm): { monto: Decimal; tipoCambioP?: string } {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(form.fechaPago)) {
    refuse('La fecha de pago debe tener el formato AAAA-MM-DDTHH:mm:ss', 'fechaPago');
  }
  const monto = positive(form.monto, 'monto', 'El monto');
  if (form.monedaP === 'MXN') return { monto, tipoCambioP: undefined };
  const tc = positive(form.tipoCambioP, 'tipoCambioP', 'El tipo de cambio del pago');
  return { monto, tipoCambioP: tc.toFixed() };
}

/**
 * Builds the one pago20:Pago of a payment over one or more invoices of the same customer.
 * @throws PaymentRefusedError (field and Spanish message) on PUE, cancelled, already paid, another
 *   customer's invoice, a currency mismatch without EquivalenciaDR, or an amount above an open balance.
 */
export function buildPayment(form: PaymentForm, documents: PaidDocument[]): PagoInput {
  if (documents.length === 0) refuse('Elige al menos una factura a pagar', 'documentos');
  const { monto, tipoCambioP } = checkForm(form);
  const decimalsP = currencyDecimals(form.monedaP);
  const seen = new Set<string>();
  const receptor = documents[0]!.invoice.rfcReceptor;
  const doctos = documents.map((d): DoctoRelacionadoInput => {
    const i = d.invoice;
    checkPayable(i);
    const early = i.fecha ? fechaPagoAntesDeFactura(form.fechaPago, i.fecha, label(i)) : null;
    if (early) refuse(early, 'fechaPago');
    if (seen.has(i.uuid)) refuse(`La factura ${label(i)} aparece dos veces en el pago`, 'documentos');
    seen.add(i.uuid);
    if (i.rfcReceptor !== receptor) refuse('Un pago a varias facturas debe ser de un solo cliente: las facturas tienen receptores distintos', 'documentos');
    const sameCurrency = i.moneda === form.monedaP;
    if (!sameCurrency && !d.equivalenciaDR) {
      refuse(`La moneda de la factura ${label(i)} (${i.moneda}) no es la del pago (${form.monedaP}): indica la equivalencia (EquivalenciaDR)`, 'equivalenciaDR');
    }
    const equivalencia = sameCurrency && !d.equivalenciaDR ? new Decimal(1) : positive(d.equivalenciaDR, 'equivalenciaDR', 'La equivalencia');
    const decimalsDR = currencyDecimals(i.moneda);
    const pagado =
      d.impPagado !== undefined
        ? roundTo(positive(d.impPagado, 'impPagado', 'El importe pagado'), decimalsDR)
        : impPagadoFromMonto(monto, equivalencia, decimalsDR, decimalsP);
    const saldo = toDecimal(i.saldo);
    if (pagado.greaterThan(saldo)) {
      refuse(`El pago (${fixed(pagado, decimalsDR)} ${i.moneda}) excede el saldo pendiente de la factura ${label(i)} (${fixed(saldo, decimalsDR)} ${i.moneda})`, d.impPagado !== undefined ? 'impPagado' : 'monto');
    }
    const taxed = i.traslados.length + i.retenciones.length > 0;
    return {
      idDocumento: i.uuid,
      serie: i.serie ?? undefined,
      folio: i.folio ?? undefined,
      monedaDR: i.moneda,
      // Same currency: "1" exactly (SAT). Otherwise as given, at most 10 decimals (pago20 t_Equivalencia).
      equivalenciaDR: sameCurrency && !d.equivalenciaDR ? '1' : equivalencia.toDecimalPlaces(10).toFixed(),
      numParcialidad: String(i.pagosPrevios + 1),
      impSaldoAnt: fixed(saldo, decimalsDR),
      impPagado: fixed(pagado, decimalsDR),
      objetoImpDR: taxed ? '02' : '01',
      documento: taxed ? { total: i.total, traslados: i.traslados, retenciones: i.retenciones } : undefined,
    };
  });
  const minimum = truncateTo(
    doctos.reduce((s, d) => s.plus(toDecimal(d.impPagado).div(toDecimal(d.equivalenciaDR ?? '1'))), new Decimal(0)),
    decimalsP,
  );
  if (monto.lessThan(minimum)) {
    refuse(`El monto (${fixed(monto, decimalsP)} ${form.monedaP}) es menor que la suma pagada a las facturas (${fixed(minimum, decimalsP)} ${form.monedaP})`, 'monto');
  }
  return {
    fechaPago: form.fechaPago,
    formaDePagoP: form.formaDePagoP,
    monedaP: form.monedaP,
    tipoCambioP,
    monto: fixed(monto, decimalsP),
    numOperacion: form.numOperacion || undefined,
    rfcEmisorCtaOrd: form.rfcEmisorCtaOrd || undefined,
    ctaOrdenante: form.ctaOrdenante || undefined,
    rfcEmisorCtaBen: form.rfcEmisorCtaBen || undefined,
    ctaBeneficiario: form.ctaBeneficiario || undefined,
    doctos,
  };
}
