import { describe, expect, it } from 'vitest';
import { buildCfdi40, buildPagos20, readCfdi } from '@facturo/cfdi/model';
import { validateCfdi } from '@facturo/cfdi/validate';
import { buildPayment, PaymentRefusedError, type PayableInvoice, type PaymentForm } from './payment-builder';

const iva = (base: string) => ({ impuesto: '002' as const, tipoFactor: 'Tasa' as const, tasaOCuota: '0.160000', base });

const invoice = (over: Partial<PayableInvoice> = {}): PayableInvoice => ({
  uuid: 'AAAAAAAA-0000-4000-8000-000000000001',
  serie: 'F',
  folio: '10',
  tipo: 'I',
  estado: 'vigente',
  metodoPago: 'PPD',
  moneda: 'MXN',
  total: '1160.00',
  saldo: '1160.00',
  pagosPrevios: 0,
  rfcReceptor: 'URE180429TM6',
  traslados: [iva('1000.00')],
  retenciones: [],
  ...over,
});

const form = (over: Partial<PaymentForm> = {}): PaymentForm => ({
  fechaPago: '2026-03-14T12:00:00',
  formaDePagoP: '03',
  monedaP: 'MXN',
  monto: '400.00',
  ...over,
});

const refusal = (fn: () => unknown): PaymentRefusedError => {
  try {
    fn();
  } catch (e) {
    if (e instanceof PaymentRefusedError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
};

/** The built complement as attributes, for hand-computed comparisons. */
function built(pago: ReturnType<typeof buildPayment>) {
  const { amounts } = buildPagos20([pago]);
  return { doctos: pago.doctos, amounts };
}

describe('buildPayment — three partial payments of one invoice (1,160.00 = 1,000 + IVA 160)', () => {
  // Hand computation: BaseDR = 1000 × ImpPagado / 1160 (6 decimals, half up); ImporteDR = BaseDR × 0.16.
  const steps = [
    { saldo: '1160.00', previos: 0, monto: '400.00', base: '344.827586', importe: '55.172414', insoluto: '760.00', totBase: '344.83', totIva: '55.17' },
    { saldo: '760.00', previos: 1, monto: '400.00', base: '344.827586', importe: '55.172414', insoluto: '360.00', totBase: '344.83', totIva: '55.17' },
    { saldo: '360.00', previos: 2, monto: '360.00', base: '310.344828', importe: '49.655172', insoluto: '0.00', totBase: '310.34', totIva: '49.66' },
  ];
  it.each(steps)('payment of $monto on a balance of $saldo', (s) => {
    const pago = buildPayment(form({ monto: s.monto }), [{ invoice: invoice({ saldo: s.saldo, pagosPrevios: s.previos }) }]);
    const { doctos, amounts } = built(pago);
    expect(doctos[0]).toMatchObject({ numParcialidad: String(s.previos + 1), impSaldoAnt: s.saldo, impPagado: s.monto, equivalenciaDR: '1', objetoImpDR: '02' });
    expect(amounts.pagos[0]!.saldosInsolutos).toEqual([s.insoluto]);
    expect(amounts.pagos[0]!.traslados).toEqual([{ baseP: s.base, impuestoP: '002', tipoFactorP: 'Tasa', tasaOCuotaP: '0.160000', importeP: s.importe }]);
    expect(amounts.totales).toEqual({ totalTrasladosBaseIVA16: s.totBase, totalTrasladosImpuestoIVA16: s.totIva, montoTotalPagos: s.monto });
  });
  it('the three bases add up to the invoice base exactly', () => {
    expect((344.827586 * 2 + 310.344828).toFixed(6)).toBe('1000.000000');
  });
});

describe('buildPayment — one payment over three invoices of one customer', () => {
  const a = invoice({ uuid: 'AAAAAAAA-0000-4000-8000-00000000000A', folio: '1' });
  const b = invoice({ uuid: 'AAAAAAAA-0000-4000-8000-00000000000B', folio: '2', total: '580.00', saldo: '580.00', traslados: [iva('500.00')] });
  const c = invoice({ uuid: 'AAAAAAAA-0000-4000-8000-00000000000C', folio: '3', total: '2320.00', saldo: '2320.00', traslados: [iva('2000.00')] });

  it('pays A and B in full and half of C: bases 1000 + 500 + 1000, IVA 400, Monto 2,900.00', () => {
    const pago = buildPayment(form({ monto: '2900.00' }), [
      { invoice: a, impPagado: '1160.00' },
      { invoice: b, impPagado: '580.00' },
      { invoice: c, impPagado: '1160.00' },
    ]);
    const { amounts } = built(pago);
    expect(amounts.pagos[0]!.saldosInsolutos).toEqual(['0.00', '0.00', '1160.00']);
    expect(amounts.pagos[0]!.traslados).toEqual([{ baseP: '2500.000000', impuestoP: '002', tipoFactorP: 'Tasa', tasaOCuotaP: '0.160000', importeP: '400.000000' }]);
    expect(amounts.totales).toEqual({ totalTrasladosBaseIVA16: '2500.00', totalTrasladosImpuestoIVA16: '400.00', montoTotalPagos: '2900.00' });
  });

  it('refuses a Monto below what the documents add up to, and invoices of two customers', () => {
    expect(refusal(() => buildPayment(form({ monto: '1700.00' }), [{ invoice: a, impPagado: '1160.00' }, { invoice: b, impPagado: '580.00' }])).message)
      .toMatch(/menor que la suma pagada a las facturas \(1740.00 MXN\)/);
    expect(refusal(() => buildPayment(form({ monto: '2000.00' }), [{ invoice: a, impPagado: '100' }, { invoice: { ...b, rfcReceptor: 'XAXX010101000' }, impPagado: '100' }])).field)
      .toBe('documentos');
  });
});

describe('buildPayment — a USD invoice paid in MXN', () => {
  const usd = invoice({ moneda: 'USD', total: '116.00', saldo: '116.00', traslados: [iva('100.00')] });

  it('full payment: 2,320.00 MXN at EquivalenciaDR 0.05 pays 116.00 USD; ImpuestosP in MXN', () => {
    const pago = buildPayment(form({ monto: '2320.00' }), [{ invoice: usd, equivalenciaDR: '0.05' }]);
    const { doctos, amounts } = built(pago);
    expect(doctos[0]).toMatchObject({ monedaDR: 'USD', equivalenciaDR: '0.05', impPagado: '116.00', impSaldoAnt: '116.00' });
    expect(amounts.pagos[0]!.traslados[0]).toMatchObject({ baseP: '2000.000000', importeP: '320.000000' });
    expect(amounts.totales).toEqual({ totalTrasladosBaseIVA16: '2000.00', totalTrasladosImpuestoIVA16: '320.00', montoTotalPagos: '2320.00' });
  });

  it('partial: 1,000.00 MXN pays 50.00 USD; BaseDR 43.103448, ImporteDR 6.896552; BaseP 862.068960', () => {
    const pago = buildPayment(form({ monto: '1000.00' }), [{ invoice: usd, equivalenciaDR: '0.05' }]);
    const { amounts } = built(pago);
    expect(pago.doctos[0]!.impPagado).toBe('50.00');
    expect(amounts.pagos[0]!.saldosInsolutos).toEqual(['66.00']);
    expect(amounts.pagos[0]!.traslados[0]).toMatchObject({ baseP: '862.068960', importeP: '137.931040' });
    expect(amounts.totales).toMatchObject({ totalTrasladosBaseIVA16: '862.07', totalTrasladosImpuestoIVA16: '137.93', montoTotalPagos: '1000.00' });
  });

  it('an equivalence with a long quotient never makes Σ ImpPagado ÷ Equivalencia exceed Monto', () => {
    const pago = buildPayment(form({ monto: '2030.00' }), [{ invoice: usd, equivalenciaDR: '0.0571428571' }]);
    expect(pago.doctos[0]!.impPagado).toBe('116.00');
    expect(() => buildPagos20([pago])).not.toThrow();
  });

  it('refuses the currency mismatch without EquivalenciaDR', () => {
    const e = refusal(() => buildPayment(form({ monto: '2320.00' }), [{ invoice: usd }]));
    expect(e).toMatchObject({ field: 'equivalenciaDR', message: expect.stringMatching(/\(USD\) no es la del pago \(MXN\)/) });
  });
});

describe('buildPayment — refusals', () => {
  it('overpayment, PUE, cancelled, already paid, missing exchange rate, bad date', () => {
    expect(refusal(() => buildPayment(form({ monto: '1160.01' }), [{ invoice: invoice() }])).message).toMatch(/excede el saldo pendiente de la factura F10/);
    expect(refusal(() => buildPayment(form(), [{ invoice: invoice({ metodoPago: 'PUE' }) }])).message).toMatch(/\(PUE\)/);
    expect(refusal(() => buildPayment(form(), [{ invoice: invoice({ estado: 'cancelada' }) }])).message).toMatch(/está cancelada/);
    expect(refusal(() => buildPayment(form(), [{ invoice: invoice({ saldo: '0' }) }])).message).toMatch(/ya está pagada/);
    expect(refusal(() => buildPayment(form({ monedaP: 'USD' }), [{ invoice: invoice(), equivalenciaDR: '20' }])).field).toBe('tipoCambioP');
    expect(refusal(() => buildPayment(form({ fechaPago: '14/03/2026' }), [{ invoice: invoice() }])).field).toBe('fechaPago');
  });
});

describe('buildPayment — a payment cannot precede the invoice it pays (issue 24)', () => {
  it('FechaPago 2026-10-01 for an invoice of 2026-11-27 is refused on fechaPago, pointing to Anexo 20 Apéndice 6', () => {
    const e = refusal(() => buildPayment(form({ fechaPago: '2026-10-01T12:00:00' }), [{ invoice: invoice({ fecha: '2026-11-27T10:15:00' }) }]));
    expect(e.field).toBe('fechaPago');
    expect(e.message).toBe('La fecha de pago (01/10/2026) es anterior a la fecha de la factura F10 (AAAAAAAA-0000-4000-8000-000000000001) (27/11/2026): un pago recibido antes de emitir la factura es un anticipo. Sigue el procedimiento de anticipos del Anexo 20, Apéndice 6: factura el anticipo, relaciónalo (TipoRelacion 07) en la factura del total y emite la nota de crédito por el anticipo aplicado.');
  });

  it('any invoice of a multiple payment counts; the same day (earlier hour) and later days pass', () => {
    const early = invoice({ uuid: 'AAAAAAAA-0000-4000-8000-000000000002', folio: '11', fecha: '2026-11-28T08:00:00' });
    expect(refusal(() => buildPayment(form({ fechaPago: '2026-11-27T12:00:00', monto: '800.00' }), [
      { invoice: invoice({ fecha: '2026-11-01T10:00:00' }), impPagado: '400.00' }, { invoice: early, impPagado: '400.00' },
    ])).message).toMatch(/factura F11 .*\(28\/11\/2026\)/);
    expect(buildPayment(form({ fechaPago: '2026-11-27T07:00:00' }), [{ invoice: invoice({ fecha: '2026-11-27T10:15:00' }) }]).fechaPago).toBe('2026-11-27T07:00:00');
    expect(buildPayment(form({ fechaPago: '2026-12-02T07:00:00' }), [{ invoice: invoice({ fecha: '2026-11-27T10:15:00' }) }]).doctos).toHaveLength(1);
  });
});

describe('the stamped-to-be CFDI tipo P passes the engine’s offline validator', () => {
  it('builds a CFDI 4.0 P with the payment and validates without errors', () => {
    const pago = buildPayment(form({ monto: '400.00' }), [{ invoice: invoice() }]);
    const { root } = buildCfdi40({
      tipoDeComprobante: 'P',
      fecha: '2026-03-15T10:00:00',
      lugarExpedicion: '42501',
      emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
      receptor: { rfc: 'URE180429TM6', nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', domicilioFiscalReceptor: '86991', regimenFiscalReceptor: '601', usoCFDI: 'CP01' },
      noCertificado: '30001000000500003416',
      sello: 'AAAA',
      certificado: 'AAAA',
      pagos: [pago],
    });
    const errors = validateCfdi(root).filter((i) => i.severity === 'error' && !/Sello|Certificado/i.test(i.field ?? ''));
    expect(errors).toEqual([]);
    expect(readCfdi(root).pagos?.pagos[0]?.doctos[0]?.impSaldoInsoluto).toBe('760.00');
  });
});
