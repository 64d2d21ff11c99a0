import { describe, expect, it } from 'vitest';
import { Decimal } from '@facturo/cfdi/money';
import { computeMonthFigures, estimateIsr, paidShareMxn, type CashDocument, type CashPayment, type MonthInput } from './cash-basis';

const doc = (over: Partial<CashDocument>): CashDocument => ({
  direction: 'emitido', tipo: 'I', fecha: '2026-03-05T10:00:00', subtotal: '0', descuento: '0', tipoCambio: '1',
  ivaTrasladado: '0', isrRetenido: '0', ivaRetenido: '0', ...over,
});

/**
 * The hand-computed month of docs/cash-basis.md §Ejemplo (March 2026, persona moral 601):
 * - PUE invoice issued 5 Mar: base 10,000.00, IVA 1,600.00, ISR withheld 1,000.00, IVA withheld 1,066.67;
 * - PPD invoice 11,600.00 (base 10,000, IVA 1,600) half paid on 20 Mar: 5,800.00 → base 5,000.00, IVA 800.00;
 * - credit note (tipo E, PUE) issued 25 Mar: base 1,000.00, IVA 160.00;
 * - deducible expense received 12 Mar: subtotal 2,000.00 − discount 100.00 = 1,900.00, IVA 304.00.
 */
const month: MonthInput = {
  rfc: 'ABC010101AB1',
  regimen: '601',
  year: 2026,
  documents: [
    doc({ subtotal: '10000.00', ivaTrasladado: '1600.00', isrRetenido: '1000.00', ivaRetenido: '1066.67' }),
    doc({ tipo: 'E', fecha: '2026-03-25T09:00:00', subtotal: '1000.00', ivaTrasladado: '160.00' }),
    doc({ direction: 'recibido', fecha: '2026-03-12T18:00:00', subtotal: '2000.00', descuento: '100.00', ivaTrasladado: '304.00', deducible: true }),
  ],
  payments: [
    {
      direction: 'emitido', fechaPago: '2026-03-20T12:00:00', docTipo: 'I',
      ...paidShareMxn(
        { impPagado: '5800.00', equivalenciaDr: '1', tipoCambioP: '1' },
        { subtotal: '10000.00', descuento: '0', total: '11600.00', ivaTrasladado: '1600.00', isrRetenido: '0', ivaRetenido: '0' },
      ),
    },
  ],
  balances: [{ direction: 'emitido', saldo: '5800.00', tipoCambio: '1' }],
};

describe('computeMonthFigures — a hand-computed month to the cent', () => {
  const f = computeMonthFigures(month);

  it('ingresos: 10,000 PUE + 5,000 collected on the PPD − 1,000 credit note = 14,000.00', () => {
    expect(f.ingresosmes).toBe('14000.00');
    expect(f.ingresosmesDetalle.map((d) => d.valor)).toEqual(['10000.00', '5000.00', '-1000.00']);
  });

  it('gastos 1,900.00; IVA 1,600 + 800 − 160 collected − 304 creditable = 1,936.00; no non-IVA expenses', () => {
    expect(f.gastosmes).toBe('1900.00');
    expect(f.ivames).toBe('1936.00');
    expect(f.ivamesDetalle.map((d) => d.valor)).toEqual(['2240.00', '-304.00', '1066.67']);
    expect(f.montonoiva).toBe('0.00');
  });

  it('withholdings, balances and the ISR estimate (30 % × (14,000 − 1,900) − 1,000 = 2,630.00)', () => {
    expect(f).toMatchObject({ retisr: '1000.00', retivamesIngresos: '1066.67', isrretPel: '0.00', ivaretPel: '0.00', porcobrar: '5800.00', porpagar: '0.00', isrmes: '2630.00' });
  });

  it('daily points for the charts, sorted', () => {
    expect(f.diario).toEqual([
      { fecha: '2026-03-05', ingresos: '10000.00', gastos: '0.00', iva: '1600.00' },
      { fecha: '2026-03-12', ingresos: '0.00', gastos: '1900.00', iva: '-304.00' },
      { fecha: '2026-03-20', ingresos: '5000.00', gastos: '0.00', iva: '800.00' },
      { fecha: '2026-03-25', ingresos: '-1000.00', gastos: '0.00', iva: '-160.00' },
    ]);
  });
});

describe('computeMonthFigures — currencies and non-deductible expenses', () => {
  it('a USD invoice half paid in MXN: base 100 × 50/116 ÷ 0.05 = 862.07 MXN', () => {
    const payment: CashPayment = {
      direction: 'emitido', fechaPago: '2026-03-02T12:00:00', docTipo: 'I',
      ...paidShareMxn(
        { impPagado: '50.00', equivalenciaDr: '0.05', tipoCambioP: '1' },
        { subtotal: '100.00', descuento: '0', total: '116.00', ivaTrasladado: '16.00', isrRetenido: '0', ivaRetenido: '0' },
      ),
    };
    const f = computeMonthFigures({ ...month, documents: [], balances: [], payments: [payment] });
    expect(f.ingresosmes).toBe('862.07');
    expect(f.ivames).toBe('137.93');
  });

  it('a USD PUE document converts with its TipoCambio; a non-deductible, IVA-free expense counts in gastos and montonoiva only', () => {
    const f = computeMonthFigures({
      ...month,
      payments: [],
      balances: [{ direction: 'recibido', saldo: '10.00', tipoCambio: '17.25' }],
      documents: [
        doc({ subtotal: '100.00', ivaTrasladado: '16.00', tipoCambio: '17.2500' }),
        doc({ direction: 'recibido', subtotal: '300.00', deducible: false }),
      ],
    });
    expect(f).toMatchObject({ ingresosmes: '1725.00', gastosmes: '300.00', montonoiva: '300.00', ivames: '276.00', porpagar: '172.50' });
  });
});

describe('estimateIsr', () => {
  it('RESICO persona física: 1 % up to 25,000 of income, less ISR withheld; never negative', () => {
    expect(estimateIsr({ ingresos: new Decimal(20000), deducibles: new Decimal(5000), retisr: new Decimal(50), regimen: '626', rfc: 'PENJ800101AB1', year: 2026 }).toFixed(2)).toBe('150.00');
    expect(estimateIsr({ ingresos: new Decimal(20000), deducibles: new Decimal(0), retisr: new Decimal(500), regimen: '626', rfc: 'PENJ800101AB1', year: 2026 }).toFixed(2)).toBe('0.00');
  });
  it('a loss owes nothing', () => {
    expect(estimateIsr({ ingresos: new Decimal(100), deducibles: new Decimal(500), retisr: new Decimal(0), regimen: '612', rfc: 'PENJ800101AB1', year: 2026 }).toFixed(2)).toBe('0.00');
  });
});
