import { Decimal, sum } from '@facturo/cfdi/money';
import { fechaPagoAntesDeFactura, type ApplyMultipleBody, type ApplyPayBody, type InvoiceRow } from '@facturo/contract';

/** What the payment modal edits; amounts stay text so nothing passes through a float. */
export interface PaymentFormValues {
  /** Calendar day the money arrived (YYYY-MM-DD) and its time (HH:mm): FechaPago of Pagos 2.0. */
  fecha: string;
  hora: string;
  formaDePagoP: string;
  monedaP: string;
  tipoCambioP: string;
  monto: string;
  numOperacion: string;
  rfcEmisorCtaOrd: string;
  ctaOrdenante: string;
  rfcEmisorCtaBen: string;
  ctaBeneficiario: string;
  /** Per invoice (uuid): the amount paid in the invoice's currency and, when the currencies differ, EquivalenciaDR. */
  documentos: Record<string, { impPagado: string; equivalenciaDR: string }>;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A fresh form for these invoices: today, now, transfer (03), the invoices' currency and their open balances. */
export function initialPaymentValues(invoices: InvoiceRow[], now = new Date()): PaymentFormValues {
  const moneda = invoices[0]?.moneda ?? 'MXN';
  const documentos = Object.fromEntries(invoices.map((i) => [i.uuid, { impPagado: i.saldo, equivalenciaDR: '' }]));
  return {
    fecha: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
    hora: `${pad(now.getHours())}:${pad(now.getMinutes())}`,
    formaDePagoP: '03',
    monedaP: moneda,
    tipoCambioP: '',
    monto: paidTotal(invoices.map((i) => i.saldo)),
    numOperacion: '', rfcEmisorCtaOrd: '', ctaOrdenante: '', rfcEmisorCtaBen: '', ctaBeneficiario: '',
    documentos,
  };
}

/** The sum of amounts typed so far (blank or malformed ones count as zero), with 2 decimals. */
export function paidTotal(amounts: string[]): string {
  const valid = amounts.map((a) => a.trim()).filter((a) => /^\d+(\.\d+)?$/.test(a));
  return (valid.length ? sum(valid.map((a) => new Decimal(a))) : new Decimal(0)).toFixed(2);
}

/** Whether a document needs EquivalenciaDR: its currency differs from the payment's (SAT Pagos 2.0, CRP20277). */
export const needsEquivalence = (invoice: Pick<InvoiceRow, 'moneda'>, monedaP: string) => invoice.moneda !== monedaP;

const common = (v: PaymentFormValues) => ({
  fechaPago: `${v.fecha}T${v.hora || '12:00'}:00`,
  formaDePagoP: v.formaDePagoP,
  monedaP: v.monedaP,
  tipoCambioP: v.monedaP === 'MXN' ? undefined : v.tipoCambioP.trim() || undefined,
  monto: v.monto.trim(),
  numOperacion: v.numOperacion.trim() || undefined,
  rfcEmisorCtaOrd: v.rfcEmisorCtaOrd.trim() || undefined,
  ctaOrdenante: v.ctaOrdenante.trim() || undefined,
  rfcEmisorCtaBen: v.rfcEmisorCtaBen.trim() || undefined,
  ctaBeneficiario: v.ctaBeneficiario.trim() || undefined,
});

/** The applyPay body (one invoice): ImpPagado is the whole Monto, converted by EquivalenciaDR when the currencies differ. */
export function singlePaymentBody(v: PaymentFormValues, invoice: InvoiceRow): ApplyPayBody {
  const eq = v.documentos[invoice.uuid]?.equivalenciaDR.trim();
  return { invoiceId: invoice.uuid, ...common(v), equivalenciaDR: needsEquivalence(invoice, v.monedaP) ? eq || undefined : undefined } as ApplyPayBody;
}

/** The applyMultiplePayments body: one payment, one DoctoRelacionado per invoice with its ImpPagado. */
export function multiplePaymentBody(v: PaymentFormValues, invoices: InvoiceRow[]): ApplyMultipleBody {
  return {
    ...common(v),
    documentos: invoices.map((i) => {
      const d = v.documentos[i.uuid] ?? { impPagado: '', equivalenciaDR: '' };
      return { invoiceId: i.uuid, impPagado: d.impPagado.trim(), equivalenciaDR: needsEquivalence(i, v.monedaP) ? d.equivalenciaDR.trim() || undefined : undefined };
    }),
  } as ApplyMultipleBody;
}

/**
 * Why these invoices cannot share one payment, or null: a payment complement has one receptor, so every
 * invoice must be the same customer's (SAT: one CFDI tipo P per receptor).
 */
export function multipleSelectionProblem(invoices: Pick<InvoiceRow, 'rfc'>[]): 'empty' | 'customers' | null {
  if (invoices.length === 0) return 'empty';
  return new Set(invoices.map((i) => i.rfc)).size > 1 ? 'customers' : null;
}

/**
 * The payment's date against the invoices it pays (issue 24): the server's words when the day is before an
 * invoice's Fecha (a payment received before the invoice is an anticipo, Anexo 20 Apéndice 6), else null.
 */
export function paymentDateProblem(v: Pick<PaymentFormValues, 'fecha' | 'hora'>, invoices: Pick<InvoiceRow, 'f_emi' | 'serie' | 'folio' | 'uuid'>[]): string | null {
  if (!v.fecha) return null;
  for (const i of invoices) {
    const name = i.serie || i.folio ? `${i.serie ?? ''}${i.folio ?? ''} (${i.uuid})` : i.uuid;
    const problem = fechaPagoAntesDeFactura(`${v.fecha}T${v.hora || '12:00'}:00`, i.f_emi, name);
    if (problem) return problem;
  }
  return null;
}
