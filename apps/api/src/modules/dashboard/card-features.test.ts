import { describe, expect, it } from 'vitest';
import type { DashboardMonth } from '@facturo/contract';
import { maskByPlan } from './card-features';

const item = { titulo: 't', valor: '1.00', tooltip: '', link: '/incomes' };
const full: DashboardMonth = {
  ingresosmes: '100.00', gastosmes: '50.00', isrmes: '10.00', ivames: '16.00', montonoiva: '5.00', retisr: '1.00', retivamesIngresos: '1.07',
  isrretPel: '2.00', ivaretPel: '3.00', porcobrar: '40.00', porpagar: '30.00', ingresosmesDetalle: [item], ivamesDetalle: [item], gastosmesDetalle: [item], diario: [],
  impuestos: { estado: 'estimado', declaracionId: null, isrCalculado: true },
};

describe('maskByPlan', () => {
  it('keeps every card for a plan with all the features', () => {
    expect(maskByPlan(full, () => true, true)).toEqual(full);
  });

  it('the free plan (62, 63, 64) keeps incomes, expenses and taxes and loses withholdings, platforms and balances', () => {
    const free = new Set([62, 63, 64]);
    const out = maskByPlan(full, (id) => free.has(id), false);
    expect(out).toMatchObject({ ingresosmes: '100.00', gastosmes: '50.00', isrmes: '10.00', ivames: '16.00' });
    expect(out).toMatchObject({ retisr: null, retivamesIngresos: null, isrretPel: null, ivaretPel: null, porcobrar: null, porpagar: null, montonoiva: null });
    expect(out.ingresosmesDetalle).toEqual([item]);
  });

  it('a plan without the incomes card gets neither the figure nor its breakdown', () => {
    const out = maskByPlan(full, (id) => id !== 62, true);
    expect(out.ingresosmes).toBeNull();
    expect(out.ingresosmesDetalle).toEqual([]);
    expect(out.montonoiva).toBe('5.00');
  });
});
