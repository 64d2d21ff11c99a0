import { describe, expect, it } from 'vitest';
import { matchMovements, type OpenCfdi } from './matching';
import { generateMonth } from './matching-fixture';

const inv = (over: Partial<OpenCfdi>): OpenCfdi => ({
  uuid: 'AAAAAAAA-0000-4000-A000-000000000001', direction: 'emitido', rfc: 'XAXX010101000', nombre: 'CLIENTE UNO SA DE CV', serie: 'A', folio: '101',
  fecha: '2026-03-01', moneda: 'MXN', saldoCents: 116_000, metodoPago: 'PPD', ...over,
});
const MXN = { moneda: 'MXN' };

describe('matching engine', () => {
  it('exact amount: the proposal names the invoice; a folio in the description raises the confidence', () => {
    const cfdis = [inv({}), inv({ uuid: 'BBBBBBBB-0000-4000-A000-000000000002', folio: '102', rfc: 'CLI010101AAA', nombre: 'OTRO' })];
    const [plain, named] = matchMovements([
      { id: 1, fecha: '2026-03-05', cents: 116_000, descripcion: 'SPEI', referencia: null },
      { id: 2, fecha: '2026-03-05', cents: 116_000, descripcion: 'SPEI CLIENTE A102', referencia: null },
    ], cfdis, MXN);
    // Movement 1 alone has two equal candidates: a halved confidence.
    expect(plain!.propuesta).toHaveLength(1);
    expect(plain!.propuesta[0]!.confianza).toBeLessThan(0.5);
    expect(named!.propuesta).toEqual([{ uuid: 'BBBBBBBB-0000-4000-A000-000000000002', cents: 116_000, confianza: expect.any(Number) }]);
  });

  it('deposits never match received CFDI, withdrawals never match issued ones; no match before the invoice date', () => {
    const cfdis = [inv({ direction: 'recibido' }), inv({ uuid: 'CCCCCCCC-0000-4000-A000-000000000003', fecha: '2026-03-10' })];
    const [dep, early, ret] = matchMovements([
      { id: 1, fecha: '2026-03-05', cents: 116_000, descripcion: 'X', referencia: null },
      { id: 2, fecha: '2026-03-09', cents: 116_000, descripcion: 'X', referencia: null },
      { id: 3, fecha: '2026-03-05', cents: -116_000, descripcion: 'X', referencia: null },
    ], cfdis, MXN);
    expect(dep!.propuesta).toEqual([]);
    expect(early!.propuesta).toEqual([]);
    expect(ret!.propuesta.map((a) => a.uuid)).toEqual(['AAAAAAAA-0000-4000-A000-000000000001']);
  });

  it('the sum of several invoices of the customer whose RFC is in the description', () => {
    const cfdis = [
      inv({ uuid: 'A1000000-0000-4000-A000-000000000001', saldoCents: 10_000, rfc: 'CLI010101AAA' }),
      inv({ uuid: 'A2000000-0000-4000-A000-000000000001', saldoCents: 20_050, rfc: 'CLI010101AAA' }),
      inv({ uuid: 'A3000000-0000-4000-A000-000000000001', saldoCents: 30_000, rfc: 'CLI010101AAA' }),
      inv({ uuid: 'A4000000-0000-4000-A000-000000000001', saldoCents: 40_050, rfc: 'OTR010101AAA' }),
    ];
    const [m] = matchMovements([{ id: 1, fecha: '2026-03-05', cents: 40_050, descripcion: 'PAGO CLI010101AAA', referencia: null }], cfdis, MXN);
    // The exact single (another customer's 40,050) exists but the RFC named points at the sum of two of its own.
    expect(m!.propuesta.map((a) => a.uuid).sort()).toEqual(['A4000000-0000-4000-A000-000000000001']);
    const [sum] = matchMovements([{ id: 1, fecha: '2026-03-05', cents: 60_050, descripcion: 'PAGO CLI010101AAA', referencia: null }], cfdis, MXN);
    expect(sum!.propuesta.map((a) => a.uuid).sort()).toEqual(['A1000000-0000-4000-A000-000000000001', 'A2000000-0000-4000-A000-000000000001', 'A3000000-0000-4000-A000-000000000001']);
    expect(sum!.propuesta.reduce((a, x) => a + x.cents, 0)).toBe(60_050);
  });

  it('a partial payment of a PPD invoice the description names, then the rest', () => {
    const [p1, p2] = matchMovements([
      { id: 1, fecha: '2026-03-05', cents: 50_000, descripcion: 'ABONO FACTURA A-101', referencia: null },
      { id: 2, fecha: '2026-03-20', cents: 66_000, descripcion: 'RESTO A101', referencia: null },
    ], [inv({})], MXN);
    expect(p1!.propuesta).toEqual([{ uuid: 'AAAAAAAA-0000-4000-A000-000000000001', cents: 50_000, confianza: expect.any(Number) }]);
    expect(p2!.propuesta).toEqual([{ uuid: 'AAAAAAAA-0000-4000-A000-000000000001', cents: 66_000, confianza: expect.any(Number) }]);
  });

  it('a USD invoice paid in pesos at the day’s rate within the tolerance', () => {
    const usd = inv({ moneda: 'USD', saldoCents: 100_000 });
    const rate = () => 17.5;
    const [within, outside] = matchMovements([
      { id: 1, fecha: '2026-03-05', cents: 1_752_000, descripcion: 'SPEI', referencia: null },
      { id: 2, fecha: '2026-03-05', cents: 1_900_000, descripcion: 'SPEI', referencia: null },
    ], [usd], { moneda: 'MXN', rate });
    expect(within!.propuesta.map((a) => a.uuid)).toEqual([usd.uuid]);
    expect(outside!.propuesta).toEqual([]);
  });

  it('converts at the payment day’s rate, not the invoice’s TipoCambio; its own TipoCambio only when the day’s rate is unknown', () => {
    const usd = inv({ moneda: 'USD', saldoCents: 100_000, fecha: '2026-01-10', tipoCambio: 17 });
    const fix = (m: string, fecha: string) => (m === 'USD' && fecha === '2026-03-05' ? 18.5 : null);
    const paid = [{ id: 1, fecha: '2026-03-05', cents: 1_850_000, descripcion: 'SPEI', referencia: null }];
    // 8.8 % above the invoice's own rate: outside a 3 % tolerance by TipoCambio, exact by the day's FIX.
    expect(matchMovements(paid, [usd], { moneda: 'MXN', rate: fix, fxTolerance: 0.03 })[0]!.propuesta.map((a) => a.uuid)).toEqual([usd.uuid]);
    expect(matchMovements(paid, [usd], { moneda: 'MXN', fxTolerance: 0.03 })[0]!.propuesta).toEqual([]);
    // No FIX for the day: the invoice's TipoCambio, within the tolerance.
    const later = [{ id: 2, fecha: '2026-03-06', cents: 1_710_000, descripcion: 'SPEI', referencia: null }];
    expect(matchMovements(later, [usd], { moneda: 'MXN', rate: fix, fxTolerance: 0.03 })[0]!.propuesta.map((a) => a.uuid)).toEqual([usd.uuid]);
  });

  it('a generated month of 300 invoices: the right invoice for at least 95 % of the movements', () => {
    const month = generateMonth({ invoices: 300, seed: 2026 });
    const results = matchMovements(month.movements, month.cfdis, { moneda: 'MXN', rate: (m) => (m === 'USD' ? month.usdRate : null) });
    let right = 0;
    for (const r of results) {
      const got = r.propuesta.map((a) => a.uuid).sort().join();
      if (got === [...month.expected.get(r.movementId)!].sort().join()) right++;
    }
    const precision = right / results.length;
    expect(precision).toBeGreaterThanOrEqual(0.95);
    // The three-invoice deposit is among them.
    const three = [...month.expected.entries()].find(([, u]) => u.length === 3)!;
    expect(results.find((r) => r.movementId === three[0])!.propuesta).toHaveLength(3);
  });
});
