import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath, readFixtureText } from '../../test/fixtures';
import { parseXml, NS, findChildren, findDescendant, findDescendants, type XmlElement } from '../xml';
import {
  computePagos,
  impSaldoInsoluto,
  prorateDocumentTaxes,
  toDecimal,
  TaxRuleError,
  type Impuesto,
  type PagoAmountsInput,
  type PagoTaxInput,
  type TipoFactor,
} from './index';

const P = NS.pago20;
const a = (e: XmlElement, n: string) => e.attrs.get(n);

function taxInput(e: XmlElement): PagoTaxInput {
  return {
    impuesto: a(e, 'ImpuestoDR') as Impuesto,
    tipoFactor: (a(e, 'TipoFactorDR') ?? 'Tasa') as TipoFactor,
    tasaOCuota: a(e, 'TasaOCuotaDR'),
    base: a(e, 'BaseDR') ?? '0',
    importe: a(e, 'ImporteDR'),
  };
}

/** Reads only the DoctoRelacionado data: everything else is what the calculator must produce. */
function pagoInputs(pagos: XmlElement): PagoAmountsInput[] {
  return findChildren(pagos, P, 'Pago').map((pago) => ({
    monedaP: a(pago, 'MonedaP')!,
    tipoCambioP: a(pago, 'TipoCambioP'),
    monto: a(pago, 'Monto'),
    doctos: findChildren(pago, P, 'DoctoRelacionado').map((d) => ({
      equivalenciaDR: a(d, 'EquivalenciaDR'),
      impSaldoAnt: a(d, 'ImpSaldoAnt')!,
      impPagado: a(d, 'ImpPagado')!,
      monedaDR: a(d, 'MonedaDR'),
      traslados: findDescendants(d, P, 'TrasladoDR').map(taxInput),
      retenciones: findDescendants(d, P, 'RetencionDR').map(taxInput),
    })),
  }));
}

const same = (expected: string | undefined, actual: string | undefined) => {
  expect(actual === undefined, `presence ${expected} vs ${actual}`).toBe(expected === undefined);
  if (expected !== undefined) expect(toDecimal(actual!).eq(toDecimal(expected)), `${actual} should equal ${expected}`).toBe(true);
};

const TOTALES = [
  'TotalRetencionesIVA', 'TotalRetencionesISR', 'TotalRetencionesIEPS',
  'TotalTrasladosBaseIVA16', 'TotalTrasladosImpuestoIVA16', 'TotalTrasladosBaseIVA8', 'TotalTrasladosImpuestoIVA8',
  'TotalTrasladosBaseIVA0', 'TotalTrasladosImpuestoIVA0', 'TotalTrasladosBaseIVAExento',
] as const;

const files = [
  'created-cfdi40-pago20-valid.xml',
  ...readdirSync(fixturePath('cfdi', 'pagos20-calculator'))
    .filter((f) => f.endsWith('.xml'))
    .map((f) => `pagos20-calculator/${f}`),
];

describe('computePagos reproduces the pagos20-calculator fixtures', () => {
  it('has the fixtures', () => expect(files.length).toBe(9));

  it.each(files)('%s', (file) => {
    const root = parseXml(readFixtureText('cfdi', ...file.split('/')));
    const pagos = findDescendant(root, P, 'Pagos')!;
    const result = computePagos(pagoInputs(pagos));

    const totales = findChildren(pagos, P, 'Totales')[0];
    expect(result.totales.montoTotalPagos).toBe(a(totales, 'MontoTotalPagos'));
    for (const name of TOTALES) {
      const key = (name[0].toLowerCase() + name.slice(1)) as keyof typeof result.totales;
      same(a(totales, name), result.totales[key]);
    }

    findChildren(pagos, P, 'Pago').forEach((pago, i) => {
      const computed = result.pagos[i];
      expect(toDecimal(computed.montoMinimo).lte(toDecimal(a(pago, 'Monto')!))).toBe(true);
      const docs = findChildren(pago, P, 'DoctoRelacionado');
      docs.forEach((d, j) => same(a(d, 'ImpSaldoInsoluto'), computed.saldosInsolutos[j]));
      const trasladosP = findDescendants(pago, P, 'TrasladoP');
      expect(computed.traslados).toHaveLength(trasladosP.length);
      for (const t of trasladosP) {
        const mine = computed.traslados.find(
          (c) =>
            c.impuestoP === a(t, 'ImpuestoP') &&
            c.tipoFactorP === a(t, 'TipoFactorP') &&
            (c.tasaOCuotaP === undefined ? a(t, 'TasaOCuotaP') === undefined : toDecimal(c.tasaOCuotaP).eq(a(t, 'TasaOCuotaP')!)),
        );
        expect(mine, `TrasladoP ${a(t, 'ImpuestoP')} ${a(t, 'TasaOCuotaP')}`).toBeDefined();
        same(a(t, 'BaseP'), mine!.baseP);
        same(a(t, 'ImporteP'), mine!.importeP);
      }
      const retencionesP = findDescendants(pago, P, 'RetencionP');
      expect(computed.retenciones).toHaveLength(retencionesP.length);
      for (const r of retencionesP) {
        same(a(r, 'ImporteP'), computed.retenciones.find((c) => c.impuestoP === a(r, 'ImpuestoP'))?.importeP);
      }
    });
  });
});

describe('Pagos 2.0 helpers', () => {
  it('computes the unpaid balance and refuses overpayment', () => {
    expect(impSaldoInsoluto('6591.64', '850', 2)).toBe('5741.64');
    expect(impSaldoInsoluto('100', '100', 2)).toBe('0.00');
    expect(() => impSaldoInsoluto('100', '100.01', 2)).toThrow(TaxRuleError);
  });

  it('prorates document taxes for a partial payment (Guía de llenado example)', () => {
    // Invoice 1160 = 1000 + IVA 160; half paid → BaseDR 500, ImporteDR 80
    expect(prorateDocumentTaxes('1160', '580', [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.16', base: '1000' }])).toEqual([
      { impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000', base: '500', importe: '80' },
    ]);
    const odd = prorateDocumentTaxes('6591.64', '850', [
      { impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.16', base: '5682.45' },
      { impuesto: '002', tipoFactor: 'Exento', base: '1' },
    ]);
    // 5682.45 × 850 / 6591.64 = 732.7588428…; × 0.16 = 117.2414148…
    expect(odd[0].base).toBe('732.758843');
    expect(odd[0].importe).toBe('117.241415');
    expect(odd[1]).toEqual({ impuesto: '002', tipoFactor: 'Exento', base: '0.128951' });
  });

  it('defaults Monto to the minimum and rejects a lower Monto', () => {
    const doc = { impSaldoAnt: '1160', impPagado: '580', traslados: [{ impuesto: '002' as const, tipoFactor: 'Tasa' as const, tasaOCuota: '0.160000', base: '500', importe: '80' }] };
    const r = computePagos([{ monedaP: 'MXN', doctos: [doc] }]);
    expect(r.pagos[0].monto).toBe('580.00');
    expect(r.totales).toEqual({ montoTotalPagos: '580.00', totalTrasladosBaseIVA16: '500.00', totalTrasladosImpuestoIVA16: '80.00' });
    expect(() => computePagos([{ monedaP: 'MXN', monto: '579.99', doctos: [doc] }])).toThrow(/menor que la suma/);
  });
});
