import { expect, it } from 'vitest';
import { getCatalog, tasaOCuotaAllowed } from './index';

it('turns c_TasaOCuota rows into rules keyed by c_Impuesto', () => {
  const rules = getCatalog('c_TasaOCuota');
  expect(rules.find((r) => r.nombreImpuesto.startsWith('IVA Crédito'))).toMatchObject({ impuesto: '002', tipo: 'fijo', maximo: '0.080000', traslado: true });
  expect(rules.find((r) => r.impuesto === '001')).toMatchObject({ tipo: 'rango', minimo: '0.000000', maximo: '0.350000', retencion: true, traslado: false });
  expect(rules.find((r) => r.factor === 'Cuota')).toMatchObject({ impuesto: '003', maximo: '72.160500', vigenciaDesde: '2026-01-01' });
});

it('allows fixed IVA traslado values only', () => {
  const iva = (valor: string) => tasaOCuotaAllowed({ impuesto: '002', tipoFactor: 'Tasa', valor, tipo: 'traslado' });
  expect(iva('0.160000')).toBe(true);
  expect(iva('0.16')).toBe(true);
  expect(iva('0.080000')).toBe(true);
  expect(iva('0.000000')).toBe(true);
  expect(iva('0.150000')).toBe(false);
  expect(iva('abc')).toBe(false);
  expect(tasaOCuotaAllowed({ impuesto: 'IVA', tipoFactor: 'Tasa', valor: '0.160000', tipo: 'traslado' })).toBe(true);
});

it('allows IVA and ISR retención ranges inclusive', () => {
  const ret = (impuesto: string, valor: string) => tasaOCuotaAllowed({ impuesto, tipoFactor: 'Tasa', valor, tipo: 'retencion' });
  expect(ret('002', '0.106667')).toBe(true);
  expect(ret('002', '0.160000')).toBe(true);
  expect(ret('002', '0.160001')).toBe(false);
  expect(ret('001', '0.100000')).toBe(true);
  expect(ret('001', '0.350000')).toBe(true);
  expect(ret('001', '0.360000')).toBe(false);
  expect(tasaOCuotaAllowed({ impuesto: '001', tipoFactor: 'Tasa', valor: '0.100000', tipo: 'traslado' })).toBe(false);
});

it('handles IEPS tasas, cuota range with vigencia, and Exento', () => {
  expect(tasaOCuotaAllowed({ impuesto: '003', tipoFactor: 'Tasa', valor: '0.265000', tipo: 'retencion' })).toBe(true);
  expect(tasaOCuotaAllowed({ impuesto: '003', tipoFactor: 'Tasa', valor: '0.030000', tipo: 'retencion' })).toBe(false);
  expect(tasaOCuotaAllowed({ impuesto: '003', tipoFactor: 'Cuota', valor: '6.4555', tipo: 'traslado', fecha: '2026-03-01' })).toBe(true);
  expect(tasaOCuotaAllowed({ impuesto: '003', tipoFactor: 'Cuota', valor: '6.4555', tipo: 'traslado', fecha: '2025-03-01' })).toBe(false);
  expect(tasaOCuotaAllowed({ impuesto: '002', tipoFactor: 'Cuota', valor: '1.000000', tipo: 'traslado' })).toBe(false);
  expect(tasaOCuotaAllowed({ impuesto: '002', tipoFactor: 'Exento', tipo: 'traslado' })).toBe(true);
  expect(tasaOCuotaAllowed({ impuesto: '002', tipoFactor: 'Exento', tipo: 'retencion' })).toBe(false);
  expect(tasaOCuotaAllowed({ impuesto: '002', tipoFactor: 'Exento', valor: '0.000000', tipo: 'traslado' })).toBe(false);
});
