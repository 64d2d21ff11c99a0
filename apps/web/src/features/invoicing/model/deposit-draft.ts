import { Decimal } from '@facturo/cfdi/money';
import { emptyConcept, type InvoiceForm } from './invoice-form';

/**
 * "Facturar este depósito" (issue 27 §4): a PUE invoice paid by transfer (forma de pago 03) whose one concept,
 * with IVA at 16 %, adds up to the deposit: the unit value is the amount ÷ 1.16 at 6 decimals (CFDI allows 6),
 * so the stamped total is the deposit's. The deposit's date and reference go in the observations.
 */
export function depositDraft(deposito: string, fecha: string, referencia: string | null): Partial<InvoiceForm> {
  const valorUnitario = new Decimal(deposito).div('1.16').toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed(6);
  return {
    metodoPago: 'PUE', formaPago: '03',
    observaciones: `Depósito del ${fecha}${referencia ? `, referencia ${referencia}` : ''}`,
    conceptos: [{ ...emptyConcept(), cantidad: '1', valorUnitario, iva: '0.160000', objetoImp: '02' }],
  };
}
