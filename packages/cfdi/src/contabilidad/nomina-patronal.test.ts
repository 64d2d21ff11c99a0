import { describe, expect, test } from 'vitest';
import { Decimal } from '../money/decimal';
import { employerContributions, imssQuotas } from '../payroll/imss-quotas';
import { assertBalanced, defaultRules, polizaDeDocumento, polizaDeReversa, type DocumentoContable, type ResolverCuenta } from './rules';
import type { Poliza } from './types';

/**
 * Decision 323: the employer's IMSS, SAR and INFONAVIT quotas in the payroll póliza. The case is imss-quotas.test's
 * worked period (SBC 500, 15 days, June 2025, class I premium), whose employer figures per concept are checked by
 * hand there; the expected amounts are added here with decimals from those figures.
 */

const rules = defaultRules();
const resolver: ResolverCuenta = (rol) => rules.cuentas[rol];
const add = (xs: string[]) => xs.reduce((a, x) => a.plus(x), new Decimal(0));
// cuota fija, excedente, prestaciones en dinero, gastos médicos de pensionados, invalidez y vida, riesgo de trabajo, guarderías
const IMSS = add(['346.21', '26.50', '52.50', '78.75', '131.25', '40.77', '75.00']);
const RCV = add(['150.00', '481.65']); // retiro, cesantía y vejez (band 8)
const INFONAVIT = new Decimal('375.00');
const OBRERO = '187.77';
const ISR = '650.00';

const quotas = employerContributions(imssQuotas({ sbc: '500.00', days: '15', paymentDate: '2025-06-15', primaRiesgo: '0.54355' }));
const recibo: DocumentoContable = {
  uuid: 'A1B2C3D4-0000-4000-8000-000000000001', tipo: 'N', direction: 'emitido', fecha: '2025-06-15T12:00:00',
  rfcContraparte: 'XAXX010101000', moneda: 'MXN', tipoCambio: '1', subtotal: '7500.00',
  descuento: new Decimal(ISR).plus(OBRERO).toFixed(2), total: new Decimal('7500.00').minus(ISR).minus(OBRERO).toFixed(2),
  ivaTrasladado: '0', iepsTrasladado: '0', isrRetenido: ISR, ivaRetenido: '0', metodoPago: 'PUE', nominaImss: OBRERO, subsidio: '0',
  imssPatronal: quotas.imss, sarPatronal: quotas.rcv, infonavitPatronal: quotas.infonavit, serieFolio: 'NOM-1',
};

const line = (p: Poliza, cta: string) => p.lineas.filter((l) => l.numCta === cta);
const totals = (p: Poliza) => p.lineas.reduce((a, l) => ({ debe: a.debe.plus(l.debe), haber: a.haber.plus(l.haber) }), { debe: new Decimal(0), haber: new Decimal(0) });
const PATRONAL_CTAS = ['601.26', '601.27', '601.28', '211.01', '211.02', '211.03'];

describe('payroll póliza: employer quotas (decision 323)', () => {
  test('the receipt carries the engine\'s split, equal to the hand-checked figures', () => {
    expect(quotas).toEqual({ imss: IMSS.toFixed(2), rcv: RCV.toFixed(2), infonavit: INFONAVIT.toFixed(2) });
  });

  test('cargo to Cuotas al IMSS / Aportaciones al SAR / al INFONAVIT, abono to their 211 provisions; the entry balances', () => {
    const p = polizaDeDocumento(recibo, rules, resolver);
    expect(line(p, '601.26')).toMatchObject([{ debe: IMSS.toFixed(2), haber: '0.00' }]);
    expect(line(p, '601.28')).toMatchObject([{ debe: RCV.toFixed(2), haber: '0.00' }]);
    expect(line(p, '601.27')).toMatchObject([{ debe: INFONAVIT.toFixed(2), haber: '0.00' }]);
    expect(line(p, '211.01')).toMatchObject([{ debe: '0.00', haber: IMSS.toFixed(2) }]);
    expect(line(p, '211.02')).toMatchObject([{ debe: '0.00', haber: RCV.toFixed(2) }]);
    expect(line(p, '211.03')).toMatchObject([{ debe: '0.00', haber: INFONAVIT.toFixed(2) }]);
    // The worker's side is what it was: sueldos against ISR, IMSS obrero and the bank.
    expect(line(p, '601.01')).toMatchObject([{ debe: '7500.00' }]);
    expect(line(p, '216.01')).toMatchObject([{ haber: ISR }]);
    expect(line(p, '216.11')).toMatchObject([{ haber: OBRERO }]);
    expect(line(p, '102.01')).toMatchObject([{ haber: recibo.total }]);
    const t = totals(p);
    expect(t.debe.toFixed(2)).toBe(new Decimal('7500.00').plus(IMSS).plus(RCV).plus(INFONAVIT).toFixed(2));
    expect(t.debe.equals(t.haber)).toBe(true);
    expect(() => assertBalanced(p)).not.toThrow();
    // Each patronal line names the receipt (Anexo 24 CompNal), like the others.
    for (const cta of PATRONAL_CTAS) expect(line(p, cta)[0]!.comprobantes).toEqual([{ uuid: recibo.uuid, rfc: recibo.rfcContraparte, montoTotal: recibo.total }]);
  });

  test('the accounts come from the editable rules table', () => {
    const edited = { ...rules, cuentas: { ...rules.cuentas, imssPatronal: '601.84', imssPatronalPorPagar: '213.07' } };
    const p = polizaDeDocumento(recibo, edited, (rol) => edited.cuentas[rol]);
    expect(line(p, '601.26')).toEqual([]);
    expect(line(p, '601.84')).toMatchObject([{ debe: IMSS.toFixed(2) }]);
    expect(line(p, '213.07')).toMatchObject([{ haber: IMSS.toFixed(2) }]);
  });

  test('a worker without social security (no quotas) writes no patronal lines, and an old document without the fields neither', () => {
    for (const doc of [
      { ...recibo, imssPatronal: '0.00', sarPatronal: '0.00', infonavitPatronal: '0.00' },
      { ...recibo, imssPatronal: undefined, sarPatronal: undefined, infonavitPatronal: undefined },
    ]) {
      const p = polizaDeDocumento(doc, rules, resolver);
      for (const cta of PATRONAL_CTAS) expect(line(p, cta)).toEqual([]);
      const t = totals(p);
      expect(t.debe.toFixed(2)).toBe('7500.00');
      expect(t.debe.equals(t.haber)).toBe(true);
    }
  });

  test('the cancellation reverses the patronal lines too, in the month of the cancellation', () => {
    const r = polizaDeReversa(polizaDeDocumento(recibo, rules, resolver), '2025-07-03T10:00:00', 'Cancelación');
    expect(r.fecha).toBe('2025-07-03');
    expect(line(r, '601.26')).toMatchObject([{ debe: '0.00', haber: IMSS.toFixed(2) }]);
    expect(line(r, '211.01')).toMatchObject([{ debe: IMSS.toFixed(2), haber: '0.00' }]);
    expect(line(r, '601.28')).toMatchObject([{ haber: RCV.toFixed(2) }]);
    expect(line(r, '211.03')).toMatchObject([{ debe: INFONAVIT.toFixed(2) }]);
    const t = totals(r);
    expect(t.debe.equals(t.haber)).toBe(true);
  });
});
