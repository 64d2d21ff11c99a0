import { describe, expect, it } from 'vitest';
import type { InvoiceRow } from '@facturo/contract';
import { initialPaymentValues, multiplePaymentBody, multipleSelectionProblem, paidTotal, paymentDateProblem, singlePaymentBody } from './payment-form';

const invoice = (over: Partial<InvoiceRow>): InvoiceRow => ({
  id: 1, uuid: 'AAAAAAAA-0000-4000-8000-000000000001', serie: 'F', folio: '1', rfc: 'XAXX010101000', client: 'Cliente', f_emi: '2026-11-02T10:00:00',
  f_pago: null, total: '1160.00', subtotal: '1000.00', saldo: '1160.00', moneda: 'MXN', tc: '1', estado: 'vigente', tipoDeComprobante: 'I',
  metodoPago: 'PPD', formaPago: '99', status: 1, notCount: false, pagoManual: false, blacklisted: false, hasRelated: false, madre_uuid: null,
  num_parcialidad: null, imp_saldo_ant: null, imp_pagado: null, imp_saldo_insoluto: null, metodo_pago_dr: null, tipo_cambio: null, documentos: 0, ...over,
});

describe('payment form', () => {
  it('starts with the open balances, today and a transfer', () => {
    const a = invoice({ saldo: '580.10' });
    const b = invoice({ uuid: 'AAAAAAAA-0000-4000-8000-000000000002', saldo: '1160.05' });
    const v = initialPaymentValues([a, b], new Date(2026, 10, 25, 9, 5));
    expect(v).toMatchObject({ fecha: '2026-11-25', hora: '09:05', formaDePagoP: '03', monedaP: 'MXN', monto: '1740.15' });
    expect(v.documentos[b.uuid]).toEqual({ impPagado: '1160.05', equivalenciaDR: '' });
  });

  it('sums amounts in decimal, ignoring what is not a number yet', () => {
    expect(paidTotal(['0.1', '0.2', ''])).toBe('0.30');
    expect(paidTotal(['abc'])).toBe('0.00');
  });

  it('sends EquivalenciaDR only when the payment currency differs from the invoice', () => {
    const usd = invoice({ moneda: 'USD', saldo: '100.00' });
    const v = { ...initialPaymentValues([usd]), monedaP: 'MXN', monto: '1850.00' };
    v.documentos[usd.uuid] = { impPagado: '100.00', equivalenciaDR: '0.054054' };
    expect(singlePaymentBody(v, usd)).toMatchObject({ invoiceId: usd.uuid, monto: '1850.00', equivalenciaDR: '0.054054', tipoCambioP: undefined });
    const same = initialPaymentValues([invoice({})]);
    same.documentos[invoice({}).uuid]!.equivalenciaDR = '2';
    expect(singlePaymentBody(same, invoice({})).equivalenciaDR).toBeUndefined();
  });

  it('builds FechaPago from the day and time, and one DoctoRelacionado per invoice', () => {
    const a = invoice({});
    const b = invoice({ uuid: 'AAAAAAAA-0000-4000-8000-000000000002' });
    const v = { ...initialPaymentValues([a, b]), fecha: '2026-11-20', hora: '16:30', monto: '1500.00', numOperacion: ' 123 ' };
    v.documentos[a.uuid]!.impPagado = '1000.00';
    v.documentos[b.uuid]!.impPagado = '500.00';
    const body = multiplePaymentBody(v, [a, b]);
    expect(body).toMatchObject({ fechaPago: '2026-11-20T16:30:00', monto: '1500.00', numOperacion: '123' });
    expect(body.documentos.map((d) => d.impPagado)).toEqual(['1000.00', '500.00']);
  });

  it('refuses a multiple payment over two customers', () => {
    expect(multipleSelectionProblem([])).toBe('empty');
    expect(multipleSelectionProblem([{ rfc: 'AAA010101AAA' }, { rfc: 'AAA010101AAA' }])).toBeNull();
    expect(multipleSelectionProblem([{ rfc: 'AAA010101AAA' }, { rfc: 'BBB010101BBB' }])).toBe('customers');
  });
});

describe('payment date against the invoices (issue 24)', () => {
  it('a day before an invoice it pays gives the server\'s message (anticipo, Anexo 20 Apéndice 6); the same day or later passes', () => {
    const a = invoice({ f_emi: '2026-11-27T10:15:00', serie: 'A', folio: '12' });
    expect(paymentDateProblem({ fecha: '2026-10-01', hora: '12:00' }, [a])).toMatch(/^La fecha de pago \(01\/10\/2026\) es anterior a la fecha de la factura A12 .*\(27\/11\/2026\).*Anexo 20, Apéndice 6/);
    expect(paymentDateProblem({ fecha: '2026-11-27', hora: '08:00' }, [a])).toBeNull();
    expect(paymentDateProblem({ fecha: '2026-11-30', hora: '' }, [invoice({}), a])).toBeNull();
    expect(paymentDateProblem({ fecha: '2026-11-26', hora: '' }, [invoice({}), a])).toContain('A12');
  });
});
